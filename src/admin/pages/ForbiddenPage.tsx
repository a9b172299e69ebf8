import LockIcon from '@mui/icons-material/Lock';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';
import { usePageTitle } from '../../components/usePageTitle';

export function ForbiddenPage() {
  const translate = useTranslate();
  const title = translate('app.forbidden.title');
  usePageTitle(title);
  return (
    <>
      <Title title={title} />
      <StatusPage
        code="403"
        title={title}
        text={translate('app.forbidden.text')}
        icon={<LockIcon color="disabled" sx={{ fontSize: 64 }} />}
        action={{ label: translate('app.forbidden.home'), component: RouterLink, to: '/' }}
      />
    </>
  );
}
