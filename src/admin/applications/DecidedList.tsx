import {
  AutocompleteInput,
  BooleanInput,
  ColumnsButton,
  DataTable,
  DateField,
  ReferenceInput,
  TextInput,
  TopToolbar,
  useGetOne,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { decidedStatuses } from '../../../resources/applications';
import { formatMoney } from '../../../resources/format';
import { personName } from '../../../resources/users';
import { PeriodDecisionMailsButton } from '../decisionMails/PeriodDecisionMailsButton';
import { PeriodFollowupRequestsButton } from '../followupRequests/PeriodFollowupRequestsButton';
import { useIsPhone } from '../layout/useIsPhone';
import { ApplicationListShell, periodFilter, statusFilter } from './ApplicationListShell';
import type { JsonOf } from '../../../server/routes/schemas';
import type { decidedApplicationRow } from '../../../server/routes/schemas/applicationLists';
import { useApplicantName } from './applicantName';
import { StatusSelect } from './StatusSelect';
import { useStatusChoices, useStatusLabel } from './statuses';
import { joinedLine } from './reviews/reviewColumns';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';

/** A row of the decided list: the row with the decision's parts and the categories as text. */
type Row = JsonOf<typeof decidedApplicationRow>;

interface Applicant {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

const goalNumber = (codes: number[]) => codes.join(', ');
const applicantOption = (a: Applicant) => `${personName(a.first_name, a.last_name)} <${a.email}>`.trim();
// The applicants list searches from three characters, as every list does.
const searchApplicants = (text: string) => (text.trim().length > 2 ? { q: text.trim() } : {});

/** Shown until staff choose otherwise with the columns button, so the list fits a 1280 px screen. */
const hiddenByDefault = [
  'targets_text',
  'purposes_text',
  'focuses_text',
  'approved_fou',
  'approved_nok',
  'global_goals',
  'decision_global_goals',
  'followup_sent_in_at',
  'distribution_mail_sent_at',
];

/** The decision mails and follow-up requests of the period the list is filtered by (none without that filter). */
function FilteredPeriodActions() {
  const filters = useListContext().filterValues as { period?: number };
  const id = filters.period;
  const { data: period } = useGetOne<{ id: number; uuid: string; name: string }>('periods', { id: id! }, { enabled: !!id });
  return (
    <>
      <PeriodDecisionMailsButton period={id ? period : null} />
      <PeriodFollowupRequestsButton period={id ? period : null} />
    </>
  );
}

/**
 * decision: the decided applications with the decision's parts, 50 a page by reference, filtered by status,
 * organisation, applicant, period and month; the application in a dialog.
 */
export default function DecidedList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useIsPhone();
  const statusLabel = useStatusLabel();
  const applicantName = useApplicantName();
  const statusChoices = useStatusChoices(decidedStatuses);
  const aside = (r: Row) => r.withheld === 'stood_aside';
  // One who stood aside reads no amount of it: "–", with the marker beside the status.
  const amount = (r: Row, value: number | null) => (aside(r) ? WITHHELD : formatMoney(value, locale));
  const filters = [
    statusFilter(statusChoices, 200),
    <TextInput key="organisation" source="organisation" label="app.decided.organisation" alwaysOn />,
    <ReferenceInput key="frontend_user" source="frontend_user" reference="frontend-users" alwaysOn>
      <AutocompleteInput
        label="app.applications.fields.applicant"
        optionText={applicantOption}
        filterToQuery={searchApplicants}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
    periodFilter(200),
    <TextInput key="month" source="month" label="app.decided.month" type="month" alwaysOn InputLabelProps={{ shrink: true }} />,
    <BooleanInput key="unreleased" source="unreleased" label="app.decided.unreleased" />,
  ];
  return (
    <ApplicationListShell<Row>
      resource="decision"
      title={translate('app.decided.title')}
      filters={filters}
      sort={{ field: 'reference', order: 'ASC' }}
      actions={
        <TopToolbar>
          <FilteredPeriodActions />
          {!phone && <ColumnsButton />}
        </TopToolbar>
      }
      opens="manage"
      secondaryText={(r) => joinedLine([statusLabel(r.status), r.org_city, aside(r) && <StoodAsideMarker />])}
      tertiaryText={(r) => amount(r, r.approved_money_value ?? r.money_value)}
      hiddenColumns={hiddenByDefault}
    >
      <DataTable.Col source="reference" label="app.applications.fields.reference" />
      {/* Where the reader stood aside, the status to read with the marker: the list has no column of progress. */}
      <DataTable.Col source="status" label="app.applications.fields.status" disableSort render={() => <StatusSelect marked />} />
      <DataTable.Col<Row> source="applicant" label="app.applications.fields.applicant" render={(r) => applicantName(r.applicant)} />
      <DataTable.Col source="org_city" label="app.decided.org_city" disableSort />
      <DataTable.Col source="targets_text" label="app.decided.targets" disableSort />
      <DataTable.Col source="purposes_text" label="app.decided.purposes" disableSort />
      <DataTable.Col source="focuses_text" label="app.decided.focuses" disableSort />
      <DataTable.Col<Row>
        source="money"
        label="app.applications.fields.money_value"
        align="right"
        render={(r) => amount(r, r.money_value)}
      />
      <DataTable.Col<Row>
        source="approved_money"
        label="app.applications.fields.approved_money"
        align="right"
        render={(r) => amount(r, r.approved_money_value)}
      />
      <DataTable.Col<Row> source="approved_fou" label="app.decision.approved_fou" align="right" render={(r) => amount(r, r.approved_fou)} />
      <DataTable.Col<Row> source="approved_nok" label="app.decision.approved_nok" align="right" render={(r) => amount(r, r.approved_nok)} />
      <DataTable.Col<Row>
        source="global_goals"
        label="resources.applications.fields.global_goals"
        disableSort
        render={(r) => goalNumber(r.global_goals ?? [])}
      />
      <DataTable.Col<Row>
        source="decision_global_goals"
        label="app.applications.fields.decision_global_goals"
        disableSort
        render={(r) => goalNumber(r.decision_global_goals ?? [])}
      />
      <DataTable.Col source="followup_sent_in_at" label="app.decided.followup_sent_in_at">
        <DateField source="followup_sent_in_at" locales={locale} />
      </DataTable.Col>
      <DataTable.Col source="followup_at" label="app.decided.followup_at">
        <DateField source="followup_at" locales={locale} />
      </DataTable.Col>
      <DataTable.Col source="distribution_mail_sent_at" label="app.decided.mail_sent_at">
        <DateField source="distribution_mail_sent_at" locales={locale} />
      </DataTable.Col>
    </ApplicationListShell>
  );
}
