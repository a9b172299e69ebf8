import { enums } from '../../../resources/enums';
import type { AgendaItem, Meeting, MeetingRow } from '../../providers/staffMethods';

// The meetings the meetings' component tests read. Imported only by tests.

export const anna = { id: 1, name: 'Anna Admin' };
export const bertil = { id: 9, name: 'Bertil Berg' };
export const cecilia = { id: 12, name: 'Cecilia Ek' };

/** A meeting of the spring period in the list, not decided, with two applications on its agenda. */
export const meetingRow = (fields: Partial<MeetingRow> = {}): MeetingRow => ({
  id: 5,
  period: { id: 7, uuid: 'p7', name: 'Våren 2026' },
  held_on: '2026-06-11',
  starts_at: '18:00',
  ends_at: null,
  place: 'Sparbankshuset, Ystad',
  chair: anna,
  adjuster: bertil,
  secretary: null,
  minutes: null,
  members: [anna, bertil, cecilia].map((member) => ({ ...member, present: null })),
  agenda_count: 2,
  decided_at: null,
  ...fields,
});

/** An agenda line: reviewed, with a proposal, nobody standing aside unless said. */
export const agendaItem = (
  position: number,
  application: Partial<AgendaItem['application']> & Pick<AgendaItem['application'], 'uuid' | 'reference'>,
  fields: Partial<AgendaItem> = {},
): AgendaItem => ({
  position,
  application: {
    status: enums.application_status.ongoing,
    applicant: 'Åsa Öström',
    organisation: 'Ystads scoutkår',
    category: 'Barn och unga',
    money: 80_000_00,
    proposed_amount: 60_000_00,
    proposal: 'approve',
    review: { score: 8250, spread: 500, reviews_in: 2, reviews_pending: 0 },
    ...application,
  },
  decided_status: null,
  decided_amount: null,
  changes: null,
  changed_by: null,
  conflicts: [],
  dissents: [],
  withheld: null,
  ...fields,
});

/** The meeting with its agenda: the period has 150 000 kr, of which 50 000 kr is granted outside the meeting. */
export const meeting = (fields: Partial<Meeting> = {}): Meeting => ({
  ...meetingRow(),
  agenda: [
    agendaItem(1, { uuid: 'a-1', reference: '2026-0001' }),
    agendaItem(2, {
      uuid: 'a-2',
      reference: '2026-0002',
      applicant: 'Erik Lund',
      organisation: null,
      money: 30_000_00,
      proposed_amount: null,
      proposal: 'reject',
      review: { score: 4100, spread: 0, reviews_in: 1, reviews_pending: 1 },
    }),
  ],
  totals: {
    applied: 110_000_00,
    proposed: 60_000_00,
    decided: 0,
    available_money: 150_000_00,
    approved_elsewhere: 50_000_00,
    remaining: 100_000_00,
    withheld_lines: 0,
  },
  my_conflicts: {},
  ...fields,
});
