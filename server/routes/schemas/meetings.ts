import { Type } from 'typebox';
import { Nullable, nullableDateTime } from '../schemas.js';

// Board meetings: the list's row, one meeting with its agenda and totals (server/meetings/ builds them).
const { Integer } = Type;
const Text = Type.String;
const person = Type.Object({ id: Integer(), name: Text() });
const money = (description = 'öre') => Integer({ description });
const nullableMoney = (description = 'öre') => Nullable(Integer({ description }));
const share = (description: string) => Nullable(Integer({ minimum: 0, maximum: 10000, description }));

/** A meeting in the list. */
export const meetingRow = Type.Object({
  id: Integer(),
  period: Type.Object({ id: Integer(), uuid: Text(), name: Text() }),
  held_on: Text({ description: 'YYYY-MM-DD' }),
  place: Text(),
  chair: Nullable(person),
  adjuster: Nullable(person),
  members: Type.Array(person),
  agenda_count: Integer(),
  decided_at: nullableDateTime,
});

/** A line of the agenda: the application as the board reads it in the list, the board's decision, who stood aside. */
export const agendaItem = Type.Object({
  position: Integer(),
  application: Type.Object({
    uuid: Text(),
    reference: Nullable(Text()),
    status: Integer({ description: 'application_status' }),
    applicant: Nullable(Text({ description: 'The applicant’s name; null once anonymised' })),
    organisation: Nullable(Text()),
    category: Nullable(Text({ description: 'The categories’ labels, comma-separated' })),
    money: nullableMoney('Applied for, öre'),
    proposed_amount: nullableMoney('The mean of the sent-in reviews’ amounts, in whole kronor, as öre'),
    proposal: Type.Unsafe<'approve' | 'reject' | null>({
      type: ['string', 'null'],
      enum: ['approve', 'reject', null],
      description: 'What more of the sent-in reviews propose, approval or rejection; null when tied or none does',
    }),
    review: Type.Object({
      score: share('The weighted score, hundredths of a percent'),
      spread: share('The reviewers’ spread, hundredths of a percent'),
      reviews_in: Integer(),
      reviews_pending: Integer(),
    }),
  }),
  decided_status: Nullable(Integer({ description: 'The board’s decision: application_status approved or rejected' })),
  decided_amount: nullableMoney('Granted, öre'),
  conflicts: Type.Array(Type.Object({ user_id: Integer(), name: Text() }), {
    description: 'The members who declared a conflict of interest',
  }),
});

/** One meeting: its row, the agenda by position, the totals and the caller's own declarations. */
export const meeting = Type.Object({
  ...meetingRow.properties,
  agenda: Type.Array(agendaItem),
  totals: Type.Object({
    applied: money(),
    proposed: money(),
    decided: money('Granted by the board, öre'),
    available_money: money('The period’s amount to distribute, öre'),
    approved_elsewhere: money('Approved in the period outside this agenda, öre'),
    remaining: money('available_money − approved_elsewhere, öre'),
  }),
  my_conflicts: Type.Record(Text(), Type.Boolean(), { description: 'The caller’s declarations, by application uuid' }),
});
