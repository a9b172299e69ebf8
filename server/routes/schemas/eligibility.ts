import { Type } from 'typebox';
import { eligibilityKinds, eligibilityLimits, optionValuePattern } from '../../../resources/eligibility.js';
import { enums } from '../../../resources/enums.js';
import { id, Nullable, stringEnum, untranslated } from '../schemas.js';
import { applicantApplication } from './applicationForm.js';

// An application type's eligibility check (server/eligibility/): its questions as staff write them and applicants
// read them, an applicant's answers and what they come to, and the stops the statistics count.
const { Integer } = Type;
const Text = Type.String;
/** A hard bound on any text; the check's own limits (resources/eligibility.ts) are checked with clear messages. */
const bounded = (options: { description?: string } = {}) => Text({ maxLength: 10_000, ...options });
const kind = stringEnum(eligibilityKinds, { description: 'yes_no: yes or no; choice: one of the options' });
const optionValue = Text({ minLength: 1, maxLength: eligibilityLimits.value, pattern: optionValuePattern });

/** An option of a choice question, in both languages. */
const option = Type.Object({ value: optionValue, label: Text(), label_en: Nullable(Text()) });

/** A question as staff read it, in both languages. */
export const eligibilityQuestion = Type.Object({
  id: Integer(),
  position: Integer({ description: 'Its place in the check, from 1' }),
  question: Text(),
  question_en: Nullable(Text()),
  kind,
  options: Type.Array(option, { description: 'A choice’s options; none for yes/no (its values are yes and no)' }),
  disqualifying: Type.Array(Text(), { description: 'The answers (values) that stop an applicant' }),
  explanation: Text({ description: 'What an applicant stopped here is told' }),
  explanation_en: Nullable(Text()),
});

/** The questions as staff send them: an existing one by its id, a new one without; the order is theirs. */
export const eligibilityInput = Type.Object(
  {
    questions: Type.Array(
      Type.Object(
        {
          id: Type.Optional(id),
          question: bounded(),
          question_en: Type.Optional(Nullable(bounded())),
          kind,
          options: Type.Optional(
            Type.Array(
              Type.Object(
                { value: optionValue, label: bounded(), label_en: Type.Optional(Nullable(bounded())) },
                { additionalProperties: false },
              ),
              { maxItems: 50 },
            ),
          ),
          disqualifying: Type.Array(Text({ maxLength: eligibilityLimits.value }), { maxItems: 50 }),
          explanation: bounded(),
          explanation_en: Type.Optional(Nullable(bounded())),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50, description: 'Every question of the check, in order; one left out is removed' },
    ),
  },
  { additionalProperties: false },
);

/** The check as staff edit it. */
export const eligibilityCheck = Type.Object({ questions: Type.Array(eligibilityQuestion) });

/** A question as an applicant reads it, in their language where it has one; a yes/no question's options are yes and no. */
export const shownEligibilityQuestion = Type.Object({
  id: Integer(),
  kind,
  question: Text(),
  options: Type.Array(Type.Object({ value: Text(), label: Text() })),
  untranslated: untranslated(['question', 'options']),
});

/** The check as the portal shows it before the form: the type's name and its questions (none: no check). */
export const shownEligibilityCheck = Type.Object({
  application_type: Type.Object({ id: Integer(), label: Text(), untranslated: untranslated(['label']) }),
  questions: Type.Array(shownEligibilityQuestion),
});

/** An applicant's answers, by question id, for the type in an open period. */
export const eligibilityAnswers = Type.Object({
  period_id: id,
  applicant_type: Type.Optional(
    Integer({ enum: Object.values(enums.applicant_type), description: 'Who applies, when the applicant already said so' }),
  ),
  answers: Type.Record(Type.String({ pattern: '^[0-9]{1,10}$' }), Text({ maxLength: 100 }), {
    description: 'The value of each question’s answer, by the question’s id',
    additionalProperties: false,
  }),
});

/** What the answers come to: stopped at a question, with why; or qualified, with the draft (as POST /portal/applications answers it). */
export const eligibilityOutcome = Type.Union([
  Type.Object({
    qualified: Type.Literal(false),
    question_id: Integer({ description: 'The first question whose answer disqualified' }),
    explanation: Text({ description: 'Why, in the reader’s language where it has one' }),
    untranslated: untranslated(['explanation']),
  }),
  Type.Object({ qualified: Type.Literal(true), application: applicantApplication }),
]);

/** A question and its answer as asked when the draft was made, in both languages, kept with the application. */
export const eligibilityAnswer = Type.Object({
  question_id: Integer(),
  question: Text(),
  question_en: Nullable(Text()),
  answer: Text({ description: 'The value answered' }),
  answer_label: Text(),
  answer_label_en: Nullable(Text()),
});

/** How many stopped at each question of each type's check, of the period asked for or of every period the caller holds. */
export const eligibilityStops = Type.Object({
  period: Nullable(Type.Object({ id: Integer(), name: Text() }, { description: 'The period asked for; null for every period' })),
  types: Type.Array(
    Type.Object({
      application_type_id: Integer(),
      label: Text(),
      stops: Integer({ description: 'How many stopped at any of its questions' }),
      questions: Type.Array(
        Type.Object({
          question_id: Nullable(Integer({ description: 'null: a question removed since' })),
          question: Text({ description: 'In the reader’s language where it has one; a removed one as it read when last stopped at' }),
          stops: Integer(),
        }),
      ),
    }),
    { description: 'The types by name, each question in order' },
  ),
});
