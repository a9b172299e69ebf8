import { boolean, enumOf, orgNumber, text, url, zip, defineResource } from './fields.js';

/** The foundation's register of organisations; the application form fills in an organisation's name from it. */
export const organisations = defineResource({
  name: 'organisations',
  table: 'organisations',
  ability: 'manage-organisations',
  settings: true,
  labelField: 'name',
  fields: [
    text('name', { required: true, column: true, sortable: 'localized', personal: true }),
    orgNumber('org_number', { required: true, unique: true, column: true, sortable: true, personal: true }),
    enumOf('type', 'organisation_type', { required: true, filter: true }),
    text('address', { personal: true }),
    text('co', { personal: true }),
    zip('zip', { personal: true }),
    text('city'),
    text('country', { default: 'Sverige' }),
    url('website', { personal: true }),
    boolean('is_verified', { column: true, sortable: true, filter: true, default: false }),
  ],
  search: ['name'],
  defaultSort: { field: 'name', order: 'ASC' },
});
