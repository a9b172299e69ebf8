import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { accountOf } from './organisationAccounts.js';
import { raiseSignals } from './raise.js';

/** Whom an application's money goes to: its organisation (by number), or the person it is from. */
const payeeOf = (alias: string) => sql<string>`coalesce(${sql.ref(`${alias}.org_number`)}, 'person ' || ${accountOf(alias)})`;

/**
 * The same bankgiro, plusgiro or bank account is given for payouts of different organisations: the payout requested
 * matched with every other payout to that account (its kind, clearing and number as stored) whose application is
 * another payee's. One organisation's payouts to its own account twice are no signal. In the request's transaction.
 */
export async function payoutAccountSignals(trx: Db, payoutId: number): Promise<void> {
  // Two requests to one account at once take turns here, so the second sees the first once it has committed.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(p.account_type || ' ' || p.account_number, 4902))
    FROM payouts p WHERE p.id = ${payoutId}`.execute(trx);
  const matches = await trx
    .selectFrom('payouts as p')
    .innerJoin('applications as a', 'a.id', 'p.application_id')
    .innerJoin('payouts as q', (join) =>
      join
        .onRef('q.account_number', '=', 'p.account_number')
        .onRef('q.account_type', '=', 'p.account_type')
        .on(sql<boolean>`q.clearing_number IS NOT DISTINCT FROM p.clearing_number`)
        .onRef('q.application_id', '!=', 'p.application_id'),
    )
    .innerJoin('applications as b', 'b.id', 'q.application_id')
    .select(['a.id as applicationId', 'b.id as otherId', 'p.account_type'])
    .where('p.id', '=', payoutId)
    .where(sql<boolean>`${payeeOf('a')} <> ${payeeOf('b')}`)
    .distinct()
    .execute();
  await raiseSignals(
    trx,
    'payout_account',
    matches.map((m) => ({ applicationId: m.applicationId, otherId: m.otherId, details: { account_type: m.account_type } })),
  );
}
