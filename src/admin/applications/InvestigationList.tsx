import { useState } from 'react';
import { Datagrid, DateField, FunctionField, List, TextField, useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import { ApplicationDialog } from './ApplicationDialog';
import type { ApplicationRow } from './ApplicationList';
import { proposalKey } from './InvestigatorsSection';

type Row = ApplicationRow & { sent_in_at: string | null; investigation: { status: number; amount: number | null } };
const statusKey = (value: number) => Object.entries(enums.application_status).find(([, v]) => v === value)?.[0] ?? '';

/** investigations: the signed-in user's own investigations, by sent-in date; no search, no export (SPEC.md §2). */
export default function InvestigationList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = translate('app.investigation.list_title');
  usePageTitle(title);
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <List resource="investigations" title={title} sort={{ field: 'sent_in_at', order: 'ASC' }} perPage={PAGE_SIZE} actions={false} empty={false}>
        <Datagrid rowClick={(_id, _resource, record) => (setOpen(record as Row), false)} bulkActionButtons={false}>
          <TextField source="reference" label="app.applications.fields.reference" sortable={false} />
          <FunctionField source="status" label="app.applications.fields.status" sortable={false} render={(r: Row) => translate(`enums.application_status.${statusKey(r.status)}`)} />
          <FunctionField source="applicant" label="app.applications.fields.applicant" sortable={false} render={(r: Row) => r.applicant?.name} />
          <FunctionField source="period" label="app.applications.fields.period" sortable={false} render={(r: Row) => r.period?.name} />
          <FunctionField source="money" label="app.applications.fields.money_value" sortable={false} textAlign="right" render={(r: Row) => formatMoney(r.money_value, locale)} />
          <DateField source="sent_in_at" label="app.applications.fields.sent_in_at" locales={locale} />
          <FunctionField source="investigation" label="app.investigation.proposal" sortable={false} render={(r: Row) => translate(`enums.investigation_status.${proposalKey(r.investigation.status)}`)} />
        </Datagrid>
      </List>
      {open && <ApplicationDialog application={open} mode="investigate" onClose={() => setOpen(null)} />}
    </>
  );
}
