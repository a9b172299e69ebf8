import type { AbilityName } from './abilities.js';
import { boolean, choice, email, references, text, defineResource } from './fields.js';

/** The periods a user holds one ability for, besides what their role gives. */
const periodGrants = (name: string, ability: AbilityName) =>
  references(
    name,
    'periods',
    { table: 'user_abilities', own: 'user_id', other: 'entity_id', fixed: { ability, entity_type: 'periods' } },
    { help: true },
  );

/** Staff accounts. A new user gets an e-mail to choose a password; passwords are never shown or exported. */
export const staffUsers = defineResource({
  name: 'users',
  table: 'users',
  ability: 'manage-users',
  settings: true,
  // A user who has done anything keeps their name in the applications' history: deactivate them instead.
  inUseMessage: 'errors.user_in_use',
  labelField: 'email',
  fields: [
    text('first_name', { personName: true, required: true, column: true, sortable: 'localized', personal: true }),
    text('last_name', { personName: true, required: true, column: true, sortable: 'localized', personal: true }),
    email('email', { required: true, unique: true, column: true, sortable: true, personal: true }),
    choice('role', ['admin', 'utredare', 'styrelse'], 'roles', { required: true, column: true, filter: true }),
    choice('locale', ['sv-SE', 'en-US'], 'app.languages', { required: true, default: 'sv-SE' }),
    boolean('active', { column: true, filter: true, default: true }),
    // Whether the user signs in with a second factor: kept by the database, reset on the user's page.
    boolean('second_factor', { column: true, filter: true, readOnly: true, noForm: true, noExport: true }),
    // Where notification mails go (none: no mails), and whether one who manages applications hears of every one.
    email('notifications_email', { personal: true }),
    boolean('notify_on_applications', { default: false }),
    // The morning mail of what needs them (server/work/).
    boolean('daily_summary', { default: false }),
    periodGrants('application_period_ids', 'manage-applications'),
    periodGrants('investigation_period_ids', 'investigate-applications'),
    periodGrants('managed_period_ids', 'manage-periods'),
    // Paying the grants: one prepares a period's payouts, another approves them.
    periodGrants('payout_period_ids', 'manage-payouts'),
    periodGrants('payout_approval_period_ids', 'approve-payouts'),
  ],
  search: ['first_name', 'last_name', 'email'],
  defaultSort: { field: 'last_name', order: 'ASC' },
});
