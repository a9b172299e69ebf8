import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatDate } from '../../../resources/format';
import { includes } from '../../../resources/includes';
import { useApplicationMutation, useApplicationQuery } from '../useStaffQuery';
import { SendDecisionMailDialog } from '../decisionMails/SendDecisionMailDialog';
import { useDecisionLabel } from './decisionLabel';

const { approved, rejected } = enums.application_status;

/**
 * The decision mail to the applicant: sent once the decision (approved or rejected) is saved; once sent, its date and
 * a way to send it again after a confirmation; a decision changed after its mail is said to be so and sent without
 * one. Beside it, whether the applicant sees the decision yet (server/applicationCore/told.ts), and a way to show it to
 * them without a mail, after a confirmation. Each reloads the application and the lists, whose progress shows the date.
 */
export function DecisionMail({ uuid, status }: { uuid: string; status: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { data: application } = useApplicationQuery('getApplication', uuid);
  const send = useApplicationMutation(uuid, (dataProvider, resend: boolean) => dataProvider.sendDecisionMail(uuid, resend));
  const release = useApplicationMutation(uuid, (dataProvider) => dataProvider.releaseDecision(uuid));
  const [asking, setAsking] = useState<'send' | 'release' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const decided = includes([approved, rejected], status);
  const sentAt = application?.distribution_mail_sent_at ?? null;
  const date = formatDate(sentAt, locale);
  // Sent, but of a decision since changed: the applicant is still to be told this one, with no resend to confirm.
  const changed = !!application?.progress.decision_changed_after_mail;
  const current = !!sentAt && !changed;
  const releasedAt = application?.decision_released_at ?? null;
  const decision = useDecisionLabel()(status, application?.approved_money ?? null);

  const run = async (change: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await change();
      notify(done, { type: 'success' });
    } catch (failure) {
      setMessage((failure as Error).message);
    } finally {
      setAsking(null);
    }
  };
  const mail = (resend: boolean) => run(() => send.mutateAsync(resend), 'app.decision_mail.done');

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
            {changed ? (
              <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
                {translate('app.decision_mail.changed', { date })}
              </Alert>
            ) : (
              <Typography>{sentAt ? translate('app.decision_mail.sent_at', { date }) : translate('app.decision_mail.not_sent')}</Typography>
            )}
            <Button
              variant={current ? 'outlined' : 'contained'}
              startIcon={<SendIcon />}
              disabled={send.isPending}
              onClick={() => setAsking('send')}
            >
              {translate(current ? 'app.decision_mail.resend' : changed ? 'app.decision_mail.send_changed' : 'app.decision_mail.send')}
            </Button>
            <Typography color="text.secondary">
              {releasedAt
                ? translate('app.decision_mail.released_at', { date: formatDate(releasedAt, locale) })
                : translate('app.decision_mail.not_released')}
            </Typography>
            {application && !releasedAt && (
              <Button variant="outlined" startIcon={<VisibilityIcon />} disabled={release.isPending} onClick={() => setAsking('release')}>
                {translate('app.decision_mail.release')}
              </Button>
            )}
          </>
        )}
        {message && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {message}
          </Alert>
        )}
      </Stack>
      {asking === 'send' && (
        <SendDecisionMailDialog
          uuid={uuid}
          resendQuestion={current ? translate('app.decision_mail.resend_question', { date }) : null}
          sending={send.isPending}
          onSend={() => void mail(current)}
          onClose={() => setAsking(null)}
        />
      )}
      <Confirm
        isOpen={asking === 'release'}
        loading={release.isPending}
        title="app.decision_mail.release_title"
        content={translate('app.decision_mail.release_question', { decision })}
        confirm="app.decision_mail.release"
        onConfirm={() => void run(() => release.mutateAsync(undefined), 'app.decision_mail.released')}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
