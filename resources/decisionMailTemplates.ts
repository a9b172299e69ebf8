import { decidedStatuses } from './applications.js';
import { choice, enumOf, text, textarea, defineResource } from './fields.js';

/**
 * The decision mail's subject and body, one per decision (approved, rejected) and language; the body's placeholders
 * are filled in for each application when the mail is sent (server/applications/decisionMail.ts).
 */
export const decisionMailTemplates = defineResource({
  name: 'decision-mail-templates',
  table: 'decision_mail_templates',
  ability: 'manage-mail-templates',
  settings: true,
  labelField: 'subject',
  fields: [
    enumOf('decision', 'application_status', { only: decidedStatuses, required: true, column: true, sortable: true, filter: true }),
    choice('locale', ['sv-SE', 'en-US'], 'app.languages', { required: true, column: true, filter: true, default: 'sv-SE' }),
    text('subject', { required: true, column: true }),
    textarea('body', { required: true, help: true }),
  ],
  uniqueTogether: [['decision', 'locale']],
  defaultSort: { field: 'decision', order: 'DESC' },
});
