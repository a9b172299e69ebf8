import { DataTable, FilterButton, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { listedStatuses } from '../../../resources/applications';
import { formatMoney } from '../../../resources/format';
import { ApplicationListShell, statusFilter, type ApplicationRow } from './ApplicationListShell';
import { useApplicantName } from './applicantName';
import { PeriodReviewersButton } from './reviews/PeriodReviewersButton';
import { joinedLine, reviewColumns, reviewFilters, useReviewFigures } from './reviews/reviewColumns';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';
import { useStaffQuery } from '../useStaffQuery';
import { useStatusChoices, useStatusLabel } from './statuses';

/** The filters, and assigning reviewers to the period's applications for those who manage them. */
function DecisioningActions({ periodUuid }: { periodUuid: string }) {
  // The address names the period by its uuid; the periods the user may decide on give its id and name.
  const { data: periods } = useStaffQuery(['decision-periods'], 'getDecisionPeriods', []);
  return (
    <TopToolbar>
      <FilterButton />
      <PeriodReviewersButton period={periods?.find((period) => period.uuid === periodUuid)} />
    </TopToolbar>
  );
}

/**
 * decisioning/{period_uuid}/{period_name}: one period's applications for investigators, 50 a page with the status
 * and review filters, the review figures; no search, edit or export.
 */
export default function DecisioningList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { periodUuid = '', periodName = '' } = useParams();
  const statusLabel = useStatusLabel();
  const applicantName = useApplicantName();
  const statusChoices = useStatusChoices(listedStatuses);
  const aside = (r: ApplicationRow) => r.withheld === 'stood_aside';
  const money = (r: ApplicationRow) => (aside(r) ? WITHHELD : formatMoney(r.money_value, locale));
  const figures = useReviewFigures();
  // Where the reader stood aside, the marker beside the status says why the rest is withheld.
  const status = (r: ApplicationRow) => (
    <>
      {statusLabel(r.status)}
      {aside(r) && (
        <>
          {' '}
          <StoodAsideMarker />
        </>
      )}
    </>
  );
  return (
    <ApplicationListShell<ApplicationRow>
      resource="decisioning"
      // The list's address names the period.
      queryOptions={{ meta: { endpoint: `applications/decisioning/${encodeURIComponent(periodUuid)}` } }}
      storeKey={`decisioning.${periodUuid}`}
      title={translate('app.decisioning.title', { period: periodName })}
      filters={[statusFilter(statusChoices, 220), ...reviewFilters()]}
      actions={<DecisioningActions periodUuid={periodUuid} />}
      sort={{ field: 'reference', order: 'ASC' }}
      secondaryText={(r) => joinedLine([status(r), r.period?.name, figures.line(r)])}
      tertiaryText={money}
    >
      <DataTable.Col source="reference" label="app.applications.fields.reference" />
      <DataTable.Col<ApplicationRow> source="status" label="app.applications.fields.status" render={status} />
      <DataTable.Col<ApplicationRow>
        source="applicant"
        label="app.applications.fields.applicant"
        render={(r) => applicantName(r.applicant)}
      />
      <DataTable.Col<ApplicationRow> source="period" label="app.applications.fields.period" render={(r) => r.period?.name} />
      <DataTable.Col source="money" label="app.applications.fields.money_value" align="right" render={money} />
      {reviewColumns(figures)}
    </ApplicationListShell>
  );
}
