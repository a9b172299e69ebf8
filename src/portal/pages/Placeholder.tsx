import { Alert, Typography } from '@mui/material';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';

/** A page whose feature is still being built: its title, what it will do, and that it is coming. */
export function Placeholder({ page, params }: { page: string; params?: Record<string, unknown> }) {
  const { t } = useI18n();
  const title = t(`portal.${page}.title`);
  usePageTitle(title);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t(`portal.${page}.coming`, params)}</Typography>
      <Alert severity="info">{t('portal.coming')}</Alert>
    </>
  );
}
