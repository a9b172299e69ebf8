import { enums } from './enums.js';
import {
  boolean,
  email,
  enumOf,
  enumSet,
  money,
  orgNumber,
  phone,
  reference,
  references,
  text,
  urls,
  uuid,
  zip,
  url,
  type ColumnsBeside,
  type ResourceDefinition,
} from './fields.js';
import { MAX_MONEY } from './money.js';

const { organisation, both } = enums.applicant_type;
/** The organisation step asks only applicants who apply as or with an organisation. */
const forOrganisations = { field: 'applicant_type', in: [organisation, both] } as const;

// Declared with the money input's rules (money.ts), which the application form loads without the rest of this file.
export { MAX_MONEY };

const { received, ongoing, approved, rejected } = enums.application_status;
/** The statuses every staff list shows: never drafts; the decided list only the decisions. */
export const listedStatuses: readonly number[] = [ongoing, received, approved, rejected];
export const decidedStatuses: readonly number[] = [approved, rejected];

/**
 * An application as the applicant fills it in, over the form's five steps. The answers to the
 * application type's own questions (`definitions`) and the files are checked by `applicationAnswers.ts`, since staff
 * define those questions per application type.
 */
export const applications: ResourceDefinition = {
  // `personal` says what anonymising blanks: what names or reaches the applicant or their organisation. The
  // statistics keep the amounts, categories, goals, period, applicant and organisation type and the municipality
  // (`org_city`); the contact person's city goes with their address.
  name: 'applications',
  table: 'applications',
  ability: 'manage-applications',
  labelField: 'reference',
  fields: [
    uuid('uuid', { personal: false }),
    text('reference', { readOnly: true, column: true, personal: false }),
    // 1. The period and the amount applied for.
    reference('period_id', 'periods', { required: true, step: 1, personal: false }),
    reference('application_type_id', 'application-types', { required: true, step: 1, personal: false }),
    enumOf('applicant_type', 'applicant_type', { required: true, step: 1, personal: false }),
    money('money', { required: true, min: 0, max: MAX_MONEY, step: 1, personal: false }),
    // 2. The application type's questions (definitions), the categories and the global goals.
    references(
      'category_ids',
      'categories',
      { table: 'application_categories', own: 'application_id', other: 'category_id' },
      { step: 2, personal: false },
    ),
    enumSet('global_goals', 'global_goal', { step: 2, personal: false }),
    // 3. The organisation.
    orgNumber('org_number', { required: true, showIf: forOrganisations, step: 3, personal: true }),
    text('org_name', { required: true, showIf: forOrganisations, step: 3, personal: true, bankText: true }),
    enumOf('organisation_type', 'organisation_type', { required: true, showIf: forOrganisations, step: 3, personal: false }),
    text('org_address', { showIf: forOrganisations, step: 3, personal: true }),
    text('org_co', { showIf: forOrganisations, step: 3, personal: true }),
    zip('org_zip', { required: true, showIf: forOrganisations, step: 3, personal: true }),
    text('org_city', { required: true, showIf: forOrganisations, step: 3, personal: false }),
    url('org_website', { showIf: forOrganisations, step: 3, personal: true }),
    // 4. The contact person.
    text('contact_first_name', { required: true, step: 4, personal: true, bankText: true }),
    text('contact_last_name', { required: true, step: 4, personal: true, bankText: true }),
    email('contact_email', { required: true, step: 4, personal: true }),
    email('contact_email_confirmation', { required: true, sameAs: 'contact_email', step: 4, personal: true }),
    phone('contact_phone', { required: true, step: 4, personal: true }),
    text('contact_address', { step: 4, personal: true }),
    zip('contact_zip', { required: true, step: 4, personal: true }),
    text('contact_city', { required: true, step: 4, personal: true }),
    // 5. Links, files (application_files) and consent.
    urls('links', { step: 5, personal: true }),
    boolean('consent', { accepted: true, step: 5, personal: false }),
  ],
  search: ['reference'],
  defaultSort: { field: 'reference', order: 'ASC' },
};

/**
 * The application's columns that are no field above: each kept or blanked by anonymising, and why. A column of the
 * table neither here nor marked `personal` above fails server/dataProtection/personalData.test.ts.
 */
export const applicationColumnsBeside: readonly ColumnsBeside[] = [
  { columns: ['frontend_user_id'], blank: null, why: 'The applicant’s account.' },
  {
    columns: ['applicant_last_name', 'applicant_first_name'],
    blank: null,
    why: 'The applicant’s name, copied for the list’s sort (its trigger clears it with the account).',
  },
  {
    columns: ['searched_people'],
    blank: null,
    why: 'The names and addresses of the applicant and the organisation’s people, copied for the search (its triggers clear them with the accounts).',
  },
  { columns: ['organisation_id'], blank: null, why: 'The organisation in the register, which may be one person’s firm.' },
  { columns: ['sent_in_by'], blank: null, why: 'The account that sent it in: its applicant or a member of its organisation.' },
  { columns: ['draft_edits'], blank: '{}', why: 'Who changed which field of the draft last: accounts.' },
  { columns: ['definitions'], blank: '{}', why: 'The answers to the type’s questions: free text.' },
  {
    columns: ['eligibility_answers'],
    blank: null,
    why: 'The answers to the eligibility check: what the applicant said of themselves (the stops are counted apart).',
  },
  { columns: ['unread_messages'], blank: false, why: 'Whether staff have messages to read: the messages go.' },
  { columns: ['id', 'created_at', 'updated_at', 'anonymised_at'], why: 'The row itself and when it changed.' },
  {
    columns: ['status', 'approved_money', 'approved_fou', 'approved_nok', 'decision_global_goals', 'decided_at', 'decided_meeting_id'],
    why: 'The decision, which the statistics read, and the board meeting that took it.',
  },
  {
    columns: ['mailed_status', 'mailed_money', 'released_at', 'released_status', 'released_money', 'distribution_mail_sent_at'],
    why: 'What the applicant was told of the decision, and when: codes, amounts and dates.',
  },
  {
    columns: ['review_score', 'review_spread', 'reviews_in', 'reviews_pending'],
    why: 'The reviews’ figures: numbers, naming nobody.',
  },
  { columns: ['unchecked_signals'], why: 'How many of its signals staff have yet to check: a count, naming nobody.' },
  {
    columns: ['step', 'finished', 'sent_in_at', 'followup_at', 'followup_sent_in_at'],
    why: 'How far the handling came, and when (the month sent in is a statistic).',
  },
];

export const STEPS = [1, 2, 3, 4, 5] as const;
export type Step = (typeof STEPS)[number];
