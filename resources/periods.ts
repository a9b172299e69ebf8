import { boolean, date, integer, money, references, text, textarea, uuid, defineResource } from './fields.js';

/** Application periods: when applications can be sent in, for which application types, and with which contacts. */
export const periods = defineResource({
  name: 'periods',
  table: 'periods',
  ability: 'manage-periods',
  // The application lists, statistics and the staff form offer the periods to choose from, and the users' screen
  // grants abilities for some of them.
  readers: { anyOf: ['manage-periods', 'manage-applications', 'investigate-applications', 'manage-users'] },
  settings: true,
  labelField: 'name',
  fields: [
    text('name', { required: true, column: true, sortable: 'localized' }),
    text('name_en', { translates: 'name' }),
    date('start_date', { required: true, column: true, sortable: true }),
    date('end_date', { required: true, column: true, sortable: true, notBefore: 'start_date' }),
    boolean('closed', { column: true, readOnly: true, filter: true }),
    uuid('uuid', { editOnly: true }),
    money('available_money', { default: 0 }),
    integer('answer_weeks', { required: true, min: 1, max: 52, default: 6 }),
    boolean('uses_money_distribution_cap', { default: false }),
    boolean('uses_status_cloaking', { default: false }),
    // Paying the grants: how long after the decision reached the applicant money may be asked for, and the conditions
    // the applicant accepts first, in each language.
    integer('payout_months', { min: 1, max: 60, default: 12 }),
    textarea('grant_conditions_sv', { maxLength: 20000 }),
    textarea('grant_conditions_en', { maxLength: 20000, translates: 'grant_conditions_sv' }),
    references('application_type_ids', 'application-types', {
      table: 'period_application_types',
      own: 'period_id',
      other: 'application_type_id',
    }),
    references(
      'contact_ids',
      'contacts',
      { table: 'period_contacts', own: 'period_id', other: 'contact_id', order: 'order' },
      { noExport: true, noForm: true },
    ),
  ],
  search: ['name'],
  defaultSort: { field: 'start_date', order: 'DESC' },
});
