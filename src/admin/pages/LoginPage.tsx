import { Alert, Button, CircularProgress, Divider, Link, Stack, TextField } from '@mui/material';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useDataProvider, useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SecondFactorNeeded } from '../../providers/authProvider';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { useStaffQuery } from '../useStaffQuery';
import { Waiting } from '../WorkDialog';
import { AuthCard } from './AuthCard';
import { browserLocation } from './leavePage';
import { SecondFactorStep } from './SecondFactorStep';

// Few sign-ins enrol a second factor, so its screens load only then.
const SecondFactorEnrolment = lazy(() => import('../security/SecondFactorEnrolment'));

type Step = 'password' | 'verify' | 'enrol';

/**
 * Staff sign-in. The server's translated message is shown above the form (credentials, disabled, too many attempts).
 * A password that calls for the second factor leads on, in the same card, to its code or, where the foundation
 * requires one and the user has none yet, to its enrolment. The organisation's identity provider, when set up, is
 * offered above the password.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email, password });
    } catch (e) {
      if (e instanceof SecondFactorNeeded) {
        setPassword('');
        setStep(e.step);
      } else {
        setError((e as Error).message || translate('errors.generic'));
      }
      setBusy(false);
    }
  };
  /** Back to the password, with why (a spent challenge) or without (the person went back). */
  const backToPassword = (message: string | null) => {
    setStep('password');
    setError(message);
  };

  if (step === 'verify') {
    return (
      <AuthCard title={translate('app.login.title')}>
        <SecondFactorStep onBack={backToPassword} />
      </AuthCard>
    );
  }
  if (step === 'enrol') {
    return (
      <AuthCard title={translate('app.second_factor.enrol_title')}>
        <Suspense fallback={<Waiting label={translate('app.second_factor.preparing')} />}>
          <SecondFactorEnrolment
            intro={translate('app.second_factor.enrol_required')}
            doneLabel={translate('app.second_factor.continue')}
            // Marking the codes saved during sign-in started the session; without one the sign-in starts again.
            onDone={(expiresIn) =>
              expiresIn === undefined ? backToPassword(translate('errors.generic')) : login({ expires_in: expiresIn })
            }
            onChallengeExpired={backToPassword}
          />
        </Suspense>
        <Link component="button" type="button" onClick={() => backToPassword(null)} sx={{ display: 'block', mx: 'auto', mt: 2 }}>
          {translate('app.login.back')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('app.login.title')} intro={translate('app.login.intro')}>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <SingleSignOn onError={setError} />
        <TextField
          label={translate('app.login.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoFocus
          fullWidth
        />
        <TextField
          label={translate('app.login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {translate('app.login.submit')}
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          {translate('app.login.forgot')}
        </Link>
      </Stack>
    </AuthCard>
  );
}

/**
 * "Sign in with …", when the server offers the organisation's identity provider (nothing while it is asked or when it
 * is not): the browser goes there, and comes back to the return page (StaffSsoReturnPage).
 */
function SingleSignOn({ onError }: { onError: (message: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const offer = useStaffQuery(['sign-in'], 'getStaffSso', []);
  const [leaving, setLeaving] = useState(false);
  if (!offer.data) return null;

  const start = async () => {
    setLeaving(true);
    try {
      browserLocation.assign((await dataProvider.startStaffSso()).url);
    } catch (e) {
      onError((e as Error).message || translate('errors.generic'));
      setLeaving(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        onClick={() => void start()}
        disabled={leaving}
        startIcon={leaving ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {translate('app.login.sso', { name: offer.data.name })}
      </Button>
      <Divider>{translate('app.login.or_password')}</Divider>
    </>
  );
}
