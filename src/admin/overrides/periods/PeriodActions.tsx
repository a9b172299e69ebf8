import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import { PeriodDecisionMailsButton } from '../../decisionMails/PeriodDecisionMailsButton';
import { PeriodFollowupRequestsButton } from '../../followupRequests/PeriodFollowupRequestsButton';
import { PeriodReviewersButton } from '../../applications/reviews/PeriodReviewersButton';
import { PeriodContactsButton } from './PeriodContactsButton';

/** Open or close the period, each after a confirmation question; its contacts; its decision mails, follow-ups and reviewers. */
export function PeriodActions() {
  const record = useRecordContext<{ id: number; uuid: string; name: string; closed: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const toggle = useMutation({
    mutationFn: (period: { id: number; closed: boolean }) => dataProvider.setPeriodOpen(period.id, period.closed),
    // The period's list and record show whether it is closed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['periods'] }),
  });
  if (!record) return null;
  const action = record.closed ? 'open' : 'close';

  const confirm = async () => {
    try {
      await toggle.mutateAsync(record);
      notify(`app.periods.${action}_done`, { type: 'success', messageArgs: { name: record.name } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <PeriodContactsButton />
      <PeriodDecisionMailsButton period={record} />
      <PeriodFollowupRequestsButton period={record} />
      <PeriodReviewersButton period={record} />
      <Button label={`app.periods.${action}`} onClick={() => setAsking(true)}>
        {record.closed ? <LockOpenIcon /> : <LockIcon />}
      </Button>
      <Confirm
        isOpen={asking}
        loading={toggle.isPending}
        title={translate(`app.periods.${action}_title`, { name: record.name })}
        content={translate(`app.periods.${action}_question`, { name: record.name })}
        confirm={`app.periods.${action}`}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
