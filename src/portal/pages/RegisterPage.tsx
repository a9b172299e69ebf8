import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from '../router';
import { usePageTitle } from '../../components/usePageTitle';
import type { AccountOutcome } from '../../providers/erasure';
import { rememberDestination, rememberedDestination } from '../afterLogin';
import { useI18n } from '../../components/i18n';
import { TextInput } from '../../components/TextInput';
import { EidSignIn, useEidProvider } from '../EidSignIn';
import { addressChecks, useSendForm, type FormResult } from '../sendForm';
import { portalForms } from '../portalApi';

/** The router state /mina-uppgifter leaves here with once the account is deleted. */
export interface RegisterState {
  accountDeleted: AccountOutcome;
}

/**
 * /register: new applicants register with name and e-mail (typed twice); registered ones ask for a login link. Where
 * an e-ID provider is set up, signing in with it comes first, for new and registered applicants alike.
 */
export default function RegisterPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const deleted = (useLocation().state as Partial<RegisterState> | null)?.accountDeleted;
  usePageTitle(t('portal.register.title'));
  useEffect(() => rememberDestination(params.get('redirect')), [params]);

  const eid = useEidProvider();

  const { required, addresses, confirmed } = addressChecks(t);
  const registration = useSendForm({ first_name: '', last_name: '', email: '', email_confirmation: '' }, portalForms.register, (v) =>
    confirmed(v, addresses(v, ['email', 'email_confirmation'], required(v, ['first_name', 'last_name', 'email', 'email_confirmation']))),
  );
  const link = useSendForm({ email: '' }, portalForms.loginLink, (v) => addresses(v, ['email'], required(v, ['email'])));

  const answer = (result: FormResult) =>
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
      {eid && <EidSignIn name={eid} returnTo={rememberedDestination} />}
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
