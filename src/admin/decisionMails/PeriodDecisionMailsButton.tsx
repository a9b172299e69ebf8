import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useState } from 'react';
import { Button, usePermissions } from 'react-admin';
import { hasAbility, type Ability } from '../../../resources/abilities';
import { PeriodDecisionMailsDialog } from './PeriodDecisionMailsDialog';

/** "Send decision mails" for one period, shown to those who manage applications. */
export function PeriodDecisionMailsButton({ period }: { period: { id: number; uuid: string; name: string } | null | undefined }) {
  const { permissions } = usePermissions<Ability[]>();
  const [open, setOpen] = useState(false);
  if (!period?.uuid || !hasAbility(permissions ?? [], 'manage-applications', { id: period.id, type: 'periods' })) return null;
  return (
    <>
      <Button label="app.decision_mails.button" onClick={() => setOpen(true)}>
        <ForwardToInboxIcon />
      </Button>
      {open && <PeriodDecisionMailsDialog period={period} onClose={() => setOpen(false)} />}
    </>
  );
}
