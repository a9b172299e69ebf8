import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import { formatDate, formatDateTime, formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { PaymentBatch, PayoutRow } from '../../providers/staffMethods';
import { saveFile } from '../downloadFile';
import { Loaded, refusalOf } from '../LoadFailed';
import { NotFoundPage } from '../pages/StatusScreens';
import { useStaffQuery } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { useBankStatusLabel, usePayoutStatusLabel } from './payoutStatuses';
import { ReasonDialog } from './ReasonDialog';
import { usePayoutChange } from './usePayoutChange';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';

const { sent, paid } = enums.payout_status;
/** Today in Stockholm, 'YYYY-MM-DD': the day a payment is usually marked paid. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/** payment-batches/:id: one batch, its file for the bank, and marking it sent, its payouts paid or one returned. */
export default function PaymentBatchPage() {
  const { id } = useParams();
  const batchId = Number(id);
  if (!/^\d+$/.test(id ?? '')) return <NotFoundPage />;
  return <BatchScreen batchId={batchId} />;
}

function BatchScreen({ batchId }: { batchId: number }) {
  const translate = useTranslate();
  const title = translate('app.payment_batches.one_title', { id: batchId });
  usePageTitle(title);
  const query = useStaffQuery(['payment-batch', batchId], 'getPaymentBatch', [batchId]);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Button component={RouterLink} to="/payment-batches" size="small" sx={{ mb: 1 }}>
        {translate('app.payment_batches.back')}
      </Button>
      {refusalOf(query.error) ? (
        // A batch holding a payout the user stood aside from is a colleague's: the server says so.
        <Alert severity="info">{refusalOf(query.error)}</Alert>
      ) : (
        <Loaded query={query}>{(batch) => <BatchDetails batch={batch} />}</Loaded>
      )}
    </Box>
  );
}

