import { integer, text, textarea, defineResource } from './fields.js';

/** Questions and answers shown to applicants, in both languages, in their own order (reordered at faqs/order). */
export const faqs = defineResource({
  name: 'faqs',
  table: 'faqs',
  ability: 'manage-faq',
  settings: true,
  labelField: 'question',
  fields: [
    text('question', { required: true, column: true, maxLength: 500 }),
    text('question_en', { maxLength: 500, translates: 'question' }),
    textarea('answer', { required: true }),
    textarea('answer_en', { translates: 'answer' }),
    integer('order', { column: true, sortable: true, min: 0, default: 0 }),
  ],
  search: ['question'],
  defaultSort: { field: 'order', order: 'ASC' },
});
