import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from '../router';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';

/** /tack?name=<application type>&reference=<its reference>: the application has arrived, its reference; what happens next. */
export default function ThankYouPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const name = params.get('name');
  const reference = params.get('reference');
  usePageTitle(t('portal.thanks.title'));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('portal.thanks.title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{name ? t('portal.thanks.received', { name }) : t('portal.thanks.received_unnamed')}</Typography>
        {reference && (
          <Typography sx={{ mb: 1 }}>
            {t('portal.thanks.reference')} <strong>{reference}</strong>
          </Typography>
        )}
        <Typography sx={{ mb: 3 }}>{t('portal.thanks.next')}</Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/" variant="contained">
            {t('portal.thanks.dashboard')}
          </Button>
          <Button component={RouterLink} to="/vanliga-fragor">
            {t('portal.thanks.faq')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
