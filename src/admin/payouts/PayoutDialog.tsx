import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { hasAbility, type Ability, type AbilityName } from '../../../resources/abilities';
import { enums } from '../../../resources/enums';
import { formatDate, formatDateTime, formatMoney } from '../../../resources/format';
import type { PayoutRow } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded, refusalOf } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { usePayoutStatusLabel } from './payoutStatuses';
import { PayoutReceipts } from './PayoutReceipts';
import { ReasonDialog } from './ReasonDialog';
import { usePayoutChange } from './usePayoutChange';
import { WITHHELD } from '../WithheldMarker';

const { requested, prepared, sent, paid } = enums.payout_status;
type Step = 'prepare' | 'approve' | 'reject' | 'returned' | 'returned/approve' | 'returned/withdraw';

/** The texts' key of a step: returned/approve is approve_return, as the texts name it. */
const stepKey = (step: Step) => (step === 'returned/approve' ? 'approve_return' : step === 'returned/withdraw' ? 'withdraw_return' : step);

/** One payout opened from the list: what it is, who did what, and the steps the user may take on it now. */
export function PayoutDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const query = useStaffQuery(['payout', id], 'getPayout', [id]);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone} aria-labelledby="payout-title">
      <DialogTitle id="payout-title">{translate('app.payouts.dialog_title', { id })}</DialogTitle>
      <DialogContent dividers>
        {refusalOf(query.error) ? (
          // One who stood aside from the application: the server's reason, said rather than shown as a failure.
          <Alert severity="info">{refusalOf(query.error)}</Alert>
        ) : (
          <Loaded query={query}>{(payout) => <PayoutDetails payout={payout} />}</Loaded>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function PayoutDetails({ payout }: { payout: PayoutRow }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const statusLabel = usePayoutStatusLabel();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Ability[]>();
  const [asking, setAsking] = useState<Step | null>(null);
  const may = (name: AbilityName) => hasAbility(permissions ?? [], name, { id: payout.period.id, type: 'periods' });
  const change = usePayoutChange(
    (dataProvider, { step, reason, bankReference }: { step: Step; reason?: string; bankReference?: string }) =>
      dataProvider.payoutStep(payout.id, step, reason, bankReference),
    `app.payouts.done`,
  );
  const act = (step: Step, reason?: string, bankReference?: string) =>
    change.mutate({ step, reason, bankReference }, { onSettled: () => setAsking(null) });
  const returnAsked = payout.return_asked;
  const ownReturn = returnAsked !== null && returnAsked.by.id === identity?.id;
  const ownPreparation = payout.prepared_by !== null && payout.prepared_by.id === identity?.id;
  const row = (label: string, value: string | null | undefined) =>
    value ? (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.5 }}>
        <Typography variant="body2" color="text.secondary" component="dt">
          {label}
        </Typography>
        <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
    ) : null;
  const by = (person: { name: string } | null, at: string | null) =>
    person ? `${person.name}${at ? `, ${formatDateTime(at, locale)}` : ''}` : null;
  const field = (name: string) => translate(`app.payouts.fields.${name}`);

  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ m: 0 }}>
        {row(field('status'), statusLabel(payout.status))}
        {row(field('reference'), payout.application.reference)}
        {row(field('payee'), payout.payee)}
        {row(field('period'), payout.period.name)}
        {row(field('amount'), payout.withheld ? WITHHELD : formatMoney(payout.amount, locale))}
        {row(
          field('account'),
          payout.account && `${translate(`app.payouts.account_kinds.${payout.account.kind}`)} ${payout.account.display}`,
        )}
        {row(field('requested_at'), formatDateTime(payout.requested_at, locale))}
        {row(field('prepared_by'), by(payout.prepared_by, payout.prepared_at))}
        {row(field('approved_by'), by(payout.approved_by, payout.approved_at))}
        {row(field('reject_reason'), payout.reject_reason)}
        {row(field('paid_on'), payout.paid_on && formatDate(payout.paid_on, locale))}
        {row(field('return_reason'), payout.return_reason)}
        {row(field('bank_reference'), payout.bank_reference)}
      </Box>
      <PayoutReceipts payout={payout} />
      {returnAsked && (
        <Alert severity="warning">
          {translate('app.payouts.return_asked', {
            name: returnAsked.by.name,
            date: formatDateTime(returnAsked.at, locale),
            reason: returnAsked.reason ?? WITHHELD,
            reference: returnAsked.bank_reference ?? WITHHELD,
          })}
          {ownReturn && ` ${translate('app.payouts.return_asked_own')}`}
        </Alert>
      )}
      {payout.batch_id !== null && (
        <Box>
          <Button component={RouterLink} to={`/payment-batches/${payout.batch_id}`} size="small">
            {translate('app.payouts.open_batch', { id: payout.batch_id })}
          </Button>
        </Box>
      )}
      {ownPreparation && payout.status === prepared && <Alert severity="info">{translate('app.payouts.own_preparation')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {payout.status === requested && may('manage-payouts') && (
          <Button variant="contained" onClick={() => setAsking('prepare')}>
            {translate('app.payouts.prepare')}
          </Button>
        )}
        {payout.status === prepared && may('approve-payouts') && (
          <Button variant="contained" disabled={ownPreparation} onClick={() => setAsking('approve')}>
            {translate('app.payouts.approve')}
          </Button>
        )}
        {([requested, prepared] as number[]).includes(payout.status) && (may('manage-payouts') || may('approve-payouts')) && (
          <Button color="error" variant="outlined" onClick={() => setAsking('reject')}>
            {translate('app.payouts.reject')}
          </Button>
        )}
        {([sent, paid] as number[]).includes(payout.status) && !returnAsked && may('manage-payouts') && (
          <Button color="error" variant="outlined" onClick={() => setAsking('returned')}>
            {translate('app.payouts.mark_returned')}
          </Button>
        )}
        {returnAsked && may('approve-payouts') && (
          <Button color="error" variant="contained" disabled={ownReturn} onClick={() => setAsking('returned/approve')}>
            {translate('app.payouts.approve_return')}
          </Button>
        )}
        {returnAsked && (may('manage-payouts') || may('approve-payouts')) && (
          <Button variant="outlined" onClick={() => setAsking('returned/withdraw')}>
            {translate('app.payouts.withdraw_return')}
          </Button>
        )}
      </Stack>
      {(asking === 'prepare' || asking === 'approve' || asking === 'returned/approve' || asking === 'returned/withdraw') && (
        <WorkDialog
          id="payout-confirm"
          title={translate(`app.payouts.${stepKey(asking)}_title`)}
          busy={change.isPending}
          onClose={() => setAsking(null)}
          actions={
            <>
              <Button onClick={() => setAsking(null)}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" onClick={() => act(asking)}>
                {translate(`app.payouts.${stepKey(asking)}`)}
              </Button>
            </>
          }
        >
          <Typography>
            {translate(`app.payouts.${stepKey(asking)}_question`, {
              amount: formatMoney(payout.amount, locale),
              payee: payout.payee,
              account: payout.account?.display ?? WITHHELD,
            })}
          </Typography>
        </WorkDialog>
      )}
      {(asking === 'reject' || asking === 'returned') && (
        <ReasonDialog
          id="payout-reason"
          title={translate(`app.payouts.${asking}_title`)}
          question={translate(`app.payouts.${asking}_question`, { amount: formatMoney(payout.amount, locale), payee: payout.payee })}
          confirm={translate(asking === 'reject' ? 'app.payouts.reject' : 'app.payouts.mark_returned')}
          busy={change.isPending}
          onConfirm={(reason, bankReference) => act(asking, reason, asking === 'returned' ? bankReference : undefined)}
          onClose={() => setAsking(null)}
          withBankReference={asking === 'returned'}
        />
      )}
    </Stack>
  );
}
