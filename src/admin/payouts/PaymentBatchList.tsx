import { Box, Card, CardContent, Typography } from '@mui/material';
import { DataTable, List, SimpleList, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatDate, formatDateTime, formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { PaymentBatch } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';
import { BankAnswerImport } from './BankAnswerImport';
import { useBankStatusLabel } from './payoutStatuses';

type BatchRow = Omit<PaymentBatch, 'items'>;

function NoBatches() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography>{translate('app.payment_batches.empty')}</Typography>
      </CardContent>
    </Card>
  );
}

/** payment-batches: the payment batches, newest first, each with its count, total and how far it has come; a row opens it. */
export default function PaymentBatchList() {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const title = translate('app.payment_batches.title');
  usePageTitle(title);
  const phone = useIsPhone();
  const bankStatus = useBankStatusLabel();
  const state = (r: BatchRow) =>
    [
      r.sent_at
        ? translate('app.payment_batches.progress', { paid: r.paid, count: r.payouts, returned: r.returned })
        : translate('app.payment_batches.not_sent'),
      r.bank_status && translate('app.payment_batches.bank_status', { status: bankStatus(r.bank_status) }),
    ]
      .filter(Boolean)
      .join(' · ');
  const link = (id: unknown) => `/payment-batches/${String(id)}`;
  // A batch holding a payout of an application the user stood aside from has no total for them: "–" and the marker.
  const total = (r: BatchRow) => (r.total === null ? WITHHELD : formatMoney(r.total, locale));
  return (
    <Box>
      <Typography sx={{ mt: 2 }}>{translate('app.payment_batches.intro')}</Typography>
      <List
        resource="payment-batches"
        title={title}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={PAGE_SIZE}
        actions={
          <TopToolbar>
            <BankAnswerImport />
          </TopToolbar>
        }
        empty={<NoBatches />}
      >
        {phone ? (
          <SimpleList<BatchRow>
            primaryText={(r) => `${r.message_id} · ${total(r)}`}
            secondaryText={(r) => (
              <>
                {`${formatDate(r.execution_date, locale)} · ${state(r)}`}
                {r.withheld && (
                  <>
                    {' · '}
                    <StoodAsideMarker label={translate('app.withheld.batch_label')} />
                  </>
                )}
              </>
            )}
            rowClick={(id) => link(id)}
          />
        ) : (
          <DataTable<BatchRow> rowClick={(id) => link(id)} bulkActionButtons={false}>
            <DataTable.Col<BatchRow>
              source="created_at"
              label="app.payment_batches.fields.created_at"
              render={(r) => formatDateTime(r.created_at, locale)}
            />
            <DataTable.Col source="message_id" label="app.payment_batches.fields.message_id" disableSort />
            <DataTable.Col<BatchRow>
              source="execution_date"
              label="app.payment_batches.fields.execution_date"
              render={(r) => formatDate(r.execution_date, locale)}
            />
            <DataTable.Col source="payouts" label="app.payment_batches.fields.payouts" disableSort align="right" />
            <DataTable.Col<BatchRow>
              source="total"
              label="app.payment_batches.fields.total"
              disableSort
              align="right"
              render={(r) =>
                r.withheld ? (
                  <>
                    {total(r)} <StoodAsideMarker label={translate('app.withheld.batch_label')} />
                  </>
                ) : (
                  total(r)
                )
              }
            />
            <DataTable.Col<BatchRow> source="sent_at" label="app.payment_batches.fields.state" disableSort render={state} />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
