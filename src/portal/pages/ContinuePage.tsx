import { Alert, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { takeDestination } from '../afterLogin';
import { useI18n } from '../../components/i18n';
import { auth, http } from '../providers';

/**
 * /logga-in/:token, opened from the e-mailed link. Opening it does nothing (mail scanners open links too); only the
 * Continue button spends the link and signs in.
 */
export default function ContinuePage() {
  const { t } = useI18n();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('portal.continue.title'));

  const proceed = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await http.post<{ data: { expires_in: number } }>('/frontend-users/login', { data: { token } });
      auth.session.start(response.data.data.expires_in);
      void navigate(takeDestination(), { replace: true });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Card sx={{ maxWidth: 520, mx: 'auto' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('portal.continue.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('portal.continue.intro')}</Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}{' '}
            <Link component={RouterLink} to="/register">
              {t('portal.continue.new_link')}
            </Link>
          </Alert>
        )}
        <Button variant="contained" size="large" onClick={() => void proceed()} disabled={busy} autoFocus>
          {t('portal.continue.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
