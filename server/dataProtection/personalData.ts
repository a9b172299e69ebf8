import type { Updateable } from 'kysely';
import type { Database } from '../db/schema.js';
import { applicationColumnsBeside, applications } from '../../resources/applications.js';
import type { Blank, Field } from '../../resources/fields.js';

/**
 * What the application's declaration (resources/applications.ts) says of personal data, as the data protection code
 * reads it: the fields marked `personal` and the columns beside them.
 */

/** The fields that are columns of the table: a `references` field lives in a link table of its own. */
export const applicationColumnFields = applications.fields.filter((field) => field.kind !== 'references');
const listKinds: readonly Field['kind'][] = ['urls', 'options', 'enumSet'];
const blankOf = (field: Field): Blank => (listKinds.includes(field.kind) ? [] : null);

/** Each personal column of an application with what anonymising writes in it. */
export const personalApplicationColumns: Readonly<Record<string, Blank>> = Object.fromEntries([
  ...applicationColumnFields.filter((field) => field.personal).map((field): [string, Blank] => [field.name, blankOf(field)]),
  ...applicationColumnsBeside.flatMap(({ columns, blank }) =>
    blank === undefined ? [] : columns.map((column): [string, Blank] => [column, blank]),
  ),
]);

/** The columns an anonymised application keeps: what the statistics read, its reference, dates and codes. */
export const keptApplicationColumns: readonly string[] = [
  ...applicationColumnFields.filter((field) => field.personal === false).map((field) => field.name),
  ...applicationColumnsBeside.flatMap(({ columns, blank }) => (blank === undefined ? columns : [])),
];

/**
 * What anonymising sets on an application: every personal column blank. Named by the declaration rather than the
 * table's type; personalData.test.ts checks each is a column of the table.
 */
export const blankApplication = personalApplicationColumns as Updateable<Database['applications']>;

/**
 * The application's columns the applicant's download of their data shows as their form: every field they fill in
 * (a step of the form), the personal ones and those the statistics keep alike. The categories and the answers to the
 * type's questions are shown apart, by their labels.
 */
export const exportedApplicationColumns: readonly string[] = applicationColumnFields
  .filter((field) => field.step !== undefined)
  .map((field) => field.name);

/**
 * What anonymising blanks of an application's grant, payouts and repayments: who signed for the organisation and
 * from which address, the accounts the money went to (the CHECK allows an empty account without its clearing number),
 * which applicant asked, and staff's free text about them. The amounts, days and statuses stay for the bookkeeping.
 */
export const blankGrant = {
  accepted_by: null,
  accepted_from: null,
  signatory_name: null,
  signatory_role: null,
  deadline_reason: null,
} satisfies Updateable<Database['grants']>;
export const blankPayout = {
  account_number: '',
  clearing_number: null,
  requested_by: null,
  reject_reason: null,
  return_reason: null,
} satisfies Updateable<Database['payouts']>;
