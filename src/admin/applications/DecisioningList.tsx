import { DataTable, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { listedStatuses } from '../../../resources/applications';
import { formatMoney } from '../../../resources/format';
import { ApplicationListShell, statusFilter, type ApplicationRow } from './ApplicationListShell';
import { useApplicantName } from './applicantName';
import { useStatusChoices, useStatusLabel } from './statuses';

/**
 * decisioning/{period_uuid}/{period_name}: one period's applications for investigators, 50 a page with the status
 * filter; no search, edit or export.
 */
export default function DecisioningList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { periodUuid = '', periodName = '' } = useParams();
  const statusLabel = useStatusLabel();
  const applicantName = useApplicantName();
  const statusChoices = useStatusChoices(listedStatuses);
  const money = (r: ApplicationRow) => formatMoney(r.money_value, locale);
  return (
    <ApplicationListShell<ApplicationRow>
      resource="decisioning"
      // The list's address names the period.
      queryOptions={{ meta: { endpoint: `applications/decisioning/${encodeURIComponent(periodUuid)}` } }}
      storeKey={`decisioning.${periodUuid}`}
      title={translate('app.decisioning.title', { period: periodName })}
      filters={[statusFilter(statusChoices, 220)]}
      sort={{ field: 'reference', order: 'ASC' }}
      secondaryText={(r) => `${statusLabel(r.status)} · ${r.period?.name ?? ''}`}
      tertiaryText={money}
    >
      <DataTable.Col source="reference" label="app.applications.fields.reference" />
      <DataTable.Col<ApplicationRow> source="status" label="app.applications.fields.status" render={(r) => statusLabel(r.status)} />
      <DataTable.Col<ApplicationRow>
        source="applicant"
        label="app.applications.fields.applicant"
        render={(r) => applicantName(r.applicant)}
      />
      <DataTable.Col<ApplicationRow> source="period" label="app.applications.fields.period" render={(r) => r.period?.name} />
      <DataTable.Col source="money" label="app.applications.fields.money_value" align="right" render={money} />
    </ApplicationListShell>
  );
}
