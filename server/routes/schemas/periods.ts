import { Type } from 'typebox';
import { Nullable, stringEnum } from '../schemas.js';
import { backupStatus } from './backups.js';

// Periods as the staff dashboard and the decisioning screens list them.
const { Integer } = Type;
const Text = Type.String;

/** A period the user may decide on, and where it stands today. */
export const decisionPeriod = Type.Object({
  id: Integer(),
  uuid: Text(),
  name: Text(),
  start_date: Text({ format: 'date' }),
  end_date: Text({ format: 'date' }),
  state: stringEnum(['closed', 'ended', 'open', 'upcoming'], {
    description: 'Closed by staff, else by its dates on today (Stockholm): ended, open or upcoming',
  }),
});

/** What the staff dashboard shows. */
export const dashboard = Type.Object({
  open_periods: Type.Array(
    Type.Object({ id: Integer(), uuid: Text(), name: Text(), start_date: Text({ format: 'date' }), end_date: Text({ format: 'date' }) }),
    { description: 'Open today (Stockholm), soonest ending first' },
  ),
  application_counts: Nullable(
    Type.Array(Type.Object({ status: Integer(), count: Integer() }), {
      description: 'Applications sent in per status, of the periods whose applications the user manages; null when they manage none',
    }),
  ),
  decision_periods: Nullable(
    Type.Array(decisionPeriod, { description: 'Every period the user may decide on, closed ones first; null when they may decide none' }),
  ),
  // For those who manage users; null for others and with DATABASE_URL.
  backup: Nullable(backupStatus),
});
