import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { raiseSignals } from './raise.js';

/** Who an application is from: the account that sent it in, else the one that wrote it. */
export const accountOf = (alias: string) =>
  sql<number | null>`coalesce(${sql.ref(`${alias}.sent_in_by`)}, ${sql.ref(`${alias}.frontend_user_id`)})`;

/**
 * The same organisation number applies from different applicant accounts in one period: the application sent in
 * matched with every other of its period and number sent in from another account (two people of one organisation
 * writing one application each are what staff want to see too). In the send-in's transaction; two send-ins of one
 * number at once are matched all the same.
 */
export async function organisationAccountSignals(trx: Db, applicationId: number): Promise<void> {
  // Two send-ins of one number in one period take turns here, so the second sees the first once it has committed.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(a.period_id || ' ' || a.org_number, 4901))
    FROM applications a WHERE a.id = ${applicationId} AND a.org_number IS NOT NULL`.execute(trx);
  const matches = await trx
    .selectFrom('applications as a')
    .innerJoin('applications as b', (join) =>
      join.onRef('b.org_number', '=', 'a.org_number').onRef('b.period_id', '=', 'a.period_id').onRef('b.id', '!=', 'a.id'),
    )
    .select('b.id')
    .where('a.id', '=', applicationId)
    .where('a.org_number', 'is not', null)
    .where('b.sent_in_at', 'is not', null)
    .where(sql<boolean>`${accountOf('b')} IS DISTINCT FROM ${accountOf('a')}`)
    .execute();
  await raiseSignals(
    trx,
    'organisation_accounts',
    matches.map((m) => ({ applicationId, otherId: m.id })),
  );
}
