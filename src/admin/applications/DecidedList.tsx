import { useState } from 'react';
import { Datagrid, DateField, FunctionField, List, ReferenceInput, SelectArrayInput, SelectInput, TextField, TextInput, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import { ApplicationDialog } from './ApplicationDialog';
import type { ApplicationRow } from './ApplicationList';
import { StatusSelect } from './StatusSelect';

type Row = ApplicationRow & {
  org_city: string | null;
  targets_text: string;
  purposes_text: string;
  focuses_text: string;
  approved_money_value: number | null;
  approved_fou: number | null;
  approved_nok: number | null;
  global_goals: number[];
};

const goalNumber = (codes: number[]) => codes.join(', ');

/** decision: the decided applications with the decision's parts, 50 a page by reference; the application in a dialog. */
export default function DecidedList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = translate('app.decided.title');
  usePageTitle(title);
  const [open, setOpen] = useState<Row | null>(null);
  const money = (value: number | null) => formatMoney(value, locale);
  const statusChoices = [enums.application_status.approved, enums.application_status.rejected].map((value) => ({
    id: value,
    name: translate(`enums.application_status.${value === enums.application_status.approved ? 'approved' : 'rejected'}`),
  }));
  const filters = [
    <SelectArrayInput key="status" source="status" label="app.applications.fields.status" choices={statusChoices} alwaysOn sx={{ minWidth: 200 }} />,
    <TextInput key="organisation" source="organisation" label="app.decided.organisation" alwaysOn />,
    <ReferenceInput key="period" source="period" reference="periods" sort={{ field: 'start_date', order: 'DESC' }} perPage={100} alwaysOn>
      <SelectInput optionText="name" label="app.applications.fields.period" sx={{ minWidth: 200 }} />
    </ReferenceInput>,
    <TextInput key="month" source="month" label="app.decided.month" type="month" alwaysOn InputLabelProps={{ shrink: true }} />,
  ];
  return (
    <>
      <List resource="decision" title={title} filters={filters} sort={{ field: 'reference', order: 'ASC' }} perPage={PAGE_SIZE} actions={<TopToolbar />} empty={false}>
        <Datagrid rowClick={(_id, _resource, record) => (setOpen(record as Row), false)} bulkActionButtons={false}>
          <TextField source="reference" label="app.applications.fields.reference" />
          <FunctionField source="status" label="app.applications.fields.status" sortable={false} render={() => <StatusSelect />} />
          <FunctionField source="applicant" label="app.applications.fields.applicant" render={(r: Row) => r.applicant?.name} />
          <TextField source="org_city" label="app.decided.org_city" sortable={false} />
          <TextField source="targets_text" label="app.decided.targets" sortable={false} />
          <TextField source="purposes_text" label="app.decided.purposes" sortable={false} />
          <TextField source="focuses_text" label="app.decided.focuses" sortable={false} />
          <FunctionField source="money" label="app.applications.fields.money_value" textAlign="right" render={(r: Row) => money(r.money_value)} />
          <FunctionField source="approved_money" label="app.applications.fields.approved_money" textAlign="right" render={(r: Row) => money(r.approved_money_value)} />
          <FunctionField source="approved_fou" label="app.decision.approved_fou" textAlign="right" render={(r: Row) => money(r.approved_fou)} />
          <FunctionField source="approved_nok" label="app.decision.approved_nok" textAlign="right" render={(r: Row) => money(r.approved_nok)} />
          <FunctionField source="global_goals" label="resources.applications.fields.global_goals" sortable={false} render={(r: Row) => goalNumber(r.global_goals ?? [])} />
          <DateField source="followup_sent_in_at" label="app.decided.followup_sent_in_at" locales={locale} />
          <DateField source="followup_at" label="app.decided.followup_at" locales={locale} />
        </Datagrid>
      </List>
      {open && <ApplicationDialog application={open} onClose={() => setOpen(null)} />}
    </>
  );
}
