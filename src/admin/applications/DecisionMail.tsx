import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatDate } from '../../../resources/format';
import { includes } from '../../../resources/includes';
import { useApplicationMutation, useApplicationQuery } from '../useStaffQuery';

const { approved, rejected } = enums.application_status;

/**
 * The decision mail to the applicant: sent once the decision (approved or rejected) is saved; once sent, its date and
 * a way to send it again after a confirmation. Sending reloads the application and the lists, whose progress shows
 * the date.
 */
export function DecisionMail({ uuid, status }: { uuid: string; status: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { data: application } = useApplicationQuery('getApplication', uuid);
  const send = useApplicationMutation(uuid, (dataProvider, resend: boolean) => dataProvider.sendDecisionMail(uuid, resend));
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const decided = includes([approved, rejected], status);
  const sentAt = application?.distribution_mail_sent_at ?? null;
  const date = formatDate(sentAt, locale);

  const mail = async (resend: boolean) => {
    setMessage(null);
    try {
      await send.mutateAsync(resend);
      notify('app.decision_mail.done', { type: 'success' });
    } catch (failure) {
      setMessage((failure as Error).message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="decision-mail-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="decision-mail-heading" gutterBottom>
        {translate('app.decision_mail.title')}
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {!decided ? (
          <Typography color="text.secondary">{translate('app.decision_mail.undecided')}</Typography>
        ) : (
          <>
            <Typography>{sentAt ? translate('app.decision_mail.sent_at', { date }) : translate('app.decision_mail.not_sent')}</Typography>
            <Button
              variant={sentAt ? 'outlined' : 'contained'}
              startIcon={<SendIcon />}
              disabled={send.isPending}
              onClick={() => (sentAt ? setAsking(true) : void mail(false))}
            >
              {translate(sentAt ? 'app.decision_mail.resend' : 'app.decision_mail.send')}
            </Button>
          </>
        )}
        {message && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {message}
          </Alert>
        )}
      </Stack>
      <Confirm
        isOpen={asking}
        loading={send.isPending}
        title="app.decision_mail.resend_title"
        content={translate('app.decision_mail.resend_question', { date })}
        confirm="app.decision_mail.resend"
        onConfirm={() => void mail(true)}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
