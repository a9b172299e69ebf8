import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { HttpError, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import { AuthCard } from './AuthCard';

/** Opened from the e-mailed link; only submitting the form spends the token. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string; expired?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFieldErrors({});
    try {
      const { message: text } = await dataProvider.resetPassword(token, password, confirmation);
      setMessage({ ok: true, text });
    } catch (error) {
      const errors: Record<string, string> = error instanceof HttpError ? (errorBody(error)?.errors ?? {}) : {};
      setFieldErrors(errors);
      setMessage({ ok: false, text: (error as Error).message, expired: 'token' in errors });
    } finally {
      setBusy(false);
    }
  };

  /** The new password and its confirmation, each with its error from the server beside it. */
  const newPassword = (name: 'password' | 'password_confirmation', value: string, set: (value: string) => void) => (
    <TextField
      label={translate(`app.reset.${name}`)}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!!fieldErrors[name]}
      helperText={fieldErrors[name]}
      required
      autoFocus={name === 'password'}
      fullWidth
    />
  );

  if (message?.ok) {
    return (
      <AuthCard title={translate('app.reset.title')}>
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {message.text}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          {translate('app.login.submit')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('app.reset.title')} intro={translate('app.reset.intro')}>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
        {message && (
          <Alert severity="error" role="alert">
            {message.text}{' '}
            {message.expired && (
              <Link component={RouterLink} to="/forgot-password">
                {translate('app.reset.request_new')}
              </Link>
            )}
          </Alert>
        )}
        {newPassword('password', password, setPassword)}
        {newPassword('password_confirmation', confirmation, setConfirmation)}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {translate('app.reset.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
