import { Datagrid, FunctionField, List, SelectArrayInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatMoney } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import { enums } from '../../../resources/enums';
import { listedStatuses, type ApplicationRow } from './ApplicationList';

const statusKey = (value: number) => Object.entries(enums.application_status).find(([, v]) => v === value)?.[0] ?? '';

/**
 * decisioning/{period_uuid}/{period_name}: one period's applications for investigators, 50 a page with the status
 * filter; no search, edit or export (SPEC.md §2).
 */
export default function DecisioningList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { periodUuid = '', periodName = '' } = useParams();
  const title = translate('app.decisioning.title', { period: periodName });
  usePageTitle(title);
  const statusChoices = listedStatuses.map((value) => ({ id: value, name: translate(`enums.application_status.${statusKey(value)}`) }));
  return (
    <List
      // The list's address names the period; the screen's access is checked by its route (RequireAccess).
      resource={`applications/decisioning/${encodeURIComponent(periodUuid)}`}
      disableAuthentication
      storeKey={`decisioning.${periodUuid}`}
      title={title}
      filters={[<SelectArrayInput key="status" source="status" label="app.applications.fields.status" choices={statusChoices} alwaysOn sx={{ minWidth: 220 }} />]}
      sort={{ field: 'reference', order: 'ASC' }}
      perPage={PAGE_SIZE}
      actions={false}
      empty={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="reference" label="app.applications.fields.reference" />
        <FunctionField source="status" label="app.applications.fields.status" render={(r: ApplicationRow) => translate(`enums.application_status.${statusKey(r.status)}`)} />
        <FunctionField source="applicant" label="app.applications.fields.applicant" render={(r: ApplicationRow) => r.applicant?.name} />
        <FunctionField source="period" label="app.applications.fields.period" render={(r: ApplicationRow) => r.period?.name} />
        <FunctionField source="money" label="app.applications.fields.money_value" textAlign="right" render={(r: ApplicationRow) => formatMoney(r.money_value, locale)} />
      </Datagrid>
    </List>
  );
}
