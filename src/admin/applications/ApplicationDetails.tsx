import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../resources/format';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { StaffApplication } from '../../providers/staffMethods';
import { saveFile } from '../downloadFile';
import { ApplicationAnswers } from './ApplicationAnswers';
import { EligibilityAnswers } from '../eligibility/EligibilityAnswers';
import { DecisionSection } from './DecisionSection';
import { useApplicantName } from './applicantName';
import { HistoryTimeline } from './HistoryTimeline';
import { InvestigationSection } from './InvestigationSection';
import { InvestigatorsSection } from './InvestigatorsSection';
import { statusKey } from './statuses';
import { SignalsSection } from '../signals/SignalsSection';

/** Downloads the whole application as one PDF, in the UI's language. */
function PdfButton({ data }: { data: StaffApplication }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const fallback = translate('app.applications.pdf.filename', { reference: data.reference ?? data.uuid });
      saveFile(await dataProvider.getApplicationPdf(data.uuid), fallback);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<PictureAsPdf />} onClick={() => void download()} disabled={downloading} sx={{ mb: 2 }}>
      {translate(downloading ? 'app.applications.pdf.downloading' : 'app.applications.pdf.download')}
    </Button>
  );
}

/**
 * The dialog's "Application" tab: who applied, the status and when it was sent in, then everything the applicant sent
 * step by step (ApplicationAnswers), then the decision and investigators (or one's own investigation) and the history.
 * `read` is a board member's reading from their meeting: what was sent in alone, the files named but not linked, and
 * no PDF, as the application's own routes are not theirs.
 */
export function ApplicationDetails({ data, mode }: { data: StaffApplication; mode: 'manage' | 'investigate' | 'read' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const applicantName = useApplicantName();

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
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: 1, m: 0, mb: 2 }}>
        {row(translate('app.applications.fields.applicant'), applicantName(data.applicant))}
        {row(translate('app.applications.fields.status'), translate(`enums.application_status.${statusKey(data.status)}`))}
        {row(translate('app.applications.fields.approved_money'), formatMoney(data.approved_money, locale))}
        {row(translate('app.applications.fields.sent_in_at'), formatDate(data.sent_in_at, locale))}
      </Box>
      {mode !== 'read' && <PdfButton data={data} />}
      <EligibilityAnswers answers={data.eligibility_answers} />
      {/* What it matches of others' applications, to check: before the answers, as it bears on reading them. */}
      {mode === 'manage' && <SignalsSection uuid={data.uuid} />}
      <Box sx={{ mb: 3 }}>
        <ApplicationAnswers data={data} mode={mode} />
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
