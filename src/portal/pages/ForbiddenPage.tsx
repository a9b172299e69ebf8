import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { StatusScreen } from './StatusScreen';

export default function ForbiddenPage() {
  return <StatusScreen code="403" texts="forbidden" icon={<LockOutlinedIcon color="disabled" sx={{ fontSize: 64 }} />} />;
}
