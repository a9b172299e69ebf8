import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';
import { usePageTitle } from '../../components/usePageTitle';

export function NotFoundPage() {
  const translate = useTranslate();
  const title = translate('app.not_found.title');
  usePageTitle(title);
  return (
    <>
      <Title title={title} />
      <StatusPage
        code="404"
        title={title}
        text={translate('app.not_found.text')}
        icon={<SearchOffIcon color="disabled" sx={{ fontSize: 64 }} />}
        action={{ label: translate('app.not_found.home'), component: RouterLink, to: '/' }}
      />
    </>
  );
}
