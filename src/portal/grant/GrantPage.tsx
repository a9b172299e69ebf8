import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { enums, enumKey } from '../../../resources/enums';
import { formatDate, formatDateTime, formatMoney } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import { langOf, someUntranslated, UntranslatedNote } from '../../components/contentLanguage';
import { usePageTitle } from '../../components/usePageTitle';
import { ApiError } from '../../providers/httpClient';
import { Link as RouterLink, Navigate, useParams } from '../router';
import { AcceptanceForm } from './AcceptanceForm';
import { GrantTotals } from './GrantTotals';
import { PayoutForm } from './PayoutForm';
import { PayoutReceipts } from './PayoutReceipts';
import { withReceipts, type Grant, type Receipt } from './types';
import { portalReads, useRead } from '../portalApi';

const statusKey = (value: number) => enumKey('payout_status', value) ?? 'requested';
const noFiles: File[] = [];
// Colours whose text keeps the contrast WCAG asks for (MUI's info blue on white does not).
const stateColor = { waiting: 'default', due: 'primary', requested: 'secondary', paid: 'success', lapsed: 'default' } as const;

/**
 * /bidrag/:applicationUuid: an approved application's grant. The amount, the conditions and the plan; the conditions
 * accepted for the organisation; each due instalment asked for to an account; what was paid and what is to be paid
 * back. Only one who signs (the applicant of their own, a signatory of an organisation's) accepts and asks for money;
 * the organisation's other members see the rest. Not found unless the approval has reached the applicant.
 */
