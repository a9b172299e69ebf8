import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../i18n';

export default function NotFoundPage() {
  const { t } = useI18n();
  usePageTitle(t('portal.not_found.title'));
  return (
    <StatusPage
      code="404"
      title={t('portal.not_found.title')}
      text={t('portal.not_found.text')}
      icon={<SearchOffIcon color="disabled" sx={{ fontSize: 64 }} />}
      action={{ label: t('portal.not_found.home'), component: RouterLink, to: '/' }}
    />
  );
}
