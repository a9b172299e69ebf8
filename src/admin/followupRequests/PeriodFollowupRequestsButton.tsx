import EventNoteIcon from '@mui/icons-material/EventNote';
import { useState } from 'react';
import { Button, usePermissions } from 'react-admin';
import { hasAbility, type Ability } from '../../../resources/abilities';
import { PeriodFollowupRequestsDialog } from './PeriodFollowupRequestsDialog';

/** "Request follow-ups" of one period's approved applications, shown to those who manage applications. */
export function PeriodFollowupRequestsButton({ period }: { period: { id: number; uuid: string; name: string } | null | undefined }) {
  const { permissions } = usePermissions<Ability[]>();
  const [open, setOpen] = useState(false);
  if (!period?.uuid || !hasAbility(permissions ?? [], 'manage-applications', { id: period.id, type: 'periods' })) return null;
  return (
    <>
      <Button label="app.followup.period.button" onClick={() => setOpen(true)}>
        <EventNoteIcon />
      </Button>
      {open && <PeriodFollowupRequestsDialog period={period} onClose={() => setOpen(false)} />}
    </>
  );
}
