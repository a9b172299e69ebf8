import {
  AutocompleteInput,
  BooleanInput,
  Button as RaButton,
  ColumnsButton,
  DataTable,
  DateInput,
  FilterButton,
  ReferenceInput,
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
import { ExportCsvButton } from '../resources/ExportCsvButton';
import { SearchFilter } from '../resources/SearchFilter';
import { ApplicationListShell, periodFilter, statusFilter, type ApplicationRow } from './ApplicationListShell';
import type { ListFilters } from './presets';
import { useApplicantName } from './applicantName';
import { ProgressIndicators } from './ProgressIndicators';
import { joinedLine, reviewColumns, reviewColumnsHiddenByDefault, reviewFilters, useReviewFigures } from './reviews/reviewColumns';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';
import { useIsPhone } from '../layout/useIsPhone';
import { StatusSelect } from './StatusSelect';
import { useStatusChoices, useStatusLabel } from './statuses';
import { SignalChip } from '../signals/SignalChip';

/**
 * applications/{status?}: every application sent in, 50 a page by reference, with status and period filters, search,
 * the six progress indicators, the inline status selector and the application in a dialog. A preset in the address
 * (applications/20, ?unread=1, ?followups=1, as the dashboard links) becomes the list's filters, shown and removable.
 */
/** Organisations by name, once more than two characters are typed (the register's search). */
const searchOrganisations = (text: string) => (text.trim().length > 2 ? { q: text.trim() } : {});

export default function ApplicationList({ presets = {} }: { presets?: ListFilters }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [query] = useSearchParams();
  const statusChoices = useStatusChoices(listedStatuses);
  const statusLabel = useStatusLabel();
  const applicantName = useApplicantName();
  const figures = useReviewFigures();
  const phone = useIsPhone();

  // react-admin reads its filters from ?filter= and would ignore the preset's own words: say them its way, once
  // (keeping the application the address shows, if any).
  if (Object.keys(presets).length && !query.has('filter')) {
    const shown = [...query].filter(([name]) => name === 'show' || name === 'tab');
    const search = new URLSearchParams([['filter', JSON.stringify(presets)], ...shown]);
    return <Navigate to={{ pathname: '/applications', search: `?${search}` }} replace />;
  }

  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    statusFilter(statusChoices, 220),
    periodFilter(220),
    <BooleanInput key="unread" source="unread" label="app.applications.presets.unread" />,
    <BooleanInput key="followups" source="followups" label="app.applications.presets.followups" />,
    // What needs staff (the dashboard's work opens these).
    <BooleanInput key="followups_to_read" source="followups_to_read" label="app.applications.presets.followups_to_read" />,
    <DateInput key="followup_overdue_on" source="followup_overdue_on" label="app.applications.presets.followup_overdue_on" />,
    <DateInput key="unassigned_on" source="unassigned_on" label="app.applications.presets.unassigned_on" />,
    // Applications with signals not yet checked (server/signals/).
    <BooleanInput key="signals" source="signals" label="signals.filter" />,
    // An organisation's applications, as its page in the register links here.
    <ReferenceInput key="organisation_id" source="organisation_id" reference="organisations">
      <AutocompleteInput label="app.applications.filters.organisation" filterToQuery={searchOrganisations} sx={{ minWidth: 260 }} />
    </ReferenceInput>,
    ...reviewFilters(),
  ];
  const money = (r: ApplicationRow) => (r.withheld === 'stood_aside' ? WITHHELD : formatMoney(r.money_value, locale));
  // Where the reader stood aside, the marker says so in place of the progress they may not read.
  const progress = (r: ApplicationRow) => (r.progress ? <ProgressIndicators progress={r.progress} /> : <StoodAsideMarker />);

  return (
    <ApplicationListShell<ApplicationRow>
      resource="applications"
      title={translate('app.applications.title')}
      filters={filters}
      sort={{ field: 'reference', order: 'ASC' }}
      actions={
        // Five actions: on a 1280 px screen beside the filters they wrap rather than widen the page.
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <FilterButton />
          <Button component={Link} to="/applications/add" startIcon={<Add />}>
            {translate('app.application_form.add')}
          </Button>
          <ExportCsvButton />
          {!phone && <ColumnsButton />}
          {/* Icon alone on a phone, named by its label. */}
          <RaButton component={Link} to="/applications/deletions" label="app.deletion_log.title">
            <DeleteSweep />
          </RaButton>
        </TopToolbar>
      }
      opens="manage"
      secondaryText={(r) => (
        <>
          {joinedLine([statusLabel(r.status), r.period?.name, figures.line(r)])}
          <SignalChip count={r.signals} />
          <br />
          {progress(r)}
        </>
      )}
      tertiaryText={money}
      hiddenColumns={reviewColumnsHiddenByDefault}
    >
      <DataTable.Col source="reference" label="app.applications.fields.reference" disableSort />
      <DataTable.Col source="status" label="app.applications.fields.status" render={() => <StatusSelect />} />
      <DataTable.Col<ApplicationRow>
        source="applicant"
        label="app.applications.fields.applicant"
        render={(r) => applicantName(r.applicant)}
      />
      <DataTable.Col<ApplicationRow> source="period" label="app.applications.fields.period" disableSort render={(r) => r.period?.name} />
      <DataTable.Col source="money" label="app.applications.fields.money_value" align="right" render={money} />
      {reviewColumns(figures)}
      {/* The signals beside the progress, where a row's state is read: the reference stays the reference alone. */}
      <DataTable.Col<ApplicationRow>
        source="progress"
        label="app.applications.fields.progress"
        disableSort
        render={(r) => (
          <>
            {progress(r)}
            <SignalChip count={r.signals} />
          </>
        )}
      />
    </ApplicationListShell>
  );
}
