import { boolean, choice, date, email, phone, text, defineResource } from './fields.js';

/** Applicants' accounts (they log in by e-mailed links). */
export const frontendUsers = defineResource({
  name: 'frontend-users',
  table: 'frontend_users',
  ability: 'manage-frontend-users',
  settings: true,
  labelField: 'email',
  fields: [
    email('email', { required: true, unique: true, column: true, sortable: true, personal: true }),
    text('first_name', { personName: true, column: true, sortable: 'localized', personal: true }),
    text('last_name', { personName: true, column: true, sortable: 'localized', personal: true }),
    phone('phone', { personal: true }),
    choice('locale', ['sv-SE', 'en-US'], 'app.languages', { required: true, default: 'sv-SE' }),
    date('verified_at', { column: true, sortable: true, readOnly: true }),
    boolean('active', { column: true, filter: true, default: true }),
  ],
  search: ['email', 'first_name', 'last_name'],
  defaultSort: { field: 'email', order: 'ASC' },
});
