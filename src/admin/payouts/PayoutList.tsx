import { Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatDate, formatDateTime, formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { PayoutRow } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { ExportCsvButton } from '../resources/ExportCsvButton';
import { SearchFilter } from '../resources/SearchFilter';
import { batchable, CreateBatchButton } from './CreateBatchButton';
import { PayoutDialog } from './PayoutDialog';
import { usePayoutStatusChoices, usePayoutStatusLabel } from './payoutStatuses';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';

function NoPayouts() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography>{translate('app.payouts.empty')}</Typography>
      </CardContent>
    </Card>
  );
}

function Actions() {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <TopToolbar>
      {phone && <CreateBatchButton shown />}
      <Button component={RouterLink} to="/payment-batches" size="small">
        {translate('app.menu.payment_batches')}
      </Button>
      <ExportCsvButton />
    </TopToolbar>
  );
}

/**
 * payouts: the applicants' payout requests of the user's periods, newest first, filtered by status, period and batch,
 * searched by reference, exported as CSV. A row opens the payout with its steps (prepare, approve, reject, returned);
 * approved payouts are selected into a new payment batch.
 */
export default function PayoutList() {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const title = translate('app.payouts.title');
  usePageTitle(title);
  const phone = useIsPhone();
  const statusLabel = usePayoutStatusLabel();
  const [shown, setShown] = useState<number | null>(null);
  const open = (id: unknown) => {
    setShown(Number(id));
    return false as const;
  };
  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="app.payouts.fields.status"
      choices={usePayoutStatusChoices()}
      alwaysOn
      sx={{ minWidth: 180 }}
    />,
    <ReferenceInput key="period" source="period" reference="periods" sort={{ field: 'start_date', order: 'DESC' }} perPage={100} alwaysOn>
      <SelectInput optionText="name" label="app.payouts.fields.period" sx={{ minWidth: 200 }} />
    </ReferenceInput>,
    <TextInput
      key="batch"
      source="batch"
      alwaysOn
      label="app.payouts.fields.batch"
      sx={{ maxWidth: 140 }}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />,
    <BooleanInput key="prepared_by_others" source="prepared_by_others" label="app.payouts.prepared_by_others" />,
  ];
  // One who stood aside from the application reads neither the amount nor the account: "–" and the marker.
  const amount = (r: PayoutRow) => (r.withheld ? WITHHELD : formatMoney(r.amount, locale));
  return (
    <Box>
      <Typography sx={{ mt: 2 }}>{translate('app.payouts.intro')}</Typography>
      <List
        resource="payouts"
        title={title}
        filters={filters}
        sort={{ field: 'requested_at', order: 'DESC' }}
        perPage={PAGE_SIZE}
        actions={<Actions />}
        empty={<NoPayouts />}
      >
        {phone ? (
          <SimpleList<PayoutRow>
            primaryText={(r) => `${r.application.reference ?? ''} · ${amount(r)}`}
            secondaryText={(r) => (
              <>
                {statusLabel(r.status)} · {r.payee}
                {r.withheld && (
                  <>
                    {' · '}
                    <StoodAsideMarker />
                  </>
                )}
                <br />
                {formatDateTime(r.requested_at, locale)}
              </>
            )}
            rowClick={(id) => open(id)}
          />
        ) : (
          <DataTable<PayoutRow> rowClick={(id) => open(id)} bulkActionButtons={<CreateBatchButton />} isRowSelectable={batchable}>
            <DataTable.Col<PayoutRow>
              source="requested_at"
              label="app.payouts.fields.requested_at"
              render={(r) => formatDate(r.requested_at, locale)}
            />
            <DataTable.Col<PayoutRow>
              source="reference"
              label="app.payouts.fields.reference"
              disableSort
              render={(r) => r.application.reference}
            />
            <DataTable.Col source="payee" label="app.payouts.fields.payee" disableSort />
            <DataTable.Col<PayoutRow> source="period" label="app.payouts.fields.period" disableSort render={(r) => r.period.name} />
            <DataTable.Col<PayoutRow> source="amount" label="app.payouts.fields.amount" align="right" render={amount} />
            <DataTable.Col<PayoutRow>
              source="account"
              label="app.payouts.fields.account"
              disableSort
              render={(r) =>
                r.account ? `${translate(`app.payouts.account_kinds.${r.account.kind}`)} ${r.account.display}` : <StoodAsideMarker />
              }
            />
            <DataTable.Col<PayoutRow> source="status" label="app.payouts.fields.status" render={(r) => statusLabel(r.status)} />
          </DataTable>
        )}
      </List>
      {shown !== null && <PayoutDialog id={shown} onClose={() => setShown(null)} />}
    </Box>
  );
}
