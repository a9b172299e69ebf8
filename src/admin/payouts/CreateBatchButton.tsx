import PaymentsIcon from '@mui/icons-material/Payments';
import { Button as MuiButton, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import { isBankDay, nextBankDay } from '../../../resources/bankDays';
import { formatMoney } from '../../../resources/format';
import { stockholmToday } from '../stockholmToday';
import type { PayoutRow } from '../../providers/staffMethods';
import { WorkDialog } from '../WorkDialog';
import { usePayoutChange } from './usePayoutChange';

/**
 * Whether the user may put the payout into a new payment batch: approved and in none yet, and not of an application
 * they stood aside from (a colleague batches those; the server would refuse the whole batch).
 */
export const batchable = (payout: PayoutRow) =>
  payout.status === enums.payout_status.approved && payout.batch_id === null && payout.withheld === null;
/** Approved and in no batch yet, but of an application the user stood aside from. */
const leftToColleague = (payout: PayoutRow) =>
  payout.status === enums.payout_status.approved && payout.batch_id === null && payout.withheld !== null;

/**
 * The list's bulk action: the selected approved payouts into a new payment batch, after a confirmation with their
 * number and total; then the batch's page, where its file is downloaded. On a phone, whose compact list selects
 * nothing, `shown` takes the approved payouts the list shows (filter it by status or period first).
 */
export function CreateBatchButton({ shown = false }: { shown?: boolean }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const navigate = useNavigate();
  const { selectedIds, data = [], onUnselectItems } = useListContext<PayoutRow>();
  const [open, setOpen] = useState(false);
  const chosen = data.filter((payout) => (shown || selectedIds.includes(payout.id)) && batchable(payout));
  const total = chosen.reduce((sum, payout) => sum + (payout.amount ?? 0), 0);
  // On a phone the list's approved payouts are taken together: those left to a colleague are counted apart.
  const left = shown ? data.filter(leftToColleague).length : 0;
  // The bank pays on the day asked for: the next bank day unless another bank day is chosen.
  const [day, setDay] = useState(() => nextBankDay(stockholmToday()));
  const dayProblem =
    day < stockholmToday() || !/^\d{4}-\d{2}-\d{2}$/.test(day)
      ? translate('validation.execution_date')
      : !isBankDay(day)
        ? translate('validation.execution_date_bank_day')
        : null;
  const create = usePayoutChange((dataProvider, ids: number[]) => dataProvider.createPaymentBatch(ids, day), 'app.payment_batches.created');
  const confirm = () =>
    create.mutate(
      chosen.map((payout) => payout.id),
      {
        onSuccess: (batch) => {
          onUnselectItems();
          void navigate(`/payment-batches/${batch.id}`);
        },
        onSettled: () => setOpen(false),
      },
    );
  return (
    <>
      <Button label="app.payment_batches.create" onClick={() => setOpen(true)} disabled={chosen.length === 0}>
        <PaymentsIcon />
      </Button>
      {open && (
        <WorkDialog
          id="create-batch"
          title={translate('app.payment_batches.create')}
          busy={create.isPending}
          onClose={() => setOpen(false)}
          actions={
            <>
              <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
              <MuiButton variant="contained" onClick={confirm} disabled={!!dayProblem}>
                {translate('app.payment_batches.create_confirm')}
              </MuiButton>
            </>
          }
        >
          <Typography>
            {translate('app.payment_batches.create_question', { smart_count: chosen.length, total: formatMoney(total, locale) })}
          </Typography>
          {left > 0 && <Typography sx={{ mt: 1 }}>{translate('app.withheld.left_to_colleague', { smart_count: left })}</Typography>}
          <TextField
            type="date"
            id="batch-execution-date"
            label={translate('app.payment_batches.fields.execution_date')}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            error={!!dayProblem}
            helperText={dayProblem ?? translate('app.payment_batches.execution_date_help')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: stockholmToday() } }}
            sx={{ mt: 2 }}
            fullWidth
          />
        </WorkDialog>
      )}
    </>
  );
}
