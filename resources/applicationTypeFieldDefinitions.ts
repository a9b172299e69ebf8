import { enums } from './enums.js';
import { boolean, enumOf, integer, options, reference, text, defineResource } from './fields.js';

const { dropdown, checkbox, radio } = enums.field_type;

/** The questions of an application type's form (step 2 of the application), in their order, in both languages. */
export const applicationTypeFieldDefinitions = defineResource({
  name: 'application-type-field-definitions',
  table: 'application_type_field_definitions',
  ability: 'manage-application-types',
  settings: true,
  labelField: 'label',
  fields: [
    text('label', { required: true, column: true, sortable: 'localized', maxLength: 500 }),
    text('label_en', { maxLength: 500, translates: 'label' }),
    enumOf('type', 'field_type', { required: true, column: true, sortable: true, filter: true }),
    reference('application_type_id', 'application-types', { required: true, column: true, sortable: true, filter: true }),
    boolean('required', { column: true, sortable: true, default: false }),
    options('options', { showIf: { field: 'type', in: [dropdown, checkbox, radio] }, required: true }),
    options('options_en', { showIf: { field: 'type', in: [dropdown, checkbox, radio] }, translates: 'options' }),
    integer('order', { sortable: true, min: 0, default: 0 }),
  ],
  search: ['label'],
  defaultSort: { field: 'application_type_id', order: 'ASC' },
});
