import { Box, Link, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatDate, formatMoney } from '../../../resources/format';
import { API_PREFIX } from '../../providers/config';
import type { StaffApplication } from '../../providers/staffMethods';
import { DecisionSection } from './DecisionSection';
import { useApplicantName } from './applicantName';
import { HistoryTimeline } from './HistoryTimeline';
import { InvestigationSection } from './InvestigationSection';
import { InvestigatorsSection } from './InvestigatorsSection';
import { statusKey } from './statuses';

/**
 * The dialog's "Application" tab: what was sent in, then the decision and investigators (or one's own investigation) and
 * the history. `read` is a board member's reading from their meeting: what was sent in alone, the files named but not
 * linked, as the application's own routes are not theirs.
 */
export function ApplicationDetails({ data, mode }: { data: StaffApplication; mode: 'manage' | 'investigate' | 'read' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const applicantName = useApplicantName();
  const goalLabels = (codes: number[] | undefined) =>
    (codes ?? [])
      .map((code) => Object.entries(enums.global_goal).find(([, value]) => value === code)?.[0])
      .filter((key) => key !== undefined)
      .map((key) => translate(`enums.global_goal.${key}`))
      .join(', ');

  const row = (label: string, value: React.ReactNode) => (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '–' : value}
      </Typography>
    </>
  );

  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: 1, m: 0, mb: 3 }}>
        {row(translate('app.applications.fields.applicant'), applicantName(data.applicant))}
        {row(translate('app.applications.fields.status'), translate(`enums.application_status.${statusKey(data.status)}`))}
        {row(translate('app.applications.fields.period'), data.period?.name)}
        {row(translate('app.applications.fields.money_value'), formatMoney(data.money, locale))}
        {row(translate('app.applications.fields.approved_money'), formatMoney(data.approved_money, locale))}
        {row(translate('app.applications.fields.sent_in_at'), formatDate(data.sent_in_at, locale))}
        {/* The goals the applicant chose; the decision's own are in the decision below. */}
        {row(translate('resources.applications.fields.global_goals'), goalLabels(data.global_goals))}
        {row(translate('resources.applications.fields.org_name'), data.org_name && `${data.org_name} (${data.org_number ?? ''})`)}
        {row(
          translate('app.applications.fields.contact'),
          [`${data.contact_first_name ?? ''} ${data.contact_last_name ?? ''}`.trim(), data.contact_email, data.contact_phone]
            .filter(Boolean)
            .join(', '),
        )}
        {data.questions?.map((q) => {
          const answer = data.definitions?.[String(q.id)];
          const files = data.files?.filter((f) => f.field_definition_id === q.id) ?? [];
          const value =
            q.type === enums.field_type.media
              ? files.map((f) =>
                  mode === 'read' ? (
                    <Typography key={f.uuid}>{f.name}</Typography>
                  ) : (
                    <Link key={f.uuid} href={`${API_PREFIX}/applications/${data.uuid}/files/${f.uuid}`} sx={{ display: 'block' }}>
                      {f.name}
                    </Link>
                  ),
                )
              : Array.isArray(answer)
                ? answer.join(', ')
                : (answer as string | number | null | undefined);
          return (
            <Box key={q.id} sx={{ display: 'contents' }}>
              {row(q.label, value as React.ReactNode)}
            </Box>
          );
        })}
      </Box>
      {mode === 'manage' && (
        <>
          <DecisionSection uuid={data.uuid} />
          <InvestigatorsSection uuid={data.uuid} />
        </>
      )}
      {mode === 'investigate' && <InvestigationSection uuid={data.uuid} />}
      {mode !== 'read' && (
        <>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('app.applications.history')}
          </Typography>
          <HistoryTimeline uuid={data.uuid} />
        </>
      )}
    </>
  );
}
