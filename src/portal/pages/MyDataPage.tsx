import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '../router';
import { enumKey } from '../../../resources/enums';
import { formatDate, formatDateTime } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';
import { ApiError } from '../../providers/httpClient';
import { MyEid } from '../MyEid';
import { PrivacyNotice } from '../PrivacyNotice';
import { auth } from '../providers';
import type { AccountOutcome, ErasurePreview, SentIn } from '../../providers/erasure';
import type { RegisterState } from './RegisterPage';
import { DestructiveActions } from '../DestructiveActions';
import { portalApi, portalReads, useRead } from '../portalApi';

const statusKey = (value: number) => enumKey('application_status', value) ?? 'received';

/** The message of a failed call in the chosen language: the server's own, or ours when it could not be reached. */
function failure(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 0) return t('portal.my_data.network_error');
  return (error as Error).message;
}

/** A section of the page: a card with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={`${id}-heading`}>
      <CardContent>
        <Typography variant="h5" component="h2" id={`${id}-heading`} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /mina-uppgifter: what the foundation keeps about the applicant and why (the privacy notice), a download of all of
 * it, the e-ID that signs in to the account (where the portal offers one, or one is linked) with its removal, and the
 * deletion of the account after a confirmation saying exactly what happens to each application.
 */
export default function MyDataPage() {
  const { t, locale } = useI18n();
  usePageTitle(t('portal.my_data.title'));
  const eid = useRead(portalReads.myEid(), locale).data;

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('portal.my_data.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('portal.my_data.intro')}</Typography>
      <Stack spacing={3}>
        <Section id="notice" title={t('portal.my_data.notice_heading')}>
          <PrivacyNotice />
        </Section>
        <Section id="download" title={t('portal.my_data.download_heading')}>
          <Download />
        </Section>
        {eid && (eid.provider || eid.linked_at) && (
          <Section id="eid" title={t('portal.my_data.eid_heading')}>
            <MyEid initial={eid} />
          </Section>
        )}
        <Section id="erase" title={t('portal.my_data.erase_heading')}>
          <Erasure />
        </Section>
      </Stack>
    </>
  );
}

type DownloadResult = { kind: 'saved' } | { kind: 'building'; requestedAt: string | null } | { kind: 'error'; message: string } | null;

