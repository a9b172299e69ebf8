import { Alert, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from '../router';
import { usePageTitle } from '../../components/usePageTitle';
import { portalPath, takeDestination } from '../afterLogin';
import { useI18n } from '../../components/i18n';
import { auth } from '../providers';
import { portalApi } from '../portalApi';

/**
 * /logga-in/:token, opened from the e-mailed link. Opening it does nothing (mail scanners open links too); only the
 * Continue button spends the link and signs in. `?next=` (a path inside the portal, e.g. a dialogue) is where to go
 * then; an applicant already signed in goes there at once and the link stays unspent.
 */
export default function ContinuePage() {
  const { t } = useI18n();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = portalPath(params.get('next'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('portal.continue.title'));

  const proceed = async () => {
    setBusy(true);
    setError(null);
    try {
      auth.session.start((await portalApi.signIn(token)).expires_in);
      // A destination remembered by /register is used up either way; the link's own `next` comes first.
      const remembered = takeDestination();
      void navigate(next ?? remembered, { replace: true });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  if (auth.session.isLoggedIn()) return <Navigate to={next ?? '/'} replace />;
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
