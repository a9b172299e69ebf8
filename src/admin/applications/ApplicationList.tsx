import {
  BooleanInput,
  Button as RaButton,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import Add from '@mui/icons-material/Add';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import { Button } from '@mui/material';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { listedStatuses } from '../../../resources/applications';
import { formatMoney } from '../../../resources/format';
import { PAGE_SIZE } from '../../../resources/fields';
import { ListPagination } from './ListPagination';
import { usePageTitle } from '../../components/usePageTitle';
import { useIsPhone } from '../layout/useIsPhone';
import { ExportCsvButton } from '../resources/ExportCsvButton';
import { SearchFilter } from '../resources/SearchFilter';
import type { ListFilters } from './presets';
import { useApplicantName } from './applicantName';
import { ProgressIndicators, type Progress } from './ProgressIndicators';
import { StatusSelect } from './StatusSelect';
import { useStatusChoices, useStatusLabel } from './statuses';
import { ShownApplicationDialog } from './ShownApplicationDialog';
import { useShownApplication } from './useShownApplication';

export interface ApplicationRow {
  id: number;
  uuid: string;
  reference: string | null;
  status: number;
  /** null once anonymised. */
  applicant: { id: number; name: string; email: string } | null;
  period: { id: number; uuid: string; name: string };
  money_value: number | null;
  progress: Progress;
}

/**
 * applications/{status?}: every application sent in, 50 a page by reference, with status and period filters, search,
 * the six progress indicators, the inline status selector and the application in a dialog. A preset in the address
 * (applications/20, ?unread=1, ?followups=1, as the dashboard links) becomes the list's filters, shown and removable.
 */
export default function ApplicationList({ presets = {} }: { presets?: ListFilters }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = translate('app.applications.title');
  usePageTitle(title);
  const [query] = useSearchParams();
  const statusChoices = useStatusChoices(listedStatuses);
  const statusLabel = useStatusLabel();
  const phone = useIsPhone();
  const applicantName = useApplicantName();
  const { show } = useShownApplication();

  // react-admin reads its filters from ?filter= and would ignore the preset's own words: say them its way, once
  // (keeping the application the address shows, if any).
  if (Object.keys(presets).length && !query.has('filter')) {
    const shown = [...query].filter(([name]) => name === 'show' || name === 'tab');
    const search = new URLSearchParams([['filter', JSON.stringify(presets)], ...shown]);
    return <Navigate to={{ pathname: '/applications', search: `?${search}` }} replace />;
  }

  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <SelectArrayInput
      key="status"
      source="status"
      label="app.applications.fields.status"
      choices={statusChoices}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
    <ReferenceInput key="period" source="period" reference="periods" sort={{ field: 'start_date', order: 'DESC' }} perPage={100} alwaysOn>
      <SelectInput optionText="name" label="app.applications.fields.period" sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <BooleanInput key="unread" source="unread" label="app.applications.presets.unread" />,
    <BooleanInput key="followups" source="followups" label="app.applications.presets.followups" />,
  ];
  const openRow = (_id: unknown, _resource: unknown, record: unknown) => (show(record as ApplicationRow), false as const);
  const money = (r: ApplicationRow) => formatMoney(r.money_value, locale);

  return (
    <>
      <List
        resource="applications"
        title={title}
        filters={filters}
        sort={{ field: 'reference', order: 'ASC' }}
        perPage={PAGE_SIZE}
        pagination={<ListPagination />}
        actions={
          <TopToolbar>
            <FilterButton />
            <Button component={Link} to="/applications/add" startIcon={<Add />}>
              {translate('app.application_form.add')}
            </Button>
            <ExportCsvButton />
            {/* Icon alone on a phone, named by its label. */}
            <RaButton component={Link} to="/applications/deletions" label="app.deletion_log.title">
              <DeleteSweep />
            </RaButton>
          </TopToolbar>
        }
        empty={false}
      >
        {phone ? (
          <SimpleList<ApplicationRow>
            primaryText={(r) => `${r.reference ?? ''} ${applicantName(r.applicant)}`}
            secondaryText={(r) => (
              <>
                {statusLabel(r.status)} · {r.period?.name}
                <br />
                <ProgressIndicators progress={r.progress} />
              </>
            )}
            tertiaryText={money}
            rowClick={openRow}
          />
        ) : (
          <DataTable<ApplicationRow> rowClick={openRow} bulkActionButtons={false}>
            <DataTable.Col source="reference" label="app.applications.fields.reference" disableSort />
            <DataTable.Col source="status" label="app.applications.fields.status" render={() => <StatusSelect />} />
            <DataTable.Col<ApplicationRow>
              source="applicant"
              label="app.applications.fields.applicant"
              render={(r) => applicantName(r.applicant)}
            />
            <DataTable.Col<ApplicationRow>
              source="period"
              label="app.applications.fields.period"
              disableSort
              render={(r) => r.period?.name}
            />
            <DataTable.Col source="money" label="app.applications.fields.money_value" align="right" render={money} />
            <DataTable.Col<ApplicationRow>
              source="progress"
              label="app.applications.fields.progress"
              disableSort
              render={(r) => <ProgressIndicators progress={r.progress} />}
            />
          </DataTable>
        )}
      </List>
      <ShownApplicationDialog />
    </>
  );
}
