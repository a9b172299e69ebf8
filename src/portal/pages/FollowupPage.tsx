import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from '../router';
import { formatDate } from '../../../resources/format';
import { useI18n } from '../../components/i18n';
import { langOf } from '../../components/contentLanguage';
import { usePageTitle } from '../../components/usePageTitle';
import { ApiError } from '../../providers/httpClient';
import { FollowupForm } from '../followup/FollowupForm';
import { SentFollowup } from '../followup/SentFollowup';
import { type Followup } from '../followup/types';
import { portalReads, useRead } from '../portalApi';

/**
 * /followup/:applicationUuid: the follow-up report the foundation asked for after a grant. Until it is sent in the
 * applicant answers it (saved as typed) and attaches files; afterwards it is shown as sent. Another applicant's
 * application, an unknown one, or one with no follow-up asked for is not found.
 */
export default function FollowupPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.followup.title'));
  const { applicationUuid = '' } = useParams();
  const { data, error } = useRead(portalReads.followup(applicationUuid), locale);
  const [sent, setSent] = useState<Followup | null>(null);

  if (error instanceof ApiError && error.status === 404) return <Navigate to="/finns-inte" replace />;
  const loaded = data?.application_uuid === applicationUuid ? data : null;
  const shown = sent?.application_uuid === applicationUuid ? sent : loaded;
  return (
    <>
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('portal.followup.back')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {shown?.reference ? t('portal.followup.heading', { reference: shown.reference }) : t('portal.followup.heading_unnumbered')}
      </Typography>
      {shown && (
        <Typography color="text.secondary" sx={{ mb: 1 }} lang={langOf(locale, shown, 'period_name')}>
          {shown.period_name}
        </Typography>
      )}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!shown && !error && <LinearProgress aria-label={t('portal.loading')} />}
      {shown && !shown.sent_in_at && (
        <>
          <Typography sx={{ fontWeight: 'bold', mb: 1 }}>{t('portal.followup.due', { date: formatDate(shown.due_at, locale) })}</Typography>
          <Typography sx={{ mb: 3 }}>{t('portal.followup.intro')}</Typography>
          <FollowupForm key={shown.application_uuid} followup={shown} onSent={setSent} />
        </>
      )}
      {shown?.sent_in_at && (
        <>
          <Alert severity="success" role={sent ? 'alert' : undefined} sx={{ my: 2 }}>
            {sent ? t('portal.followup.sent') : t('portal.followup.sent_on', { date: formatDate(shown.sent_in_at, locale) })}
          </Alert>
          <SentFollowup followup={shown} />
        </>
      )}
    </>
  );
}
