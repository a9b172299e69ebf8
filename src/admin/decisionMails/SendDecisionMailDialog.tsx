import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { applicationScope, useStaffQuery } from '../useStaffQuery';
import { Waiting, WorkDialog } from '../WorkDialog';
import { MailPreview } from './MailPreview';

/**
 * The decision mail shown as the applicant will read it (subject and text, with the amount and the agreement), sent
 * only once staff confirm; `resend` says when it was sent before. Read afresh each time it opens.
 */
export function SendDecisionMailDialog({
  uuid,
  resendQuestion,
  sending,
  onSend,
  onClose,
}: {
  uuid: string;
  /** The question when this decision was mailed already; null for a first mail. */
  resendQuestion: string | null;
  sending: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const preview = useStaffQuery(applicationScope(uuid), 'previewDecisionMail', [uuid], { gcTime: 0 });
  const t = (key: string) => translate(`app.decision_mail.${key}`);
  return (
    <WorkDialog
      id="decision-mail-preview-title"
      title={t(resendQuestion ? 'resend_title' : 'preview_title')}
      busy={sending}
      onClose={onClose}
      long
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!preview.data || sending} onClick={onSend}>
            {t(resendQuestion ? 'resend' : 'send')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {resendQuestion && <Typography>{resendQuestion}</Typography>}
        {preview.isError ? (
          <Alert severity="error">{preview.error.message}</Alert>
        ) : preview.data ? (
          <MailPreview mail={preview.data} label={t('preview_label')} />
        ) : (
          <Waiting label={t('preview_loading')} />
        )}
      </Stack>
    </WorkDialog>
  );
}
