import { Alert, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { fieldError, statusOf, typedCode } from '../security/failures';
import { CodeField } from '../security/SecretField';

/**
 * The sign-in's second step, after the password: the code from the authenticator app or, switched to by a link, a
 * recovery code. A challenge that is spent or has expired (401) sends back to the password with the server's message.
 */
export function SecondFactorStep({ onBack }: { onBack: (message: string | null) => void }) {
  const translate = useTranslate();
  const login = useLogin();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (key: string) => translate(`app.second_factor.${key}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // On success react-admin goes on to the page asked for, and this step is gone.
      await login(recovery ? { recovery_code: value.trim() } : { code: typedCode(value) });
    } catch (failure) {
      const message = (failure as Error).message || translate('errors.generic');
      if (statusOf(failure) === 401) return onBack(message);
      setError({ message, field: fieldError(failure, recovery ? 'recovery_code' : 'code') });
      setBusy(false);
    }
  };
  const switchField = () => {
    setRecovery(!recovery);
    setValue('');
    setError(null);
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      <Typography>{t(recovery ? 'recovery_intro' : 'verify_intro')}</Typography>
      {error && !error.field && (
        <Alert severity="error" role="alert">
          {error.message}
        </Alert>
      )}
      {recovery ? (
        <TextField
          key="recovery_code"
          label={t('recovery_code')}
          name="recovery_code"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={!!error?.field}
          helperText={error?.field}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          required
          fullWidth
        />
      ) : (
        <CodeField key="code" label={t('code')} value={value} onChange={setValue} error={error?.field} autoFocus />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy || !value.trim()}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {translate('app.login.submit')}
      </Button>
      <Link component="button" type="button" onClick={switchField} sx={{ alignSelf: 'center' }}>
        {t(recovery ? 'use_app' : 'use_recovery_code')}
      </Link>
      <Link component="button" type="button" onClick={() => onBack(null)} sx={{ alignSelf: 'center' }}>
        {translate('app.login.back')}
      </Link>
    </Stack>
  );
}
