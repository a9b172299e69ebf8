import { integer, reference, text, textarea, defineResource } from './fields.js';

/**
 * What reviewers score an application type's applications on, in their order: a label and guidance per language, a
 * scale from 1 to `scale_max`, and a weight in the weighted score (server/reviews/).
 */
export const reviewCriteria = defineResource({
  name: 'review-criteria',
  table: 'review_criteria',
  ability: 'manage-application-types',
  settings: true,
  labelField: 'label_sv',
  fields: [
    reference('application_type_id', 'application-types', { required: true, column: true, sortable: true, filter: true }),
    text('label_sv', { required: true, column: true, sortable: 'localized', maxLength: 200 }),
    text('label_en', { required: true, column: true, maxLength: 200 }),
    textarea('guidance_sv', { maxLength: 2000 }),
    textarea('guidance_en', { maxLength: 2000 }),
    integer('scale_max', { required: true, column: true, min: 2, max: 10, default: 5 }),
    integer('weight', { required: true, column: true, min: 1, max: 10, default: 1 }),
    integer('order', { sortable: true, min: 0, default: 0 }),
  ],
  search: ['label_sv'],
  defaultSort: { field: 'application_type_id', order: 'ASC' },
});
