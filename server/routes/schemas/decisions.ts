import { Type } from 'typebox';
import { MAX_MONEY } from '../../../resources/applications.js';
import { enums } from '../../../resources/enums.js';
import { body, dateTime, money, Nullable, nullableDateTime } from '../schemas.js';

// The decision on an application sent in, and its mail to the applicant: one application's, or a period's in rounds.
const { Integer } = Type;

/** An amount of the decision: what a body may give and an answer says. */
export const decisionMoney = Nullable(money({ minimum: 0, maximum: MAX_MONEY }));

const { approved, rejected } = enums.application_status;
const GOALS = Nullable(Type.Array(Integer({ minimum: 1, maximum: 17 }), { maxItems: 17, uniqueItems: true }));

/** A decision as staff send it (PUT /applications/{uuid}/decision). */
export const decisionInput = body(
  {
    status: Integer({ enum: [approved, rejected] }),
    approved_money: decisionMoney,
    approved_fou: decisionMoney,
    approved_nok: decisionMoney,
    global_goals: GOALS,
    reason: Type.String({ maxLength: 2000, description: 'Why a told decision is changed; required then' }),
  },
  ['status'],
);

export const decision = Type.Object({
  status: Integer({ description: 'application_status' }),
  approved_money: decisionMoney,
  approved_fou: decisionMoney,
  approved_nok: decisionMoney,
  global_goals: Type.Array(Integer(), { description: 'The global goals the decision names' }),
  applicant_global_goals: Type.Array(Integer(), { description: 'The global goals the applicant gave' }),
  decided_at: nullableDateTime,
  board: Nullable(
    Type.Object(
      { meeting_id: Integer(), held_on: Type.String({ description: 'YYYY-MM-DD' }) },
      { description: 'The meeting whose decision this is: only a later meeting changes it' },
    ),
  ),
  told: Type.Boolean({ description: 'The applicant has been told the decision: a change then waits for a second person' }),
  pending_change: Nullable(
    Type.Object(
      {
        status: Integer({ description: 'application_status' }),
        approved_money: decisionMoney,
        approved_fou: decisionMoney,
        approved_nok: decisionMoney,
        global_goals: Type.Array(Integer()),
        reason: Type.String(),
        asked_by: Type.Object({ id: Integer(), name: Type.String() }),
        asked_at: dateTime,
      },
      { description: 'A change of the told decision, asked for and waiting for another’s approval' },
    ),
  ),
  uses_money_distribution_cap: Type.Boolean(),
  cap: Nullable(
    Type.Object(
      { available_money: money(), approved_elsewhere: money(), remaining: money() },
      { description: 'Only for a period that uses the money distribution cap' },
    ),
  ),
});

/** One application's decision mail, sent. */
export const decisionMailSent = Type.Object({ distribution_mail_sent_at: dateTime });
/** One application's decision, released to the applicant without a mail. */
export const decisionReleased = Type.Object({ released_at: dateTime });

const counts = {
  without_email: Integer({ description: 'Decided, not yet mailed, and the applicant has no usable address: never sent by a batch' }),
  without_amount: Integer({
    description: 'Approved without an approved amount, not yet mailed: never sent (the mail states the amount) until decided with one',
  }),
  stood_aside: Integer({
    description: 'Not yet mailed, of applications the caller stood aside from: never sent by their batch (a colleague sends them)',
  }),
};

/** How many of a period's decision mails wait to be sent, for the confirmation before sending them. */
/** A decision mail as its applicant will read it, shown before it is sent. */
export const decisionMailPreview = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  body: Type.String({
    description:
      'The whole text: greeting, the template filled in, the agreement’s files, the signature; the sign-in link as where it leads',
  }),
  sent_at: nullableDateTime,
});

export const decisionMailCount = Type.Object({
  pending: Integer({ description: 'Decided applications not yet mailed whose applicant can be reached' }),
  ...counts,
  // The first mail the batch would send, as its applicant will read it; null when none waits.
  example: Nullable(decisionMailPreview),
});

/** One round of a period's decision mails: how many went, how many are left. */
export const decisionMailRound = Type.Object({
  sent: Integer({ description: 'Sent by this call' }),
  remaining: Integer({ description: 'Still to send (those without an address or an amount not counted)' }),
  ...counts,
});
