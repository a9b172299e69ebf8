import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from '../router';
import { attributeLabel } from '../../../resources/attributeLabel';
import { email } from '../../../resources/validators';
import { usePageTitle } from '../../components/usePageTitle';
import type { AccountOutcome } from '../../providers/erasure';
import { ApiError } from '../../providers/httpClient';
import { rememberDestination } from '../afterLogin';
import { useI18n } from '../../components/i18n';
import { TextInput } from '../../components/TextInput';
import { http } from '../providers';
import type { JsonOf, message as messageAnswer } from '../../../server/routes/schemas';

type Result = { ok: boolean; message: string } | null;

/** The router state /mina-uppgifter leaves here with once the account is deleted. */
export interface RegisterState {
  accountDeleted: AccountOutcome;
}

/** One form's state: values, field errors from the server or the browser, the answer, and sending. */
function useForm<T extends Record<string, string>>(initial: T, path: string, check: (values: T) => Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
    error: !!errors[name],
    helperText: errors[name] ?? ' ',
  });
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const local = check(values);
    setErrors(local);
    setResult(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      // Sent as checked: a space typed or pasted around a value is not part of it.
      const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
      const response = await http.post<JsonOf<typeof messageAnswer>>(path, { data: trimmed });
      setResult({ ok: true, message: response.data.data.message });
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.body.errors ?? {}) : {});
      setResult({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  // A form's submit handler returns nothing; send handles its own failures.
  const submit = (event: FormEvent) => void send(event);
  return { field, submit, result, busy };
}

/** /register: new applicants register with name and e-mail (typed twice); registered ones ask for a login link. */
export default function RegisterPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const deleted = (useLocation().state as Partial<RegisterState> | null)?.accountDeleted;
  usePageTitle(t('portal.register.title'));
  useEffect(() => rememberDestination(params.get('redirect')), [params]);

  const required = (values: Record<string, string>, names: string[]) =>
    Object.fromEntries(names.filter((n) => !values[n]?.trim()).map((n) => [n, t('portal.register.required')]));
  /** The e-mail rule the server applies, with its message, for the fields not already missing. */
  const addresses = (values: Record<string, string>, names: string[], errors: Record<string, string>) => {
    for (const name of names) {
      const problem = errors[name] ? null : email(values[name].trim());
      if (problem) errors[name] = t(problem.key, { attribute: attributeLabel(t, name) });
    }
    return errors;
  };
  const registration = useForm({ first_name: '', last_name: '', email: '', email_confirmation: '' }, '/frontend-users/register', (v) => {
    const errors = addresses(v, ['email', 'email_confirmation'], required(v, ['first_name', 'last_name', 'email', 'email_confirmation']));
    if (!errors.email_confirmation && v.email.trim().toLowerCase() !== v.email_confirmation.trim().toLowerCase())
      errors.email_confirmation = t('errors.emails_mismatch');
    return errors;
  });
  const link = useForm({ email: '' }, '/frontend-users/login-link', (v) => addresses(v, ['email'], required(v, ['email'])));

  const answer = (result: Result) =>
    result && (
      <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'} sx={{ mb: 2 }}>
        {result.message} {result.ok && t('portal.register.check_mail')}
      </Alert>
    );

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('portal.register.title')}
      </Typography>
      {(deleted === 'deleted' || deleted === 'closed') && (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {t(`portal.register.account_${deleted}`)}
        </Alert>
      )}
      <Typography sx={{ mb: 3 }}>{t('portal.register.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Card component="section" aria-labelledby="new-heading">
          <CardContent>
            <Typography variant="h5" component="h2" id="new-heading" gutterBottom>
              {t('portal.register.new_heading')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('portal.register.new_intro')}</Typography>
            {answer(registration.result)}
            <Stack component="form" spacing={1} onSubmit={registration.submit} noValidate>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextInput
                  label={t('portal.register.first_name')}
                  autoComplete="given-name"
                  required
                  {...registration.field('first_name')}
                />
                <TextInput
                  label={t('portal.register.last_name')}
                  autoComplete="family-name"
                  required
                  {...registration.field('last_name')}
                />
              </Stack>
              <TextInput label={t('portal.register.email')} type="email" autoComplete="email" required {...registration.field('email')} />
              <TextInput
                label={t('portal.register.email_confirmation')}
                type="email"
                autoComplete="off"
                required
                {...registration.field('email_confirmation')}
              />
              <Button type="submit" variant="contained" size="large" disabled={registration.busy} sx={{ alignSelf: 'flex-start' }}>
                {t('portal.register.submit')}
              </Button>
            </Stack>
            <Typography variant="body2" sx={{ mt: 2 }}>
              <Link component={RouterLink} to="/integritet">
                {t('portal.register.privacy')}
              </Link>
            </Typography>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="known-heading">
          <CardContent>
            <Typography variant="h5" component="h2" id="known-heading" gutterBottom>
              {t('portal.register.known_heading')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('portal.register.known_intro')}</Typography>
            {answer(link.result)}
            <Stack component="form" spacing={1} onSubmit={link.submit} noValidate>
              <TextInput
                label={t('portal.register.email')}
                type="email"
                autoComplete="email"
                required
                {...link.field('email')}
                id="known-email"
              />
              <Button type="submit" variant="outlined" size="large" disabled={link.busy} sx={{ alignSelf: 'flex-start' }}>
                {t('portal.register.send_link')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
