import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate, type HttpError } from 'react-admin';
import { enums } from '../../../../resources/enums';
import { errorBody, type StaffDataProvider } from '../../../providers/dataProvider';
import { PeriodDialogButton, type ButtonPeriod } from '../../PeriodDialogButton';
import { invalidateApplications } from '../../useStaffQuery';
import { Waiting, WorkDialog } from '../../WorkDialog';
import { ReviewerPicker } from './ReviewerPicker';

/** "Assign reviewers to the whole period", shown to those who manage the period's applications. */
export function PeriodReviewersButton({ period }: { period: ButtonPeriod | null | undefined }) {
  return (
    <PeriodDialogButton
      period={period}
      label="app.reviews.period.button"
      icon={<GroupAddIcon />}
      dialog={(shown, close) => <PeriodReviewersDialog period={shown} onClose={close} />}
    />
  );
}

/** The applications the server assigns a period's reviewers to: sent in and not yet decided. */
const undecided = [enums.application_status.received, enums.application_status.ongoing];

/**
 * Reviewers chosen for every sent-in, undecided application of a period: the confirmation names how many applications
 * that is, then one call assigns them (the dialog cannot be closed meanwhile) and a notice says what it did.
 */
export function PeriodReviewersDialog({ period, onClose }: { period: ButtonPeriod; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string>();
  // Counted afresh each time the dialog opens: others may have decided since.
  const count = useGetList(
    'applications',
    { filter: { period: period.id, status: undecided }, pagination: { page: 1, perPage: 1 }, sort: { field: 'reference', order: 'ASC' } },
    { gcTime: 0 },
  );
  const assign = useMutation({
    mutationFn: () => dataProvider.addPeriodReviewers(period.uuid, chosen),
    onSuccess: () => void invalidateApplications(queryClient),
  });
  const busy = assign.isPending;
  const t = (key: string, options?: object) => translate(`app.reviews.period.${key}`, options);
  const applications = count.total ?? 0;

  const confirm = async () => {
    setProblem(undefined);
    try {
      const done = await assign.mutateAsync();
      const assigned = t('done', { smart_count: done.applications, added: done.added });
      // Applications the user stood aside from are left out: a colleague puts their reviewers on.
      const left = translate('app.withheld.left_to_colleague', { smart_count: done.stood_aside });
      notify(done.stood_aside > 0 ? `${assigned} ${left}` : assigned, { type: 'success' });
      onClose();
    } catch (failure) {
      setProblem(errorBody(failure as HttpError)?.errors?.user_ids);
      notify((failure as Error).message, { type: 'error' });
    }
  };

  let body;
  let actions = <Button onClick={onClose}>{translate('ra.action.close')}</Button>;
  if (busy) {
    body = <Waiting label={t('assigning')} />;
  } else if (count.error) {
    body = <Alert severity="error">{count.error.message}</Alert>;
  } else if (count.isPending) {
    body = <Waiting label={t('counting')} />;
  } else if (!applications) {
    body = <Typography>{t('none')}</Typography>;
  } else {
    body = (
      <Stack spacing={2}>
        <Typography>{t('intro', { smart_count: applications })}</Typography>
        <ReviewerPicker value={chosen} onChange={setChosen} problem={problem} />
      </Stack>
    );
    actions = (
      <>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!chosen.length} onClick={() => void confirm()}>
          {t('confirm', { smart_count: applications, reviewers: chosen.length })}
        </Button>
      </>
    );
  }

  return (
    <WorkDialog id="period-reviewers-title" title={t('title', { name: period.name })} busy={busy} onClose={onClose} actions={actions}>
      {body}
    </WorkDialog>
  );
}
