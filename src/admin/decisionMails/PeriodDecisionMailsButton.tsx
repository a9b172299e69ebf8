import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { PeriodDialogButton, type ButtonPeriod } from '../PeriodDialogButton';
import { PeriodDecisionMailsDialog } from './PeriodDecisionMailsDialog';

/** "Send decision mails" for one period, shown to those who manage applications. */
export function PeriodDecisionMailsButton({ period }: { period: ButtonPeriod | null | undefined }) {
  return (
    <PeriodDialogButton
      period={period}
      label="app.decision_mails.button"
      icon={<ForwardToInboxIcon />}
      dialog={(shown, close) => <PeriodDecisionMailsDialog period={shown} onClose={close} />}
    />
  );
}
