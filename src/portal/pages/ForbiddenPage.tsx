import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../i18n';

export default function ForbiddenPage() {
  const { t } = useI18n();
  usePageTitle(t('portal.forbidden.title'));
  return (
    <StatusPage
      code="403"
      title={t('portal.forbidden.title')}
      text={t('portal.forbidden.text')}
      icon={<LockOutlinedIcon color="disabled" sx={{ fontSize: 64 }} />}
      action={{ label: t('portal.forbidden.home'), component: RouterLink, to: '/' }}
    />
  );
}
