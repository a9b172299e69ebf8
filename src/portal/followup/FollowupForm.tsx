import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider } from '@mui/material';
import { useRef, useState } from 'react';
import { useI18n } from '../../components/i18n';
import { inputId } from '../../forms/application/fieldIds';
import type { FieldProblem } from '../../forms/application/validation';
import { ApiError } from '../../providers/httpClient';
import { ProblemList } from '../apply/ProblemList';
import { SaveStatus } from '../apply/SaveStatus';
import { fieldProblem, followupFields, MAX_COUNT, MAX_LENGTH, missingFields, type FollowupField } from './answers';
import { FollowupFiles } from './FollowupFiles';
import { FollowupQuestions } from './FollowupQuestions';
import { type Followup } from './types';
import { useFollowupDraft } from './useFollowupDraft';
import { portalApi } from '../portalApi';

/** A problem of the list, with its reason to show beside the field. */
type Problem = FieldProblem & { reason: string };

/**
 * The report while it can be changed: the questions saved as typed, the attachments, and sending it in. Sending first
 * checks every answer in the browser (each missing or wrong one listed as a link to its field), then asks to confirm,
 * since a report sent in cannot be changed; the server's 422 is listed the same way, any other failure keeps all.
 */
export function FollowupForm({ followup, onSent }: { followup: Followup; onSent: (sent: Followup) => void }) {
  const { t, locale } = useI18n();
  const { values, change, flush, forget, savedAt, state, serverErrors } = useFollowupDraft(followup);
  const [files, setFiles] = useState(followup.files);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problemList = useRef<HTMLDivElement>(null);
  const uuid = followup.application_uuid;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);

  const label = (field: string) =>
    followupFields.includes(field as FollowupField) ? t(`portal.followup.${field}`) : t('portal.followup.files');
  const problem = (field: string, reason?: string): Problem => ({
    field,
    step: 0,
    label: label(field),
    message: reason ? t('portal.followup.problem', { name: label(field), message: reason }) : label(field),
    reason: reason ?? t('portal.followup.required'),
  });
  /**
   * The browser's check: the missing answers by name, and what is typed wrong with its reason, the server's for an
   * answer it refused to save (which would otherwise be sent in as it was before).
   */
  const check = (): Problem[] => {
    const missing = new Set(missingFields(values));
    return followupFields.flatMap((field) => {
      const wrong = fieldProblem(field, values[field]);
      if (wrong === 'not_whole') return [problem(field, t('portal.followup.not_whole', { max: number(MAX_COUNT) }))];
      if (wrong === 'too_long')
        return [problem(field, t('portal.followup.too_long', { max: number(MAX_LENGTH[field as keyof typeof MAX_LENGTH]) }))];
      if (serverErrors[field]) return [problem(field, serverErrors[field])];
      return missing.has(field) ? [problem(field)] : [];
    });
  };
  const showProblems = (list: Problem[]) => {
    setProblems(list);
    // After the list is drawn, so a screen reader reads it and the applicant sees it.
    setTimeout(() => problemList.current?.focus());
  };

  const trySend = () => {
    setFailure(null);
    const found = check();
    if (found.length) showProblems(found);
    else {
      setProblems([]);
      setConfirming(true);
    }
  };

  const send = async () => {
    setConfirming(false);
    setSending(true);
    try {
      // The last answers must be on the server before it checks them.
      if (!(await flush())) throw new Error('not saved');
      const sent = await portalApi.submitFollowup(uuid);
      forget();
      onSent(sent);
    } catch (error) {
      const errors = error instanceof ApiError && error.status === 422 ? error.body.errors : undefined;
      if (errors && Object.keys(errors).length) showProblems(Object.entries(errors).map(([field, message]) => problem(field, message)));
      else setFailure(t('errors.followup_error'));
    } finally {
      setSending(false);
    }
  };

  const open = (p: FieldProblem) => document.getElementById(inputId(p.field))?.focus();
  /** A change also takes its field's problem off the list. */
  const edit: typeof change = (field, value) => {
    change(field, value);
    setProblems((shown) => shown.filter((p) => p.field !== field));
  };
  // Beside a field: why the send-in was refused, else the server's reason for refusing a save.
  const errors: Partial<Record<FollowupField, string>> = { ...serverErrors };
  for (const p of problems) errors[p.field as FollowupField] = p.reason;

  return (
    <Box>
      <FollowupQuestions values={values} change={edit} onLeave={() => void flush()} errors={errors} disabled={sending} />
      <Box sx={{ mt: 1, mb: 3 }}>
        <SaveStatus state={state} savedAt={savedAt} texts="portal.followup" />
      </Box>
      <Divider sx={{ mb: 3 }} />
      <FollowupFiles applicationUuid={uuid} files={files} maxBytes={followup.upload_max_bytes} onChange={setFiles} readOnly={sending} />
      <Divider sx={{ my: 3 }} />
      {problems.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <ProblemList ref={problemList} problems={problems} title={t('portal.followup.problems')} onOpen={open} />
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Button variant="contained" size="large" endIcon={<SendIcon />} onClick={trySend} disabled={sending}>
        {sending ? t('portal.followup.sending') : t('portal.followup.send')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="followup-confirm-title">
        <DialogTitle id="followup-confirm-title">{t('portal.followup.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('portal.followup.confirm_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('portal.followup.cancel')}</Button>
          <Button variant="contained" onClick={() => void send()} autoFocus>
            {t('portal.followup.confirm_send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
