import { Type } from 'typebox';
import { payoutStates, type PayoutState } from '../../payouts/payoutState.js';
import { money, Nullable, nullableDateTime, stringEnum } from '../schemas.js';
import { reviewFigures } from './reviews.js';

// The rows of the staff application lists (server/applications/lists.ts builds them), every property always sent.
const { Integer, Boolean } = Type;
const Text = Type.String;

export const applicationProgress = Type.Object(
  {
    unhandled: Boolean({ description: 'Received and not yet taken up' }),
    unread_messages: Boolean({ description: 'The applicant has written and staff have not read the dialogue since' }),
    followup_at: Nullable(Text({ description: 'YYYY-MM-DD' })),
    followup_sent_in_at: nullableDateTime,
    distribution_mail_sent_at: nullableDateTime,
    decision_changed_after_mail: Boolean({
      description: 'A decision mail was sent, and the decision has changed since: the applicant has not been told this one',
    }),
    finished: Boolean(),
    payout: Type.Unsafe<PayoutState | null>({
      type: ['string', 'null'],
      enum: [...payoutStates, null],
      description:
        'An approved application’s money: none asked for, in progress (asked and not yet paid, or part paid), all paid, or lapsed; null unless approved',
    }),
  },
  { description: 'The progress indicators' },
);

/**
 * What of an application is withheld from the caller (server/auth/standing.ts): `stood_aside` (they declared a conflict
 * of interest: the reference, applicant, status, period, type and sent-in date alone), `own_review_first` (a reviewer
 * whose own review is not in: no review figures); null for nothing.
 */
export const withheld = Type.Union([stringEnum(['stood_aside', 'own_review_first']), Type.Null()], {
  description: 'What is withheld from the caller: stood_aside (a conflict of interest) or own_review_first (their review is not in yet)',
});

/** The applicant as staff see them: null once the application is anonymised, which names no applicant any more. */
export const staffApplicant = Nullable(
  Type.Object({ id: Integer(), name: Text(), email: Text() }, { description: 'Null once the application is anonymised' }),
);

const rowProperties = {
  id: Integer(),
  uuid: Text(),
  reference: Nullable(Text()),
  status: Integer(),
  applicant: staffApplicant,
  org_name: Nullable(Text()),
  period: Type.Object({ id: Integer(), uuid: Text(), name: Text() }),
  period_name: Text(),
  application_type: Nullable(Text({ description: 'The type’s label' })),
  money: Nullable(money({ description: 'The amount applied for' })),
  money_value: Nullable(money({ description: 'The same as money: the name lists use' })),
  approved_money: Nullable(money()),
  sent_in_at: nullableDateTime,
  finished: Nullable(Boolean({ description: 'Null where the caller stood aside' })),
  progress: Nullable(applicationProgress),
  review: Nullable(reviewFigures),
  signals: Nullable(Integer({ description: 'How many of its signals are not yet checked; null where the caller stood aside' })),
  withheld,
};

/** A row of the lists of all applications and of a period's decisioning, and the answer of a status change. */
export const applicationRow = Type.Object(rowProperties);

/** A row of the decided list: the row with the decision's parts and the categories as text. */
export const decidedApplicationRow = Type.Object({
  ...rowProperties,
  org_city: Nullable(Text()),
  targets_text: Nullable(
    Text({ description: 'Labels of the target-group categories, joined with ", "; null where the caller stood aside' }),
  ),
  purposes_text: Nullable(Text()),
  focuses_text: Nullable(Text()),
  approved_money_value: Nullable(money()),
  approved_fou: Nullable(money()),
  approved_nok: Nullable(money()),
  global_goals: Nullable(Type.Array(Integer(), { description: 'The applicant’s answer' })),
  decision_global_goals: Nullable(Type.Array(Integer(), { description: 'The global goals the decision names' })),
  followup_at: Nullable(Text({ description: 'YYYY-MM-DD' })),
  followup_sent_in_at: nullableDateTime,
  distribution_mail_sent_at: nullableDateTime,
});
