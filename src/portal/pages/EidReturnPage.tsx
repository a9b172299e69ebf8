import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from '../router';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';
import { TextInput } from '../../components/TextInput';
import { ApiError } from '../../providers/httpClient';
import { portalPath, rememberedDestination, takeDestination } from '../afterLogin';
import { useEidStart } from '../EidSignIn';
import { auth } from '../providers';
import { addressChecks, useSendForm } from '../sendForm';
import { portalApi, portalForms } from '../portalApi';

/**
 * What the callback came to; an error's message is the server's, null when the server could not be reached. Without a
 * query there is nothing to post ('missing': opened by hand, or reloaded before the outcome was kept).
 */
type Outcome =
  | { kind: 'signed_in'; return_to: string | null }
  | { kind: 'needs_email'; first_name: string | null; last_name: string | null }
  | { kind: 'error'; message: string | null }
  | { kind: 'missing' };

/** The history entry's state once the query is gone: what the page showed, so a reload shows it again. */
interface EidReturnState {
  eid: Outcome;
}

/**
 * The one post of a callback. The provider's answer can be spent once, so it is posted once per page load, whatever
 * mounts the page twice (React's strict mode runs each effect twice): a second post would be refused as a replay.
 */
let posted: { callback: string; outcome: Promise<Outcome> } | null = null;

function postCallback(callback: string): Promise<Outcome> {
  if (posted?.callback !== callback) {
    const outcome = portalApi.eidCallback(callback).then(
      (data): Outcome => {
        if ('needs_email' in data) return { kind: 'needs_email', first_name: data.first_name, last_name: data.last_name };
        auth.session.start(data.expires_in);
        return { kind: 'signed_in', return_to: data.return_to };
      },
      (error: unknown): Outcome => ({ kind: 'error', message: error instanceof ApiError && error.status > 0 ? error.message : null }),
    );
    posted = { callback, outcome };
  }
  return posted.outcome;
}

/**
 * /e-legitimation, where the e-ID provider sends the browser back (`?code=…&state=…` or `?error=…`). The page hands the
 * query to the server once and takes it out of the address, then signs in and goes on to where the applicant was
 * going, asks for an e-mail address when the e-ID gave none, or says what went wrong and offers both ways on.
 */
export default function EidReturnPage() {
  const { t } = useI18n();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const kept = (state as Partial<EidReturnState> | null)?.eid ?? null;
  // The query as the page was opened with it: it leaves the address at once.
  const [callback] = useState(search);
  const [outcome, setOutcome] = useState<Outcome | null>(kept ?? (callback ? null : { kind: 'missing' }));
  usePageTitle(t('portal.eid.title'));

  useEffect(() => {
    if (kept || !callback) return;
    // The query is spent once posted: out of the address at once, so a reload cannot post it a second time.
    void navigate(pathname, { replace: true });
    let live = true;
    void postCallback(callback).then((answer) => {
      if (!live) return;
      if (answer.kind === 'signed_in') {
        // A destination remembered by /register is used up either way; the server's, from the start, comes first.
        const remembered = takeDestination();
        void navigate(portalPath(answer.return_to) ?? remembered, { replace: true });
        return;
      }
      setOutcome(answer);
      // Kept in the history entry, so a reload shows the outcome again.
      void navigate(pathname, { replace: true, state: { eid: answer } satisfies EidReturnState });
    });
    return () => {
      live = false;
    };
  }, [callback, kept, navigate, pathname]);

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {outcome?.kind === 'needs_email' ? (
          <EmailForm names={[outcome.first_name, outcome.last_name].filter(Boolean).join(' ')} />
        ) : outcome?.kind === 'error' || outcome?.kind === 'missing' ? (
          <>
            <Typography variant="h4" component="h1" gutterBottom>
              {t('portal.eid.failed_heading')}
            </Typography>
            <Alert severity="error" role="alert" sx={{ mb: 3 }}>
              {outcome.kind === 'missing' ? t('portal.eid.no_answer') : (outcome.message ?? t('portal.eid.unreachable'))}
            </Alert>
            <WaysOn />
          </>
        ) : (
          <>
            <Typography variant="h4" component="h1" gutterBottom>
              {t('portal.eid.title')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('portal.eid.signing_in')}</Typography>
            <LinearProgress aria-label={t('portal.eid.signing_in')} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** After a failure: a new sign-in with the e-ID, or the e-mail forms of /register. */
function WaysOn() {
  const { t } = useI18n();
  const { start, starting, error } = useEidStart();
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          variant="contained"
          size="large"
          loading={starting}
          loadingPosition="start"
          onClick={() => void start(rememberedDestination())}
        >
          {t('portal.eid.try_again')}
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to="/register" sx={{ textAlign: 'center' }}>
          {t('portal.eid.use_email')}
        </Button>
      </Stack>
    </>
  );
}

/**
 * The e-ID named the person but gave no confirmed e-mail address: they give one, typed twice. The mail to it names the
 * e-ID and links to /e-legitimation/koppla, where the address's owner, signed in, confirms or declines linking it to
 * their account (a new one if the address had none); nothing is linked before.
 */
function EmailForm({ names }: { names: string }) {
  const { t } = useI18n();
  const { required, addresses, confirmed } = addressChecks(t);
  const form = useSendForm(
    { email: '', email_confirmation: '' },
    portalForms.eidEmail,
    (v) => confirmed(v, addresses(v, ['email', 'email_confirmation'], required(v, ['email', 'email_confirmation']))),
    ({ email }) => ({ email }),
  );
  const failed = form.result && !form.result.ok;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('portal.eid.email_heading')}
      </Typography>
      {names && <Typography sx={{ mb: 1, fontWeight: 'medium' }}>{t('portal.eid.signed_in_as', { name: names })}</Typography>}
      {form.result?.ok ? (
        <Alert severity="success" role="status">
          {t('portal.eid.link_sent', { email: form.values.email.trim() })}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('portal.eid.email_intro')}</Typography>
          {failed && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {form.result?.message}
            </Alert>
          )}
          {/* A failure that is no field's (the e-ID's sign-in has expired, say) is past fixing here. */}
          {failed && Object.keys(form.errors).length === 0 && (
            <Box sx={{ mb: 3 }}>
              <WaysOn />
            </Box>
          )}
          <Stack component="form" spacing={1} onSubmit={form.submit} noValidate>
            <TextInput label={t('portal.register.email')} type="email" autoComplete="email" required autoFocus {...form.field('email')} />
            <TextInput
              label={t('portal.register.email_confirmation')}
              type="email"
              autoComplete="off"
              required
              {...form.field('email_confirmation')}
            />
            <Button type="submit" variant="contained" size="large" disabled={form.busy} sx={{ alignSelf: { sm: 'flex-start' } }}>
              {t('portal.eid.email_submit')}
            </Button>
          </Stack>
        </>
      )}
    </>
  );
}
