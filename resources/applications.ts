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
  type ResourceDefinition,
} from './fields.js';
import { MAX_MONEY } from './money.js';

const { organisation, both } = enums.applicant_type;
/** The organisation step asks only applicants who apply as or with an organisation. */
const forOrganisations = { field: 'applicant_type', in: [organisation, both] } as const;

// Declared with the money input's rules (money.ts), which the application form loads without the rest of this file.
export { MAX_MONEY };

const { received, ongoing, approved, rejected } = enums.application_status;
/** The statuses every staff list shows (SPEC.md §2, §9): never drafts; the decided list only the decisions. */
export const listedStatuses: readonly number[] = [ongoing, received, approved, rejected];
export const decidedStatuses: readonly number[] = [approved, rejected];

/**
 * An application as the applicant fills it in, step by step (SPEC.md §2, the five steps). The answers to the
 * application type's own questions (`definitions`) and the files are checked by `applicationAnswers.ts`, since staff
 * define those questions per application type.
 */
export const applications: ResourceDefinition = {
  name: 'applications',
  table: 'applications',
  ability: 'manage-applications',
  labelField: 'reference',
  fields: [
    uuid('uuid'),
    text('reference', { readOnly: true, column: true }),
    // 1. The period and the amount applied for.
    reference('period_id', 'periods', { required: true, step: 1 }),
    reference('application_type_id', 'application-types', { required: true, step: 1 }),
    enumOf('applicant_type', 'applicant_type', { required: true, step: 1 }),
    money('money', { required: true, min: 0, max: MAX_MONEY, step: 1 }),
    // 2. The application type's questions (definitions), the categories and the global goals.
    references('category_ids', 'categories', { table: 'application_categories', own: 'application_id', other: 'category_id' }, { step: 2 }),
    enumSet('global_goals', 'global_goal', { step: 2 }),
    // 3. The organisation.
    orgNumber('org_number', { required: true, showIf: forOrganisations, step: 3 }),
    text('org_name', { required: true, showIf: forOrganisations, step: 3 }),
    enumOf('organisation_type', 'organisation_type', { required: true, showIf: forOrganisations, step: 3 }),
    text('org_address', { showIf: forOrganisations, step: 3 }),
    text('org_co', { showIf: forOrganisations, step: 3 }),
    zip('org_zip', { required: true, showIf: forOrganisations, step: 3 }),
    text('org_city', { required: true, showIf: forOrganisations, step: 3 }),
    url('org_website', { showIf: forOrganisations, step: 3 }),
    // 4. The contact person.
    text('contact_first_name', { required: true, step: 4 }),
    text('contact_last_name', { required: true, step: 4 }),
    email('contact_email', { required: true, step: 4 }),
    email('contact_email_confirmation', { required: true, sameAs: 'contact_email', step: 4 }),
    phone('contact_phone', { required: true, step: 4 }),
    text('contact_address', { step: 4 }),
    zip('contact_zip', { required: true, step: 4 }),
    text('contact_city', { required: true, step: 4 }),
    // 5. Links, files (application_files) and consent.
    urls('links', { step: 5 }),
    boolean('consent', { accepted: true, step: 5 }),
  ],
  search: ['reference'],
  defaultSort: { field: 'reference', order: 'ASC' },
};

export const STEPS = [1, 2, 3, 4, 5] as const;
export type Step = (typeof STEPS)[number];
