import { BooleanInput, ColumnsButton, DataTable, DateField, FilterButton, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../resources/format';
import { ApplicationListShell } from './ApplicationListShell';
import type { JsonOf } from '../../../server/routes/schemas';
import type { ownInvestigationRow } from '../../../server/routes/schemas/investigations';
import { proposalKey } from './InvestigatorsSection';
import { useApplicantName } from './applicantName';
import { joinedLine, reviewColumns, reviewDetailColumns, reviewFilters, useReviewFigures } from './reviews/reviewColumns';
import { StoodAsideMarker, WITHHELD } from '../WithheldMarker';
import { useIsPhone } from '../layout/useIsPhone';
import { useStatusLabel } from './statuses';

/** A row of the signed-in user's own investigations. */
type Row = JsonOf<typeof ownInvestigationRow>;

/**
 * investigations: the signed-in user's own investigations, by sent-in date, with the review figures and the user's
 * own review, which "Att göra" narrows to those still to review: the reviewer's work list. No search, no export.
 */
export default function InvestigationList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const statusLabel = useStatusLabel();
  const applicantName = useApplicantName();
  const phone = useIsPhone();
  const proposal = (r: Row) => translate(`enums.investigation_status.${proposalKey(r.investigation.status)}`);
  const figures = useReviewFigures();
  // Null where the application's type has no criteria: nothing to review (but the marker, where the reader stood aside
  // at a board meeting).
  const myReview = (r: Row) =>
    r.my_review ? translate(`app.reviews.mine.${r.my_review}`) : r.withheld === 'stood_aside' ? <StoodAsideMarker /> : '';
  return (
    <ApplicationListShell<Row>
      resource="investigations"
      title={translate('app.investigation.list_title')}
      sort={{ field: 'sent_in_at', order: 'ASC' }}
      opens="investigate"
      filters={[<BooleanInput key="todo" source="todo" label="app.reviews.filters.todo" alwaysOn />, ...reviewFilters()]}
      actions={
        <TopToolbar>
          <FilterButton />
          {!phone && <ColumnsButton />}
        </TopToolbar>
      }
      hiddenColumns={reviewDetailColumns}
      secondaryText={(r) =>
        joinedLine([
          statusLabel(r.status),
          `${translate('app.investigation.proposal')}: ${proposal(r)}`,
          r.my_review ? `${translate('app.reviews.columns.mine')}: ${translate(`app.reviews.mine.${r.my_review}`)}` : myReview(r),
          figures.line(r),
        ])
      }
      tertiaryText={(r) => formatDate(r.sent_in_at, locale)}
    >
      <DataTable.Col source="reference" label="app.applications.fields.reference" disableSort />
      <DataTable.Col<Row> source="status" label="app.applications.fields.status" disableSort render={(r) => statusLabel(r.status)} />
      <DataTable.Col<Row>
        source="applicant"
        label="app.applications.fields.applicant"
        disableSort
        render={(r) => applicantName(r.applicant)}
      />
      <DataTable.Col<Row> source="period" label="app.applications.fields.period" disableSort render={(r) => r.period?.name} />
      <DataTable.Col<Row>
        source="money"
        label="app.applications.fields.money_value"
        disableSort
        align="right"
        // Where the reader stood aside, "–"; their own review's column says "Jävig".
        render={(r) => (r.withheld === 'stood_aside' ? WITHHELD : formatMoney(r.money_value, locale))}
      />
      <DataTable.Col source="sent_in_at" label="app.applications.fields.sent_in_at">
        <DateField source="sent_in_at" locales={locale} />
      </DataTable.Col>
      <DataTable.Col source="investigation" label="app.investigation.proposal" disableSort render={proposal} />
      <DataTable.Col source="my_review" label="app.reviews.columns.mine" disableSort render={myReview} />
      {reviewColumns(figures)}
    </ApplicationListShell>
  );
}
