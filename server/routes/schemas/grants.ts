import { Type } from 'typebox';
import { MAX_MONEY } from '../../../resources/applications.js';
import { enums } from '../../../resources/enums.js';
import { body, dateTime, id, money, Nullable, nullableDateTime, stringEnum, untranslated } from '../schemas.js';

// A grant and its payout plan: staff's view of the plan and the deadline, and the applicant's of the whole grant.
const { Integer, String } = Type;

export const day = String({ format: 'date', description: 'YYYY-MM-DD' });

/** The plan as staff read and set it. */
export const payoutPlan = Type.Object({
  approved_money: money(),
  accepted_at: nullableDateTime,
  signatory_name: Nullable(String()),
  signatory_role: Nullable(String()),
  accepted_with: Type.Unsafe<'eid' | 'link' | null>({
    type: ['string', 'null'],
    enum: ['eid', 'link', null],
    description: 'How the one who accepted had signed in: e-ID or an e-mailed link',
  }),
  eid_name: Nullable(String({ description: 'The name the e-ID broker gave, for an acceptance signed in by e-ID' })),
  accepted_by: Nullable(String({ description: 'The portal account that accepted; null for a former member' })),
  deadline: Nullable(
    String({ description: 'The last day money may be asked for (YYYY-MM-DD); null until the approval reaches the applicant' }),
  ),
  deadline_extended_to: Nullable(String({ description: 'YYYY-MM-DD' })),
  deadline_reason: Nullable(String()),
  reminded_at: nullableDateTime,
  instalments: Type.Array(
    Type.Object({
      id: Integer(),
      position: Integer(),
      amount: money(),
      due: Integer({ description: 'payout_due: at acceptance (10), after the follow-up report (20)' }),
      lapsed_at: nullableDateTime,
      payout_status: Nullable(Integer({ description: 'payout_status of its live payout' })),
      fixed: Type.Boolean({ description: 'It has a live payout: a new plan keeps its amount and due' }),
    }),
  ),
});

const totals = Type.Object(
  {
    approved: money(),
    paid: money(),
    requested: money(),
    due: money(),
    waiting: money(),
    lapsed: money(),
    to_pay_back: money(),
  },
  { description: 'What was approved, paid, asked for and not yet paid, due, waiting, lapsed, and to be paid back' },
);

const instalmentState = stringEnum(['waiting', 'due', 'requested', 'paid', 'lapsed'] as const, {
  description: 'waiting: the conditions are not accepted or the follow-up not sent in; requested: asked for and not yet paid',
});

/** The grant as its applicant sees it. */
export const grantView = Type.Object({
  uuid: String(),
  reference: Nullable(String()),
  approved_money: money(),
  conditions: String({ description: 'As accepted, or the period’s in the reader’s language' }),
  untranslated: untranslated(['conditions']),
  accepted: Nullable(Type.Object({ at: dateTime, signatory_name: String(), signatory_role: String() })),
  deadline: Nullable(String({ description: 'YYYY-MM-DD, the last day money may be asked for' })),
  followup_sent_in: Type.Boolean(),
  signs: Type.Boolean({
    description:
      'Whether the reader may accept the conditions and ask for payouts: a signatory of its organisation, or the applicant of their own',
  }),
  instalments: Type.Array(
    Type.Object({
      id: Integer(),
      position: Integer(),
      amount: money(),
      due: Integer({ description: 'payout_due' }),
      payout_status: Nullable(Integer()),
      state: instalmentState,
    }),
  ),
  repayments: Type.Array(
    Type.Object({
      id: Integer(),
      amount: money(),
      reason: String(),
      registered_at: dateTime,
      received_on: Nullable(String()),
      cancelled_at: nullableDateTime,
    }),
  ),
  totals,
  payouts: Type.Array(
    Type.Object({
      id: Integer(),
      instalment_id: Integer(),
      amount: money(),
      status: Integer({ description: 'payout_status' }),
      account_type: stringEnum(['bankgiro', 'plusgiro', 'bank'] as const),
      account: String({ description: 'As its owner reads it' }),
      requested_at: dateTime,
      paid_on: Nullable(String()),
      reason: Nullable(String({ description: 'Why it was rejected or returned' })),
      receipts: Type.Array(Type.Object({ uuid: String(), name: String(), size: Integer() }), {
        description: 'The receipts attached to the request, oldest first; each downloads through the application’s file route',
      }),
    }),
  ),
  repayment_account: Nullable(
    Type.Object(
      { name: String(), bankgiro: Nullable(String()), iban: Nullable(String()), bic: Nullable(String()), message: String() },
      { description: 'The foundation’s account for money paid back, and the reference to give as its message' },
    ),
  ),
  upload_max_bytes: Integer({ description: 'The largest receipt that may be uploaded, in bytes' }),
});

/** A receipt as its upload answers it. */
export const uploadedReceipt = Type.Object({ uuid: String(), name: String(), mime: String(), size: Integer(), created_at: dateTime });

/** Each released grant of the applicant, for the applications page. */
export const grantSummaries = Type.Array(
  Type.Object({
    uuid: String(),
    reference: Nullable(String()),
    accepted: Type.Boolean(),
    due_instalments: Integer(),
    totals,
  }),
);

const { at_acceptance, after_followup } = enums.payout_due;

/** A new payout plan as staff send it: instalments in order, an existing one by its id. */
export const payoutPlanInput = body({
  instalments: Type.Array(
    Type.Object(
      {
        id: Type.Optional(id),
        amount: money({ minimum: 1, maximum: MAX_MONEY }),
        due: Integer({ enum: [at_acceptance, after_followup], description: 'payout_due' }),
      },
      { additionalProperties: false },
    ),
    { minItems: 1, maxItems: 24 },
  ),
});
