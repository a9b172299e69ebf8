import { enumOf, text, defineResource } from './fields.js';

/** Categories of the four types (target groups, purposes, geographic areas, focus areas) applicants choose from. */
export const categories = defineResource({
  name: 'categories',
  table: 'categories',
  ability: 'manage-categories',
  settings: true,
  labelField: 'label',
  fields: [
    text('label', { required: true, column: true, sortable: 'localized' }),
    text('label_en', { column: true, translates: 'label' }),
    enumOf('type', 'category_type', { required: true, column: true, sortable: true, filter: true }),
  ],
  search: ['label'],
  defaultSort: { field: 'label', order: 'ASC' },
});
