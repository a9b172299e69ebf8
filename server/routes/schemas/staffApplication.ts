import { Type } from 'typebox';
import { applicationFile, dateTime, money as wholeOre, Nullable, nullableAnyObject, nullableDateTime } from '../schemas.js';
import { category, formFields, question } from './applicationForm.js';
import { applicationProgress, staffApplicant } from './applicationLists.js';
import { eligibilityAnswer } from './eligibility.js';

// One application as staff read it (server/applications/staffView.ts builds it), and its history.
const { Integer, Boolean } = Type;
const Text = Type.String;
const money = Nullable(wholeOre());

/**
 * One application for staff: the form, categories, the type's questions, files, the decision's parts and the
 * progress. Properties in the order they are sent; anything else passes as it is.
 */
export const staffApplication = Type.Object(
  {
    id: Integer(),
    uuid: Text(),
    reference: Nullable(Text()),
    status: Integer(),
    step: Integer(),
    ...formFields,
    applicant: staffApplicant,
    period: Type.Object({ id: Integer(), uuid: Text(), name: Text() }),
    application_type: Nullable(Type.Object({ id: Integer(), label: Nullable(Text()) })),
    organisation_id: Nullable(Integer()),
    categories: Type.Array(category),
    questions: Type.Array(question),
    files: Type.Array(applicationFile),
    eligibility_answers: Nullable(
      Type.Array(eligibilityAnswer, { description: 'The eligibility check as the applicant answered it, as then asked; null: none asked' }),
    ),
    money_value: money,
    approved_money: money,
    approved_money_value: money,
    approved_fou: money,
    approved_nok: money,
    decided_at: nullableDateTime,
    finished: Boolean(),
    followup_at: Nullable(Text({ description: 'YYYY-MM-DD' })),
    followup_sent_in_at: nullableDateTime,
    distribution_mail_sent_at: nullableDateTime,
    // When the decision as it stands reached the applicant (its mail, or released without one); null: not yet.
    decision_released_at: nullableDateTime,
    progress: applicationProgress,
    sent_in_at: nullableDateTime,
    created_at: dateTime,
    updated_at: dateTime,
  },
  { additionalProperties: true },
);

/** An entry of an application's history; `user` is null for the applicant or the system. */
export const historyEntry = Type.Object({
  id: Integer(),
  action: Text(),
  before: nullableAnyObject,
  after: nullableAnyObject,
  created_at: dateTime,
  user: Nullable(Type.Object({ id: Integer(), name: Text() })),
  withheld: Type.Boolean({
    description: 'A colleague’s review or proposal told without its content, to a reviewer whose own review is not in yet',
  }),
});
