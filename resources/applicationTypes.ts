import { text, defineResource } from './fields.js';

/** Kinds of application (e.g. association grant, scholarship), each with its own form fields; named in both languages. */
export const applicationTypes = defineResource({
  name: 'application-types',
  table: 'application_types',
  ability: 'manage-application-types',
  settings: true,
  labelField: 'label',
  fields: [text('label', { required: true, column: true, sortable: 'localized' }), text('label_en', { column: true, translates: 'label' })],
  search: ['label'],
  defaultSort: { field: 'label', order: 'ASC' },
});
