import EventNoteIcon from '@mui/icons-material/EventNote';
import { PeriodDialogButton, type ButtonPeriod } from '../PeriodDialogButton';
import { PeriodFollowupRequestsDialog } from './PeriodFollowupRequestsDialog';

/** "Request follow-ups" of one period's approved applications, shown to those who manage applications. */
export function PeriodFollowupRequestsButton({ period }: { period: ButtonPeriod | null | undefined }) {
  return (
    <PeriodDialogButton
      period={period}
      label="app.followup.period.button"
      icon={<EventNoteIcon />}
      dialog={(shown, close) => <PeriodFollowupRequestsDialog period={shown} onClose={close} />}
    />
  );
}
