import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useStaffQuery } from '../useStaffQuery';
import { MailPreview } from './MailPreview';
import { useSendDecisionMails } from './useSendDecisionMails';
import { Waiting, WorkDialog } from '../WorkDialog';

/**
 * A period's decision mails: how many will be sent and how many are skipped for want of an e-mail or, for an approval,
 * of its amount (the mail states it), a confirmation, then the sending with its progress (the dialog cannot be closed
 * meanwhile) and a summary.
 */
export function PeriodDecisionMailsDialog({ period, onClose }: { period: { uuid: string; name: string }; onClose: () => void }) {
  const translate = useTranslate();
  // Counted afresh each time the dialog opens: others may have sent mails or decided since.
  const count = useStaffQuery(['decision-mails', period.uuid], 'countDecisionMails', [period.uuid], { gcTime: 0 });
  const { state, start } = useSendDecisionMails(period.uuid);
  const sending = state.step === 'sending';
  const t = (key: string, options?: object) => translate(`app.decision_mails.${key}`, options);
  const close = <Button onClick={onClose}>{translate('ra.action.close')}</Button>;
  // Mails of applications the user stood aside from are never sent by their batch: a colleague sends them.
  const leftToColleague = (count: number) => translate('app.withheld.left_to_colleague', { smart_count: count });

  let body;
  let actions;
  if (state.step === 'sending') {
    const percent = state.total ? Math.round((state.sent / state.total) * 100) : 0;
    const progress = t('progress', { sent: state.sent, total: state.total });
    body = (
      <Stack spacing={1}>
        <LinearProgress variant="determinate" value={percent} aria-label={t('progress_label')} aria-valuetext={progress} />
        <Typography aria-live="polite">{progress}</Typography>
        <Typography color="text.secondary">{t('keep_open')}</Typography>
      </Stack>
    );
  } else if (state.step === 'done') {
    body = (
      <Stack spacing={1}>
        <Alert severity="success">{t('done', { smart_count: state.sent })}</Alert>
        {state.withoutEmail > 0 && <Alert severity="info">{t('without_email', { smart_count: state.withoutEmail })}</Alert>}
        {state.withoutAmount > 0 && <Alert severity="warning">{t('without_amount', { smart_count: state.withoutAmount })}</Alert>}
        {state.stoodAside > 0 && <Alert severity="info">{leftToColleague(state.stoodAside)}</Alert>}
      </Stack>
    );
    actions = close;
  } else if (state.step === 'failed') {
    body = <Alert severity="error">{t('stopped', { sent: state.sent, total: state.total, message: state.message })}</Alert>;
    actions = close;
  } else if (count.isError) {
    body = <Alert severity="error">{count.error.message}</Alert>;
    actions = close;
  } else if (!count.data) {
    body = <Waiting label={t('counting')} />;
    actions = close;
  } else {
    const { pending, without_email, without_amount, stood_aside, example } = count.data;
    body = (
      <Stack spacing={1}>
        <Typography>{pending ? t('pending', { smart_count: pending }) : t('none_pending')}</Typography>
        {example && (
          <>
            <Typography color="text.secondary">{t('example')}</Typography>
            <MailPreview mail={example} label={t('example')} />
          </>
        )}
        {without_email > 0 && <Typography>{t('without_email', { smart_count: without_email })}</Typography>}
        {stood_aside > 0 && <Typography>{leftToColleague(stood_aside)}</Typography>}
        {without_amount > 0 && <Alert severity="warning">{t('without_amount', { smart_count: without_amount })}</Alert>}
      </Stack>
    );
    actions = pending ? (
      <>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void start(pending)}>
          {t('confirm', { smart_count: pending })}
        </Button>
      </>
    ) : (
      close
    );
  }

  return (
    <WorkDialog id="decision-mails-title" title={t('title', { name: period.name })} busy={sending} onClose={onClose} actions={actions} long>
      {body}
    </WorkDialog>
  );
}