function BatchDetails({ batch }: { batch: PaymentBatch }) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const statusLabel = usePayoutStatusLabel();
  const bankStatus = useBankStatusLabel();
  const [dialog, setDialog] = useState<'sent' | 'paid' | 'cancel' | null>(null);
  const [returning, setReturning] = useState<PayoutRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const waiting = batch.items.filter((payout) => payout.status === sent);
  const markSent = usePayoutChange((dp, _: null) => dp.markPaymentBatchSent(batch.id), 'app.payment_batches.marked_sent');
  const cancel = usePayoutChange((dp, _: null) => dp.cancelPaymentBatch(batch.id), 'app.payment_batches.cancelled');
  const open = !batch.sent_at && !batch.cancelled_at;
  const markPaid = usePayoutChange(
    (dp, { day, ids }: { day: string; ids?: number[] }) => dp.markPaymentBatchPaid(batch.id, day, ids),
    'app.payment_batches.marked_paid',
  );
  const markReturned = usePayoutChange(
    (dp, { payout, reason, bankReference }: { payout: number; reason: string; bankReference: string }) =>
      dp.payoutStep(payout, 'returned', reason, bankReference),
    'app.payouts.return_asked_done',
  );
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await dataProvider.getPaymentFile(batch.id), `${batch.message_id}.xml`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  const fact = (label: string, value: string) => (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate(`app.payment_batches.fields.${label}`)}:
      </Box>{' '}
      {value}
    </Typography>
  );

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack spacing={0.5}>
            {fact('message_id', batch.message_id)}
            {fact('execution_date', formatDate(batch.execution_date, locale))}
            {fact('created_at', `${formatDateTime(batch.created_at, locale)}, ${batch.created_by.name}`)}
            {fact('payouts', String(batch.payouts))}
            {fact('total', batch.total === null ? WITHHELD : formatMoney(batch.total, locale))}
            {fact(
              'state',
              batch.cancelled_at
                ? translate('app.payment_batches.cancelled_on', { date: formatDateTime(batch.cancelled_at, locale) })
                : batch.sent_at
                  ? `${translate('app.payment_batches.sent_by', { name: batch.sent_by?.name ?? '', date: formatDateTime(batch.sent_at, locale) })} · ${translate('app.payment_batches.progress', { paid: batch.paid, count: batch.payouts, returned: batch.returned })}`
                  : translate('app.payment_batches.not_sent'),
            )}
            {batch.file_stored_at && fact('file_stored_at', formatDateTime(batch.file_stored_at, locale))}
            {batch.bank_status && batch.bank_status_at && (
              <Typography variant="body2">
                {`${translate('app.payment_batches.bank_status', { status: bankStatus(batch.bank_status) })}, ${formatDateTime(batch.bank_status_at, locale)}`}
              </Typography>
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            {!batch.cancelled_at && (
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={downloading}>
                {translate('app.payment_batches.download')}
              </Button>
            )}
            {open && (
              <Button variant="contained" onClick={() => setDialog('sent')}>
                {translate('app.payment_batches.mark_sent')}
              </Button>
            )}
            {open && (
              <Button color="error" onClick={() => setDialog('cancel')}>
                {translate('app.payment_batches.cancel')}
              </Button>
            )}
            {batch.sent_at && waiting.length > 0 && (
              <Button variant="contained" onClick={() => setDialog('paid')}>
                {translate('app.payment_batches.mark_paid')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>

      <Typography variant="h6" component="h2">
        {translate('app.payment_batches.payouts')}
      </Typography>
      <List dense disablePadding>
        {batch.items.map((payout) => (
          <ListItem
            key={payout.id}
            divider
            secondaryAction={
              ([sent, paid] as number[]).includes(payout.status) && !payout.return_asked ? (
                <Button size="small" color="error" onClick={() => setReturning(payout)}>
                  {translate('app.payouts.mark_returned')}
                </Button>
              ) : undefined
            }
            sx={{ pr: { xs: 14, sm: 18 } }}
          >
            <ListItemText
              primary={
                <>
                  {`${payout.application.reference ?? ''} · ${payout.payee} · ${payout.withheld ? WITHHELD : formatMoney(payout.amount, locale)}`}
                  {payout.withheld && (
                    <>
                      {' '}
                      <StoodAsideMarker />
                    </>
                  )}
                </>
              }
              secondary={[
                payout.account && `${translate(`app.payouts.account_kinds.${payout.account.kind}`)} ${payout.account.display}`,
                `${statusLabel(payout.status)}${payout.paid_on ? ` ${formatDate(payout.paid_on, locale)}` : ''}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>

      {dialog === 'sent' && (
        <WorkDialog
          id="batch-sent"
          title={translate('app.payment_batches.mark_sent')}
          busy={markSent.isPending}
          onClose={() => setDialog(null)}
          actions={
            <>
              <Button onClick={() => setDialog(null)}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" onClick={() => markSent.mutate(null, { onSettled: () => setDialog(null) })}>
                {translate('app.payment_batches.mark_sent')}
              </Button>
            </>
          }
        >
          <Typography>
            {translate('app.payment_batches.sent_question', {
              smart_count: batch.payouts,
              total: batch.total === null ? WITHHELD : formatMoney(batch.total, locale),
            })}
          </Typography>
        </WorkDialog>
      )}
      {dialog === 'cancel' && (
        <WorkDialog
          id="batch-cancel"
          title={translate('app.payment_batches.cancel')}
          busy={cancel.isPending}
          onClose={() => setDialog(null)}
          actions={
            <>
              <Button onClick={() => setDialog(null)}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" color="error" onClick={() => cancel.mutate(null, { onSettled: () => setDialog(null) })}>
                {translate('app.payment_batches.cancel')}
              </Button>
            </>
          }
        >
          <Typography>
            {translate(batch.file_stored_at ? 'app.payment_batches.cancel_question_downloaded' : 'app.payment_batches.cancel_question', {
              smart_count: batch.payouts,
            })}
          </Typography>
        </WorkDialog>
      )}
      {dialog === 'paid' && (
        <PaidDialog
          payouts={waiting}
          busy={markPaid.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(day, ids) =>
            markPaid.mutate({ day, ids: ids.length === waiting.length ? undefined : ids }, { onSettled: () => setDialog(null) })
          }
        />
      )}
      {returning && (
        <ReasonDialog
          id="payout-returned"
          title={translate('app.payouts.returned_title')}
          question={translate('app.payouts.returned_question', {
            amount: returning.withheld ? WITHHELD : formatMoney(returning.amount, locale),
            payee: returning.payee,
          })}
          confirm={translate('app.payouts.mark_returned')}
          busy={markReturned.isPending}
          onConfirm={(reason, bankReference) =>
            markReturned.mutate({ payout: returning.id, reason, bankReference }, { onSettled: () => setReturning(null) })
          }
          withBankReference
          onClose={() => setReturning(null)}
        />
      )}
    </Stack>
  );
}

/** Marking payouts paid: the day the bank paid (today unless changed, never later) and which, all of them at first. */
function PaidDialog({
  payouts,
  busy,
  onClose,
  onConfirm,
}: {
  payouts: PayoutRow[];
  busy: boolean;
  onClose: () => void;
  onConfirm: (day: string, ids: number[]) => void;
}) {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const [day, setDay] = useState(today());
  const [chosen, setChosen] = useState<number[]>(payouts.map((payout) => payout.id));
  const dayProblem = !/^\d{4}-\d{2}-\d{2}$/.test(day) ? 'validation.date' : day > today() ? 'validation.paid_on_future' : null;
  const toggle = (id: number) => setChosen(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);
  return (
    <WorkDialog
      id="batch-paid"
      title={translate('app.payment_batches.mark_paid')}
      busy={busy}
      onClose={onClose}
      long
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!!dayProblem || chosen.length === 0} onClick={() => onConfirm(day, chosen)}>
            {translate('app.payment_batches.mark_paid_confirm', { smart_count: chosen.length })}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <TextField
          id="batch-paid-day"
          type="date"
          label={translate('app.payment_batches.paid_on')}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          error={!!dayProblem}
          helperText={dayProblem ? translate(dayProblem, { attribute: translate('attributes.paid_on') }) : ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
          required
        />
        <Box>
          {payouts.map((payout) => (
            <FormControlLabel
              key={payout.id}
              sx={{ display: 'flex' }}
              control={<Checkbox checked={chosen.includes(payout.id)} onChange={() => toggle(payout.id)} />}
              label={`${payout.application.reference ?? ''} · ${payout.payee} · ${payout.withheld ? WITHHELD : formatMoney(payout.amount, locale)}`}
            />
          ))}
        </Box>
        {chosen.length === 0 && <Alert severity="info">{translate('app.payment_batches.choose_paid')}</Alert>}
      </Stack>
    </WorkDialog>
  );
}
