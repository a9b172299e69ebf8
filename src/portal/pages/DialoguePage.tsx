import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { Link as RouterLink, Navigate, useParams } from '../router';
import { enums } from '../../../resources/enums';
import { useI18n } from '../../components/i18n';
import { langOf } from '../../components/contentLanguage';
import { usePageTitle } from '../../components/usePageTitle';
import type { ApplicationForm } from '../../forms/application/types';
import { ApiError } from '../../providers/httpClient';
import { MessageComposer } from '../dialogue/MessageComposer';
import { MessageThread } from '../dialogue/MessageThread';
import { useThread } from '../dialogue/useThread';
import { portalReads, useRead } from '../portalApi';

/** The thread and the message box of an application sent in. */
function Dialogue({ application }: { application: ApplicationForm }) {
  const { t } = useI18n();
  const { messages, error, add } = useThread(application.uuid);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('portal.dialogue.thread')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {messages ? (
        <MessageThread applicationUuid={application.uuid} messages={messages} />
      ) : (
        !error && <LinearProgress aria-label={t('portal.loading')} />
      )}
      <MessageComposer applicationUuid={application.uuid} maxBytes={application.upload_max_bytes} onSent={add} />
    </>
  );
}

/**
 * /dialog/:applicationUuid: the applicant's dialogue with the foundation about one of their applications. A draft has
 * none yet (a way on to finish it instead); another applicant's application or an unknown one is not found.
 */
export default function DialoguePage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.dialogue.title'));
  const { applicationUuid = '' } = useParams();
  const { data: application, error } = useRead(portalReads.application(applicationUuid), locale);

  if (error instanceof ApiError && error.status === 404) return <Navigate to="/finns-inte" replace />;
  const shown = application?.uuid === applicationUuid ? application : null;
  const draft = shown?.status === enums.application_status.draft;
  return (
    <>
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        {t('portal.dialogue.back')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {shown?.reference ? t('portal.dialogue.heading', { reference: shown.reference }) : t('portal.dialogue.heading_unnumbered')}
      </Typography>
      {shown && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {shown.application_type && (
            <>
              <span lang={langOf(locale, shown, 'application_type')}>{shown.application_type}</span> ·{' '}
            </>
          )}
          <span lang={langOf(locale, shown.period, 'name')}>{shown.period.name}</span>
        </Typography>
      )}
      {error && <Alert severity="error">{error.message}</Alert>}
      {!shown && !error && <LinearProgress aria-label={t('portal.loading')} />}
      {shown && draft && (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            shown.period.open ? (
              <Button component={RouterLink} to={`/ansok/${shown.period_id}?application=${shown.uuid}`} color="inherit">
                {t('portal.dialogue.continue')}
              </Button>
            ) : undefined
          }
        >
          {t('portal.dialogue.not_open')}
        </Alert>
      )}
      {shown && !draft && (
        <>
          <Typography sx={{ mb: 2 }}>{t('portal.dialogue.intro')}</Typography>
          <Box>
            <Dialogue key={shown.uuid} application={shown} />
          </Box>
        </>
      )}
    </>
  );
}
