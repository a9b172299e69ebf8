import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatDateTime } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import { usePageTitle } from '../../components/usePageTitle';
import { ApiError } from '../../providers/httpClient';
import { Link as RouterLink } from '../router';
import type { JsonOf } from '../../../server/routes/schemas';
import type { accountEid } from '../../../server/routes/schemas/eidLinks';
import { portalApi, portalReads, useRead } from '../portalApi';

type AccountEid = JsonOf<typeof accountEid>;
type LinkRequest = AccountEid['requests'][number];

/** What the last answer came to: linked, declined, or the server's refusal (ours when it could not be reached). */
type Outcome = { kind: 'confirmed' | 'declined' } | { kind: 'error'; message: string };

/**
 * /e-legitimation/koppla, where the mail to the address an e-ID sign-in gave leads once its owner has signed in (by
 * the mail's own link or otherwise). Each e-ID waiting for this account is shown as the mail named it: the provider,
 * the name the e-ID gave and when, in Stockholm time; the owner links it or declines, and nothing else links it.
 * Nothing waiting (run out, or answered already) is said so, with the way on.
 */
export default function EidLinkPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.eid_link.title'));
  const loaded = useRead(portalReads.myEid(), locale);
  // The state as the last answer left it, once the owner has answered.
  const [changed, setChanged] = useState<AccountEid | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const said = useRef<HTMLDivElement>(null);
  const shown = changed ?? loaded.data;
  const provider = shown?.provider ?? t('portal.eid_link.provider');

  // What came of an answer is read first: focus moves to it (the buttons it followed may be gone).
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);

  const answer = async (request: LinkRequest, action: 'confirm' | 'decline') => {
    setBusy(true);
    setOutcome(null);
    try {
      setChanged(await portalApi.answerEidRequest(request.id, action));
      setOutcome({ kind: action === 'confirm' ? 'confirmed' : 'declined' });
    } catch (error) {
      const unreachable = !(error instanceof ApiError) || error.status === 0;
      setOutcome({ kind: 'error', message: unreachable ? t('portal.eid_link.network_error') : error.message });
      // A request that has run out meanwhile leaves the page: read what still waits.
      if (!unreachable) await portalApi.myEid().then(setChanged, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ maxWidth: 640, mx: 'auto' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('portal.eid_link.title')}
        </Typography>
        <Box ref={said} tabIndex={-1} sx={{ outline: 'none' }}>
          {outcome?.kind === 'error' ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {outcome.message}
            </Alert>
          ) : (
            outcome && (
              <Alert severity={outcome.kind === 'confirmed' ? 'success' : 'info'} role="status" sx={{ mb: 2 }}>
                {t(`portal.eid_link.${outcome.kind}`, { provider })}
              </Alert>
            )
          )}
        </Box>
        {loaded.loading && !shown && <LinearProgress aria-label={t('portal.loading')} />}
        {loaded.error && !shown && (
          <Alert severity="error" role="alert">
            {loaded.error instanceof ApiError && loaded.error.status > 0 ? loaded.error.message : t('portal.eid_link.network_error')}
          </Alert>
        )}
        {shown &&
          (shown.requests.length ? (
            <>
              <Typography sx={{ mb: 2 }}>{t('portal.eid_link.intro')}</Typography>
              <Stack spacing={3}>
                {shown.requests.map((request) => (
                  <Request
                    key={request.id}
                    request={request}
                    provider={provider}
                    busy={busy}
                    onAnswer={(action) => void answer(request, action)}
                  />
                ))}
              </Stack>
            </>
          ) : (
            <Box component="section" aria-labelledby="none-heading">
              <Typography variant="h5" component="h2" id="none-heading" gutterBottom>
                {t('portal.eid_link.none_heading')}
              </Typography>
              {/* After an answer the page has said what happened; the reasons a request may be gone are for those who came to none. */}
              {!outcome && <Typography sx={{ mb: 2 }}>{t('portal.eid_link.none')}</Typography>}
              {shown.linked_at && (
                <Typography sx={{ mb: 2 }}>
                  {t('portal.eid_link.linked', { provider, date: formatDate(shown.linked_at, locale) })}
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button variant="contained" component={RouterLink} to="/">
                  {t('portal.eid_link.to_start')}
                </Button>
                <Button variant="outlined" component={RouterLink} to="/mina-uppgifter">
                  {t('portal.eid_link.to_my_data')}
                </Button>
              </Stack>
            </Box>
          ))}
      </CardContent>
    </Card>
  );
}

/** One e-ID waiting: what the mail named (provider, name, time), the warning, and the two answers. */
function Request({
  request,
  provider,
  busy,
  onAnswer,
}: {
  request: LinkRequest;
  provider: string;
  busy: boolean;
  onAnswer: (action: 'confirm' | 'decline') => void;
}) {
  const { t, locale } = useI18n();
  const heading = `request-${request.id}-heading`;
  const name = [request.first_name, request.last_name].filter(Boolean).join(' ');
  const facts: [string, string][] = [
    [t('portal.eid_link.provider'), provider],
    [t('portal.eid_link.name'), name || t('portal.eid_link.unnamed')],
    [t('portal.eid_link.time'), t('portal.eid_link.time_value', { time: formatDateTime(request.requested_at, locale) })],
  ];
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography variant="h5" component="h2" id={heading} gutterBottom>
        {t('portal.eid_link.request_heading', { provider })}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, my: 2 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 'medium' }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography sx={{ mb: 2 }}>{t('portal.eid_link.expires', { time: formatDateTime(request.expires_at, locale) })}</Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('portal.eid_link.warning', { provider })}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" disabled={busy} onClick={() => onAnswer('confirm')}>
          {t('portal.eid_link.confirm')}
        </Button>
        <Button variant="outlined" size="large" disabled={busy} onClick={() => onAnswer('decline')}>
          {t('portal.eid_link.decline')}
        </Button>
      </Stack>
    </Box>
  );
}
