import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { invalidateApplications, useStaffQuery } from '../useStaffQuery';
import { Waiting, WorkDialog } from '../WorkDialog';

/**
 * A period's follow-up requests: how many approved applications have none yet, a confirmation stating that number,
 * then one call that requests them all (the dialog cannot be closed meanwhile) and a notice with how many were.
 */
export function PeriodFollowupRequestsDialog({ period, onClose }: { period: { uuid: string; name: string }; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const scope = ['followup-requests', period.uuid];
  // Counted afresh each time the dialog opens: others may have requested or decided since.
  const count = useStaffQuery(scope, 'countFollowupRequests', [period.uuid], { gcTime: 0 });
  const request = useMutation({
    mutationFn: () => dataProvider.requestFollowups(period.uuid),
    // Also after a failure: some may have been requested before it.
    onSettled: () => {
      void invalidateApplications(queryClient);
      void queryClient.invalidateQueries({ queryKey: scope });
    },
  });
  const busy = request.isPending;
  const t = (key: string, options?: object) => translate(`app.followup.period.${key}`, options);
  const close = <Button onClick={onClose}>{translate('ra.action.close')}</Button>;
  // Follow-ups of applications the user stood aside from are never requested by them: a colleague requests them.
  const leftToColleague = (count: number) => translate('app.withheld.left_to_colleague', { smart_count: count });

  const confirm = async () => {
    try {
      const { requested, stood_aside } = await request.mutateAsync();
      const done = t('done', { smart_count: requested });
      notify(stood_aside > 0 ? `${done} ${leftToColleague(stood_aside)}` : done, { type: 'success' });
      onClose();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  let body;
  let actions;
  if (busy) {
    body = <Waiting label={t('requesting')} />;
  } else if (count.isError) {
    body = <Alert severity="error">{count.error.message}</Alert>;
    actions = close;
  } else if (!count.data) {
    body = <Waiting label={t('counting')} />;
    actions = close;
  } else if (!count.data.pending) {
    body = (
      <Stack spacing={1}>
        <Typography>{t('none_pending')}</Typography>
        {count.data.stood_aside > 0 && <Typography>{leftToColleague(count.data.stood_aside)}</Typography>}
      </Stack>
    );
    actions = close;
  } else {
    const { pending, stood_aside } = count.data;
    body = (
      <Stack spacing={1}>
        <Typography>{t('pending', { smart_count: pending })}</Typography>
        {stood_aside > 0 && <Typography>{leftToColleague(stood_aside)}</Typography>}
      </Stack>
    );
    actions = (
      <>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void confirm()}>
          {t('confirm', { smart_count: pending })}
        </Button>
      </>
    );
  }

  return (
    <WorkDialog id="followup-requests-title" title={t('title', { name: period.name })} busy={busy} onClose={onClose} actions={actions}>
      {body}
    </WorkDialog>
  );
}
