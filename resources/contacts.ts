import { email, phone, text, defineResource } from './fields.js';

/** The foundation's contact people, shown to applicants per period. */
export const contacts = defineResource({
  name: 'contacts',
  table: 'contacts',
  ability: 'manage-contacts',
  settings: true,
  labelField: 'last_name',
  fields: [
    text('first_name', { personName: true, required: true, column: true, sortable: 'localized', personal: true }),
    text('last_name', { personName: true, required: true, column: true, sortable: 'localized', personal: true }),
    text('title', { column: true }),
    text('title_en', { translates: 'title' }),
    email('email', { column: true, personal: true }),
    phone('phone', { personal: true }),
  ],
  search: ['first_name', 'last_name'],
  defaultSort: { field: 'last_name', order: 'ASC' },
});
