import SearchOffIcon from '@mui/icons-material/SearchOff';
import { StatusScreen } from './StatusScreen';

export default function NotFoundPage() {
  return <StatusScreen code="404" texts="not_found" icon={<SearchOffIcon color="disabled" sx={{ fontSize: 64 }} />} />;
}
