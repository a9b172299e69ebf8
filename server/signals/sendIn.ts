import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { keepDescription } from './descriptions.js';
import { organisationAccountSignals } from './organisationAccounts.js';
import { crowdSignal } from './registrations.js';

/**
 * The signals of an application being sent in, in the send-in's transaction: its organisation number from another
 * account in the period, a personal number its accounts share with another's (the one SQL definition, migration
 * 0049), the crowd its account registered in; and its description kept for the comparison that runs after
 * (descriptions.ts). Nothing here refuses or changes the send-in.
 */
export async function signalsOfSendIn(trx: Db, applicationId: number): Promise<void> {
  await organisationAccountSignals(trx, applicationId);
  // For the account that sent it in and the one that wrote it, once each where they are one.
  await sql`SELECT personal_number_signals(account) FROM applications a
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(ARRAY[a.sent_in_by, a.frontend_user_id]) AS account) accounts
    WHERE a.id = ${applicationId} AND account IS NOT NULL`.execute(trx);
  await crowdSignal(trx, applicationId);
  await keepDescription(trx, applicationId);
}