/** Saves a file the browser holds under a name, through a temporary link. */
function saveFile(file: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The ZIP of everything kept about the applicant: at once, or (when large) built in the background and mailed. */
function Download() {
  const { t, locale } = useI18n();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DownloadResult>(null);

  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await portalApi.exportMyData();
      if ('building' in answer) {
        setResult({ kind: 'building', requestedAt: answer.building.requested_at });
      } else {
        saveFile(answer.file, answer.name ?? `${t('data_export.file_name')}.zip`);
        setResult({ kind: 'saved' });
      }
    } catch (error) {
      setResult({ kind: 'error', message: failure(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('portal.my_data.download_intro')}</Typography>
      <Button
        variant="contained"
        onClick={() => void download()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
      >
        {t('portal.my_data.download')}
      </Button>
      <Box role="status" sx={{ mt: result || busy ? 2 : 0 }}>
        {busy && <Typography color="text.secondary">{t('portal.my_data.downloading')}</Typography>}
        {result?.kind === 'saved' && <Alert severity="success">{t('portal.my_data.downloaded')}</Alert>}
        {result?.kind === 'building' && (
          <Alert severity="info">
            {t('portal.my_data.building')}
            {result.requestedAt && ` ${t('portal.my_data.requested', { date: formatDateTime(result.requestedAt, locale) })}`}
          </Alert>
        )}
      </Box>
      {result?.kind === 'error' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {result.message}
        </Alert>
      )}
    </>
  );
}

/** What deleting the account does to this applicant's drafts and applications, and the deletion itself. */
function Erasure() {
  const { t, locale } = useI18n();
  const { data, error, loading } = useRead(portalReads.erasurePreview(), locale);
  const [open, setOpen] = useState(false);

  const outcome = data && t(`portal.my_data.outcome_${data.account}`, { date: formatDate(data.kept_until, locale) });
  const sentIn = (application: SentIn) => ({
    primary: [
      application.reference && t('portal.my_data.reference', { reference: application.reference }),
      application.application_type ?? application.period,
    ]
      .filter(Boolean)
      .join(' · '),
    status: [
      application.application_type ? application.period : null,
      `${t('portal.my_data.status')}: ${t(`enums.application_status.${statusKey(application.status)}`)}`,
    ]
      .filter(Boolean)
      .join(' · '),
  });
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('portal.my_data.erase_intro')}</Typography>
      {loading && <LinearProgress aria-label={t('portal.loading')} sx={{ mb: 2 }} />}
      {error && <Alert severity="error">{failure(error, t)}</Alert>}
      {data && (
        <>
          {data.drafts.length > 0 && (
            <Box component="section" aria-labelledby="drafts-heading" sx={{ mb: 2 }}>
              <Typography variant="h6" component="h3" id="drafts-heading" gutterBottom>
                {t('portal.my_data.drafts_heading')}
              </Typography>
              <Typography>{t('portal.my_data.drafts_intro')}</Typography>
              <List disablePadding>
                {data.drafts.map((draft) => (
                  <ListItem key={draft.uuid} disableGutters divider>
                    <ListItemText
                      primary={draft.application_type ?? draft.period}
                      secondary={[
                        draft.application_type ? draft.period : null,
                        t('portal.my_data.last_saved', { date: formatDate(draft.updated_at, locale) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
          <SentInSection
            id="anonymised"
            heading={t('portal.my_data.anonymised_heading')}
            intro={t('portal.my_data.anonymised_intro')}
            applications={data.anonymised.map((application) => ({
              ...sentIn(application),
              uuid: application.uuid,
              note: application.withdrawn ? t('portal.my_data.withdrawn') : null,
            }))}
          />
          <SentInSection
            id="kept"
            heading={t('portal.my_data.kept_heading')}
            intro={t('portal.my_data.kept_intro')}
            applications={data.kept.map((application) => ({
              ...sentIn(application),
              uuid: application.uuid,
              note: application.anonymised_from
                ? t('portal.my_data.anonymised_from', { date: formatDate(application.anonymised_from, locale) })
                : null,
            }))}
          />
          <SentInSection
            id="organisations"
            heading={t('portal.my_data.organisations_heading')}
            intro={t('portal.my_data.organisations_intro')}
            applications={data.organisations.map((application) => ({
              ...sentIn(application),
              uuid: application.uuid,
              note: application.organisation,
            }))}
          />
          <Alert severity={data.account === 'closed' ? 'warning' : 'info'} sx={{ mb: 2 }}>
            {outcome}
          </Alert>
          <Button variant="outlined" color="error" startIcon={<DeleteForeverOutlinedIcon />} onClick={() => setOpen(true)}>
            {t('portal.my_data.delete')}
          </Button>
          {open && <ConfirmErasure preview={data} onClose={() => setOpen(false)} />}
        </>
      )}
    </>
  );
}

/** The confirmation: the consequences once more, a box to tick, and the deletion; then the session is forgotten. */
function ConfirmErasure({ preview, onClose }: { preview: ErasurePreview; onClose: () => void }) {
  const { t, locale } = useI18n();
  const keptUntil = formatDate(preview.kept_until, locale);
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const erase = async () => {
    if (!understood) return;
    setBusy(true);
    setError(null);
    let account: AccountOutcome;
    try {
      account = (await portalApi.eraseMe()).account;
    } catch (caught) {
      setError(caught instanceof ApiError && caught.body.errors?.confirm ? caught.body.errors.confirm : failure(caught, t));
      setBusy(false);
      return;
    }
    // The server has ended the session: forget it here as logging out does (user, stored session, enumerations),
    // without the logout call and its event, which would send the applicant to /register without this message.
    auth.session.clear();
    await auth.logout();
    const state: RegisterState = { accountDeleted: account };
    void navigate('/register', { replace: true, state });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="erase-dialog-title"
      aria-describedby="erase-dialog-text"
      maxWidth="sm"
    >
      <DialogTitle id="erase-dialog-title">{t('portal.my_data.dialog_title')}</DialogTitle>
      <DialogContent>
        <Box id="erase-dialog-text">
          <Box component="ul" sx={{ pl: 3, mt: 0 }}>
            {preview.drafts.length > 0 && (
              <li>
                <Typography>{t('portal.my_data.dialog_drafts', { smart_count: preview.drafts.length })}</Typography>
              </li>
            )}
            {preview.anonymised.length > 0 && (
              <li>
                <Typography>{t('portal.my_data.dialog_anonymised', { smart_count: preview.anonymised.length })}</Typography>
              </li>
            )}
            {preview.kept.length > 0 && (
              <li>
                <Typography>{t('portal.my_data.dialog_kept', { smart_count: preview.kept.length, date: keptUntil })}</Typography>
              </li>
            )}
            <li>
              <Typography>{t(`portal.my_data.outcome_${preview.account}`, { date: keptUntil })}</Typography>
            </li>
            <li>
              <Typography>{t('portal.my_data.dialog_signed_out')}</Typography>
            </li>
          </Box>
        </Box>
        <FormControlLabel
          control={<Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)} required />}
          label={t('portal.my_data.understand')}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DestructiveActions
        cancel={t('portal.my_data.cancel')}
        confirm={t('portal.my_data.confirm')}
        icon={<DeleteForeverOutlinedIcon />}
        onCancel={onClose}
        onConfirm={() => void erase()}
        busy={busy}
        disabled={!understood}
      />
    </Dialog>
  );
}

/** A group of applications sent in (what is anonymised at once, what is kept), each with its status and a note; none: nothing shown. */
function SentInSection({
  id,
  heading,
  intro,
  applications,
}: {
  id: string;
  heading: string;
  intro: string;
  applications: { uuid: string; primary: string; status: string; note: string | null }[];
}) {
  if (!applications.length) return null;
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ mb: 2 }}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} gutterBottom>
        {heading}
      </Typography>
      <Typography>{intro}</Typography>
      <List disablePadding>
        {applications.map((application) => (
          <ListItem key={application.uuid} disableGutters divider>
            <ListItemText
              primary={application.primary}
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block' }}>
                    {application.status}
                  </Box>
                  {application.note && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {application.note}
                    </Box>
                  )}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
