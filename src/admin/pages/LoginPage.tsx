import { Alert, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard';

/** Staff sign-in. The server's translated message is shown above the form (credentials, disabled, too many attempts). */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
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
      setError((e as Error).message || translate('errors.generic'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={translate('app.login.title')} intro={translate('app.login.intro')}>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
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
