import { sql, type SqlBool } from 'kysely';

/**
 * An applicant (`f`) a mail can reach: active, with an address, as recipientOf() requires. The batches of decision
 * mails and follow-up requests and the follow-up reminders select by it, so none picks an applicant it cannot mail.
 */
export const mailableApplicant = sql<SqlBool>`(f.active AND btrim(f.email) <> '')`;
