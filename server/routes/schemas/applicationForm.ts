import { Type } from 'typebox';
import { memberRoles, type MemberRole } from '../../../resources/memberRoles.js';
import { applicationFile, dateTime, money, Nullable, nullableDateTime, untranslated } from '../schemas.js';

// The application form as the API answers it, to the applicant's portal and to the staff form alike.
const { Integer, Boolean } = Type;
const Text = Type.String;
const text = Nullable(Text());
const code = Nullable(Integer());

/** A question an application type asks (resources/applicationAnswers.ts), in the order staff gave them. */
export const question = Type.Object({ id: Integer(), label: Text(), type: Integer(), required: Boolean(), options: Type.Array(Text()) });

/** A question as the portal shows it, in the reader's language where it has one (resources/contentLanguage.ts). */
export const shownQuestion = Type.Object({
  ...question.properties,
  option_labels: Type.Array(Text(), { description: 'What each option reads; an answer’s value is the option itself' }),
  untranslated: untranslated(['label', 'options']),
});

/** A category an application can name. */
export const category = Type.Object({ id: Integer(), label: Text(), type: Integer({ description: 'category_type' }) });

/** A category as the portal shows it, in the reader's language where it has one. */
export const shownCategory = Type.Object({ ...category.properties, untranslated: untranslated(['label']) });

/** The form's fields with the categories and the answers (server/applicationCore/applicationForm.ts `formRecord`), in its order. */
export const formFields = {
  category_ids: Type.Array(Integer()),
  definitions: Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description: 'The answers to the type’s questions, by question id',
  }),
  period_id: Integer(),
  application_type_id: code,
  applicant_type: code,
  money: Nullable(money({ description: 'The amount applied for' })),
  global_goals: Type.Array(Integer()),
  org_number: text,
  org_name: text,
  organisation_type: code,
  org_address: text,
  org_co: text,
  org_zip: text,
  org_city: text,
  org_website: text,
  contact_first_name: text,
  contact_last_name: text,
  contact_email: text,
  contact_email_confirmation: text,
  contact_phone: text,
  contact_address: text,
  contact_zip: text,
  contact_city: text,
  links: Type.Array(Text()),
  consent: Boolean(),
};

/**
 * One of the applicant's applications as the portal's form reads it: values, the type's questions, files, and for a
 * sent-in one the decision once shown to them. Properties in the order they are sent; anything else passes as it is.
 */
export const applicantApplication = Type.Object(
  {
    uuid: Text(),
    reference: text,
    status: Integer({ description: 'As the applicant is shown it' }),
    step: Integer(),
    ...formFields,
    approved_money: Nullable(money({ description: 'Once the decision is shown to the applicant' })),
    sent_in_at: nullableDateTime,
    updated_at: dateTime,
    period: Type.Object({
      id: Integer(),
      name: Text(),
      open: Boolean(),
      end_date: Text({ format: 'date' }),
      answer_by: Text({ format: 'date', description: 'When the foundation answers at the latest' }),
      untranslated: untranslated(['name']),
    }),
    application_type: Nullable(Text({ description: 'The type’s label' })),
    untranslated: untranslated(['application_type']),
    questions: Type.Array(shownQuestion),
    files: Type.Array(applicationFile),
    upload_max_bytes: Integer({ description: 'Largest file, in bytes' }),
    organisation: Nullable(
      Type.Object(
        { id: Integer(), name: Text(), role: Type.Unsafe<MemberRole | null>({ type: ['string', 'null'], enum: [...memberRoles, null] }) },
        { description: 'The organisation it belongs to, and the reader’s role there; null: the applicant’s own' },
      ),
    ),
    sent_in_by: Nullable(Text({ description: 'Who sent it in; null before, or for a former member' })),
    edits: Type.Record(Text(), Type.Object({ by: Nullable(Text()), at: dateTime, mine: Boolean() }), {
      description: 'Who last changed each field of the draft (`definitions.<id>` for an answer); by null: a former member',
    }),
  },
  { additionalProperties: true },
);

/** What the staff form offers: every period the caller may reach (closed ones too), the categories, each type's questions. */
export const staffFormOptions = Type.Object({
  periods: Type.Array(
    Type.Object({
      id: Integer(),
      name: Text(),
      start_date: Text({ format: 'date' }),
      end_date: Text({ format: 'date' }),
      closed: Boolean(),
      application_types: Type.Array(Type.Object({ id: Integer(), label: Text() })),
    }),
  ),
  categories: Type.Array(category),
  questions: Type.Record(Text(), Type.Array(question), { description: 'Each application type’s questions, by its id' }),
  upload_max_bytes: Integer({ description: 'Largest file, in bytes' }),
});
