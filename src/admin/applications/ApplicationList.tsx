import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import Add from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import { PAGE_SIZE } from '../../../resources/fields';
import { usePageTitle } from '../../components/usePageTitle';
import { ExportCsvButton } from '../resources/ExportCsvButton';
import { SearchFilter } from '../resources/SearchFilter';
import { ApplicationDialog } from './ApplicationDialog';
import { ProgressIndicators, type Progress } from './ProgressIndicators';
import { StatusSelect } from './StatusSelect';

/** The statuses staff lists show (SPEC.md §9): never drafts. */
export const listedStatuses = [enums.application_status.ongoing, enums.application_status.received, enums.application_status.approved, enums.application_status.rejected];

export interface ApplicationRow {
  id: number;
  uuid: string;
  reference: string | null;
  status: number;
  applicant: { id: number; name: string; email: string };
  period: { id: number; uuid: string; name: string };
  money_value: number | null;
  progress: Progress;
}

function useStatusChoices() {
  const translate = useTranslate();
  return listedStatuses.map((value) => ({
    id: value,
    name: translate(`enums.application_status.${Object.entries(enums.application_status).find(([, v]) => v === value)![0]}`),
  }));
}

/**
 * applications/{status?}: every application sent in, 50 a page by reference, with status and period filters, search,
 * the six progress indicators, the inline status selector and the application in a dialog. ?unread and ?followups
 * preset those filters, as links from the dashboard do.
 */
export default function ApplicationList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = translate('app.applications.title');
  usePageTitle(title);
  const { status } = useParams();
  const [query] = useSearchParams();
  const statusChoices = useStatusChoices();
  const [open, setOpen] = useState<ApplicationRow | null>(null);

  const presets: Record<string, unknown> = {};
  if (status && listedStatuses.includes(Number(status) as never)) presets.status = [Number(status)];
  if (query.get('unread') === 'true' || query.get('unread') === '1') presets.unread = true;
  if (query.get('followups') === 'true' || query.get('followups') === '1') presets.followups = true;

  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <SelectArrayInput key="status" source="status" label="app.applications.fields.status" choices={statusChoices} alwaysOn sx={{ minWidth: 220 }} />,
    <ReferenceInput key="period" source="period" reference="periods" sort={{ field: 'start_date', order: 'DESC' }} perPage={100} alwaysOn>
      <SelectInput optionText="name" label="app.applications.fields.period" sx={{ minWidth: 220 }} />
    </ReferenceInput>,
  ];

  return (
    <>
      <List
        resource="applications"
        title={title}
        // A preset link gets its own stored state, so it does not overwrite the filters of the plain list.
        storeKey={Object.keys(presets).length ? `applications.${JSON.stringify(presets)}` : 'applications'}
        filterDefaultValues={presets}
        filters={filters}
        sort={{ field: 'reference', order: 'ASC' }}
        perPage={PAGE_SIZE}
        actions={
          <TopToolbar>
            <Button component={Link} to="/application-form/new" startIcon={<Add />}>
              {translate('app.application_form.add')}
            </Button>
            <ExportCsvButton />
          </TopToolbar>
        }
        empty={false}
      >
        <Datagrid rowClick={(_id, _resource, record) => (setOpen(record as ApplicationRow), false)} bulkActionButtons={false}>
          <TextField source="reference" label="app.applications.fields.reference" sortable={false} />
          <FunctionField source="status" label="app.applications.fields.status" render={() => <StatusSelect />} />
          <FunctionField source="applicant" label="app.applications.fields.applicant" render={(r: ApplicationRow) => r.applicant?.name} />
          <FunctionField source="period" label="app.applications.fields.period" sortable={false} render={(r: ApplicationRow) => r.period?.name} />
          <FunctionField source="money" label="app.applications.fields.money_value" textAlign="right" render={(r: ApplicationRow) => formatMoney(r.money_value, locale)} />
          <FunctionField source="progress" label="app.applications.fields.progress" sortable={false} render={(r: ApplicationRow) => <ProgressIndicators progress={r.progress} />} />
        </Datagrid>
      </List>
      {open && <ApplicationDialog application={open} onClose={() => setOpen(null)} />}
    </>
  );
}
