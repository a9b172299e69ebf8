import PaymentsIcon from '@mui/icons-material/Payments';
import { Button as MuiButton, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import type { PayoutRow } from '../../providers/staffMethods';
import { WorkDialog } from '../WorkDialog';
import { usePayoutChange } from './usePayoutChange';

/** Whether a payout may go into a new payment batch: approved and in none yet. */
export const batchable = (payout: PayoutRow) => payout.status === enums.payout_status.approved && payout.batch_id === null;

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
  const total = chosen.reduce((sum, payout) => sum + payout.amount, 0);
  const create = usePayoutChange((dataProvider, ids: number[]) => dataProvider.createPaymentBatch(ids), 'app.payment_batches.created');
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
              <MuiButton variant="contained" onClick={confirm}>
                {translate('app.payment_batches.create_confirm')}
              </MuiButton>
            </>
          }
        >
          <Typography>
            {translate('app.payment_batches.create_question', { smart_count: chosen.length, total: formatMoney(total, locale) })}
          </Typography>
        </WorkDialog>
      )}
    </>
  );
}