export default function GrantPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.grant.title'));
  const { applicationUuid = '' } = useParams();
  const { data, error } = useRead(portalReads.grant(applicationUuid), locale);
  const [changed, setChanged] = useState<Grant | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Receipts chosen with a request, by its payout, until its receipts' section takes them to upload.
  const [pending, setPending] = useState<Record<number, File[]>>({});

  if (error instanceof ApiError && error.status === 404) return <Navigate to="/finns-inte" replace />;
  const grant = changed?.uuid === applicationUuid ? changed : data?.uuid === applicationUuid ? data : null;
  const update = (message: string) => (next: Grant) => {
    setChanged(next);
    setNotice(message);
  };
  const requested = (instalmentId: number) => (next: Grant, receipts: File[]) => {
    update(t('portal.grant.payout.done'))(next);
    const payout = next.payouts.findLast((p) => p.instalment_id === instalmentId && p.status === enums.payout_status.requested);
    if (payout && receipts.length) setPending((all) => ({ ...all, [payout.id]: receipts }));
  };
  // Uploads finish one after another, each changing the grant as it is then.
  const changeReceipts = (payoutId: number, change: (receipts: Receipt[]) => Receipt[]) =>
    setChanged((current) => {
      const base = current?.uuid === applicationUuid ? current : data?.uuid === applicationUuid ? data : null;
      return base && withReceipts(base, payoutId, change);
    });
  const receiptProps = (uuid: string, maxBytes: number) => ({
    applicationUuid: uuid,
    maxBytes,
    onPendingTaken: (payoutId: number) =>
      setPending((all) => Object.fromEntries(Object.entries(all).filter(([id]) => Number(id) !== payoutId))),
    onAdded: (payoutId: number, receipt: Receipt) => changeReceipts(payoutId, (receipts) => [...receipts, receipt]),
    onRemoved: (payoutId: number, fileUuid: string) => changeReceipts(payoutId, (receipts) => receipts.filter((r) => r.uuid !== fileUuid)),
  });

  return (
    <>
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('portal.grant.back')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {grant?.reference ? t('portal.grant.heading', { reference: grant.reference }) : t('portal.grant.title')}
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!grant && !error && <LinearProgress aria-label={t('portal.loading')} />}
      {notice && (
        <Alert severity="success" role="alert" sx={{ my: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {grant && (
        <Stack spacing={3} sx={{ mt: 2 }}>
          <Box>
            <GrantTotals totals={grant.totals} />
            {/* The deadline matters while something is still to be asked for. */}
            {grant.deadline && grant.instalments.some((i) => i.state === 'due' || i.state === 'waiting') && (
              <Typography sx={{ fontWeight: 'bold' }}>
                {t('portal.grant.deadline', { date: formatDate(grant.deadline, locale) })}
              </Typography>
            )}
          </Box>

          <Box component="section" aria-labelledby="grant-conditions">
            <Typography variant="h5" component="h2" id="grant-conditions" sx={{ mb: 1 }}>
              {t('portal.grant.conditions')}
            </Typography>
            <UntranslatedNote shown={someUntranslated([grant])} mb={1} />
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lang={langOf(locale, grant, 'conditions')}>
              {grant.conditions.trim() || t('portal.grant.no_conditions')}
            </Typography>
          </Box>

          {grant.accepted ? (
            <Alert severity="success">
              {t('portal.grant.accepted', {
                name: grant.accepted.signatory_name,
                role: grant.accepted.signatory_role,
                date: formatDateTime(grant.accepted.at, locale),
              })}
            </Alert>
          ) : grant.signs ? (
            <AcceptanceForm grant={grant} onAccepted={update(t('portal.grant.accept.done'))} />
          ) : null}
          {/* One who does not sign for the organisation sees the grant, not the forms of the one who does. */}
          {!grant.signs && <Alert severity="info">{t('portal.grant.signatory_only')}</Alert>}

          <Box component="section" aria-labelledby="grant-plan">
            <Typography variant="h5" component="h2" id="grant-plan" sx={{ mb: 1 }}>
              {t('portal.grant.plan')}
            </Typography>
            <Stack spacing={2}>
              {grant.instalments.map((instalment) => {
                const payout = grant.payouts.find((p) => p.instalment_id === instalment.id && p.status === instalment.payout_status);
                return (
                  <Card key={instalment.id} variant="outlined" component="article" aria-labelledby={`instalment-${instalment.id}`}>
                    <CardContent>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 1 }}>
                        <Typography variant="h6" component="h3" id={`instalment-${instalment.id}`}>
                          {t('portal.grant.instalment', { position: instalment.position, amount: formatMoney(instalment.amount, locale) })}
                        </Typography>
                        <Chip
                          label={
                            payout ? t(`enums.payout_status.${statusKey(payout.status)}`) : t(`portal.grant.states.${instalment.state}`)
                          }
                          color={stateColor[instalment.state]}
                        />
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {t(
                          instalment.due === enums.payout_due.after_followup
                            ? 'portal.grant.due_after_followup'
                            : 'portal.grant.due_at_acceptance',
                        )}
                      </Typography>
                      {payout && (
                        <Typography variant="body2">
                          {t('portal.grant.requested_to', {
                            account: `${t(`portal.grant.payout.kinds.${payout.account_type}`)} ${payout.account}`,
                            date: formatDate(payout.requested_at, locale),
                          })}
                          {payout.paid_on && ` · ${t('portal.grant.paid_on', { date: formatDate(payout.paid_on, locale) })}`}
                        </Typography>
                      )}
                      {payout && (
                        <PayoutReceipts
                          {...receiptProps(grant.uuid, grant.upload_max_bytes)}
                          payout={payout}
                          pending={pending[payout.id] ?? noFiles}
                        />
                      )}
                      {instalment.state === 'waiting' && (
                        <Typography variant="body2">
                          {t(
                            grant.accepted
                              ? 'portal.grant.waits_for_followup'
                              : grant.signs
                                ? 'portal.grant.waits_for_acceptance'
                                : 'portal.grant.waits_for_signatory',
                          )}
                        </Typography>
                      )}
                      {instalment.state === 'due' && !grant.signs && (
                        <Typography variant="body2">{t('portal.grant.signatory_requests')}</Typography>
                      )}
                      {instalment.state === 'due' && grant.signs && (
                        <Box sx={{ mt: 2 }}>
                          <PayoutForm grant={grant} instalment={instalment} onRequested={requested(instalment.id)} />
                        </Box>
                      )}
                    </CardContent>
                  </Card>
                );
              })}
            </Stack>
          </Box>

          {grant.payouts.some((p) => p.reason) && (
            <Box component="section" aria-labelledby="grant-refused">
              <Typography variant="h6" component="h2" id="grant-refused" sx={{ mb: 1 }}>
                {t('portal.grant.refused')}
              </Typography>
              {grant.payouts
                .filter((p) => p.reason)
                .map((p) => (
                  <Typography key={p.id} variant="body2">
                    {formatMoney(p.amount, locale)} · {t(`enums.payout_status.${statusKey(p.status)}`)}: {p.reason}
                  </Typography>
                ))}
            </Box>
          )}

          {grant.repayments.length > 0 && (
            <Box component="section" aria-labelledby="grant-repayments">
              <Typography variant="h5" component="h2" id="grant-repayments" sx={{ mb: 1 }}>
                {t('portal.grant.repayments')}
              </Typography>
              {grant.repayments.map((repayment) => (
                <Typography key={repayment.id} sx={{ mb: 1 }}>
                  {formatMoney(repayment.amount, locale)}: {repayment.reason}{' '}
                  {repayment.received_on
                    ? `(${t('portal.grant.repayment_received', { date: formatDate(repayment.received_on, locale) })})`
                    : ''}
                </Typography>
              ))}
              {grant.totals.to_pay_back > 0 && grant.repayment_account && (
                <Alert severity="info">
                  {t('portal.grant.pay_back_to', {
                    amount: formatMoney(grant.totals.to_pay_back, locale),
                    account: grant.repayment_account.bankgiro
                      ? `${t('portal.grant.payout.kinds.bankgiro')} ${grant.repayment_account.bankgiro}`
                      : `IBAN ${grant.repayment_account.iban} (BIC ${grant.repayment_account.bic})`,
                    name: grant.repayment_account.name,
                    message: grant.repayment_account.message,
                  })}
                </Alert>
              )}
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}
