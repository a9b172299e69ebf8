import { Type } from 'typebox';
import { enums } from '../../../resources/enums.js';
import { body, id, money, Nullable, nullableDateTime, uuid } from '../schemas.js';
import { decisionMoney } from './decisions.js';
import { withheld } from './applicationLists.js';

// Board meetings: the list's row, one meeting with its agenda and totals (server/meetings/ builds them).
const { Integer, Optional } = Type;
const Text = Type.String;
const person = Type.Object({ id: Integer(), name: Text() });
const nullableMoney = (description: string) => Nullable(money({ description }));
const share = (description: string) => Nullable(Integer({ minimum: 0, maximum: 10000, description }));

/** A meeting in the list. */
export const meetingRow = Type.Object({
  id: Integer(),
  period: Type.Object({ id: Integer(), uuid: Text(), name: Text() }),
  held_on: Text({ description: 'YYYY-MM-DD' }),
  starts_at: Nullable(Text({ description: 'HH:MM' })),
  ends_at: Nullable(Text({ description: 'HH:MM' })),
  place: Text(),
  chair: Nullable(person),
  adjuster: Nullable(Type.Object(person.properties, { description: 'The minutes checker (justerare)' })),
  secretary: Nullable(Type.Object(person.properties, { description: 'The secretary (protokollförare)' })),
  minutes: Nullable(
    Type.Object(
      { year: Integer(), number: Integer() },
      { description: 'The minutes’ number in their year, drawn when the decisions are entered' },
    ),
  ),
  members: Type.Array(
    Type.Object({ ...person.properties, present: Nullable(Type.Boolean({ description: 'Null until the decisions are entered' })) }),
  ),
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
    money: nullableMoney('Applied for'),
    proposed_amount: nullableMoney('The mean of the sent-in reviews’ amounts, rounded to whole kronor'),
    proposal: Type.Unsafe<'approve' | 'reject' | null>({
      type: ['string', 'null'],
      enum: ['approve', 'reject', null],
      description: 'What more of the sent-in reviews propose, approval or rejection; null when tied or none does',
    }),
    review: Nullable(
      Type.Object(
        {
          score: share('The weighted score, hundredths of a percent'),
          spread: share('The reviewers’ spread, hundredths of a percent'),
          reviews_in: Integer(),
          reviews_pending: Integer(),
        },
        { description: 'Null where withheld from the caller' },
      ),
    ),
  }),
  decided_status: Nullable(Integer({ description: 'The board’s decision: application_status approved or rejected' })),
  decided_amount: nullableMoney('Granted; null where the caller stood aside'),
  changes: Nullable(
    Type.Object(
      {
        meeting_id: Integer(),
        held_on: Text({ description: 'YYYY-MM-DD' }),
        decided_status: Nullable(Integer({ description: 'What that meeting decided: application_status' })),
        decided_amount: nullableMoney('What that meeting granted; null where the caller stood aside'),
        reason: Text(),
      },
      { description: 'A changed decision ("ändrat beslut"): the earlier meeting’s decision this line changes, and why' },
    ),
  ),
  changed_by: Nullable(
    Type.Object(
      { meeting_id: Integer(), held_on: Text({ description: 'YYYY-MM-DD' }) },
      { description: 'The later meeting that changed this line’s decision' },
    ),
  ),
  conflicts: Type.Array(Type.Object({ user_id: Integer(), name: Text() }), {
    description: 'The members who stood aside from the application, at this meeting or as its reviewer',
  }),
  dissents: Type.Array(Type.Object({ user_id: Integer(), name: Text() }), {
    description: 'The members who entered their dissent (reservation) against the board’s decision',
  }),
  withheld,
});

/** One meeting: its row, the agenda by position, the totals and the caller's own declarations. */
export const meeting = Type.Object({
  ...meetingRow.properties,
  agenda: Type.Array(agendaItem),
  totals: Type.Object({
    applied: money(),
    proposed: money(),
    decided: money({ description: 'Granted by the board' }),
    available_money: money({ description: 'The period’s amount to distribute' }),
    approved_elsewhere: money({ description: 'Approved in the period outside this agenda' }),
    remaining: money({ description: 'available_money − approved_elsewhere' }),
    withheld_lines: Integer({
      description: 'Lines whose amounts (or proposals) are withheld from the caller, and left out of applied, proposed and decided',
    }),
  }),
  my_conflicts: Type.Record(Text(), Type.Boolean(), { description: 'The caller’s declarations, by application uuid' }),
});

/** A meeting as staff create or edit it: the request's body, and the admin's type of it. */
export const meetingInput = body(
  {
    period_id: id,
    held_on: Text({ maxLength: 10, description: 'YYYY-MM-DD, a Stockholm day' }),
    place: Text({ minLength: 1, maxLength: 200 }),
    member_ids: Type.Array(id, { minItems: 1, maxItems: 50, uniqueItems: true, description: 'Active staff users' }),
    chair_id: id,
    adjuster_id: id,
    secretary_id: Optional(Nullable(id)),
    starts_at: Optional(Nullable(Text({ maxLength: 5, description: 'HH:MM, Stockholm time' }))),
    ends_at: Optional(Nullable(Text({ maxLength: 5, description: 'HH:MM, after starts_at' }))),
  },
  ['period_id', 'held_on', 'place', 'member_ids', 'chair_id', 'adjuster_id'],
);

const { approved, rejected } = enums.application_status;

/** The board's decisions on a meeting's whole agenda as staff send them, with who dissented and who was absent. */
export const meetingDecisionsInput = body(
  {
    decisions: Type.Array(
      Type.Object(
        {
          application_uuid: uuid,
          status: Integer({ enum: [approved, rejected] }),
          amount: decisionMoney,
          dissent_ids: Optional(
            Type.Array(id, {
              maxItems: 50,
              uniqueItems: true,
              description: 'Members present who entered their dissent (reservation)',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
    absent_ids: Optional(
      Type.Array(id, { maxItems: 50, uniqueItems: true, description: 'The members who were absent; the rest were present' }),
    ),
  },
  ['decisions'],
);
