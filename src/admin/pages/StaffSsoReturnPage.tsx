import { Alert, Link, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Waiting } from '../WorkDialog';
import { AuthCard } from './AuthCard';

/**
 * /login/oidc, where the organisation's identity provider sends the browser back: its answer (the query) is posted
 * once and taken out of the address bar, then the sign-in completes as the password's does, or the server's
 * translated reason is shown with the way back to the sign-in page.
 */
export function StaffSsoReturnPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The answer as the page opened with it: the address loses it at once.
  const [answer] = useState(search);
  const [failure, setFailure] = useState<string | null>(null);
  const error = answer ? failure : translate('app.sso.no_answer');
  // The code in the answer works once: a second post (a re-render, React's double effects) would only fail.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    // Neither a reload nor the history keeps the spent answer.
    void navigate(pathname, { replace: true });
    if (answer) login({ sso_callback: answer }, '/').catch((e: Error) => setFailure(e.message || translate('errors.generic')));
  }, [answer, login, navigate, pathname, translate]);

  return (
    <AuthCard title={translate('app.sso.title')}>
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
            {translate('app.login.back')}
          </Link>
        </Stack>
      ) : (
        <Waiting label={translate('app.sso.signing_in')} />
      )}
    </AuthCard>
  );
}
