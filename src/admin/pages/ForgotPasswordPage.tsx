import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { AuthCard } from './AuthCard';

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await dataProvider.forgotPassword(email);
      setResult({ ok: true, message });
    } catch (error) {
      setResult({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={translate('app.forgot.title')} intro={translate('app.forgot.intro')}>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </Alert>
        )}
        <TextField
          label={translate('app.login.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoFocus
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {translate('app.forgot.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {translate('app.forgot.back')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
