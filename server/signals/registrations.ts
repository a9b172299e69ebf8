import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { raiseSignals, sentInByAccount } from './raise.js';
import { signalSettingsOf } from './settings.js';

/**
 * An account registered from a client address (its HMAC under AUTH_SECRET, never the address) on its day in
 * Stockholm, in the registration's transaction. Once more than the setting's number of accounts registered from one
 * address that day, they are a crowd: each registration of it says so (the first's account names it, with how many),
 * and the applications those accounts have sent in get a signal; one sent in later gets it then (`crowdSignal`).
 * Registrations from one address take turns (an advisory lock on it), so two at once are counted together.
 */
export async function recordRegistration(trx: Db, accountId: number, addressHash: Buffer, day: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${addressHash.toString('hex')}, 49))`.execute(trx);
  await trx
    .insertInto('account_registrations')
    .values({ frontend_user_id: accountId, address_hash: addressHash, registered_on: day })
    .onConflict((oc) => oc.column('frontend_user_id').doNothing())
    .execute();
  const { registrationsPerDay } = await signalSettingsOf(trx);
  const sameDay = await trx
    .selectFrom('account_registrations')
    .select('frontend_user_id')
    .where('address_hash', '=', addressHash)
    .where('registered_on', '=', day)
    .execute();
  if (sameDay.length <= registrationsPerDay) return;
  const accounts = sameDay.map((r) => r.frontend_user_id);
  const crowdId = Math.min(...accounts);
  await trx
    .updateTable('account_registrations')
    .set({ crowd_id: crowdId, crowd_size: accounts.length })
    .where('frontend_user_id', 'in', accounts)
    .execute();
  const applications = await sentInByAccount(trx, accounts);
  await raiseSignals(
    trx,
    'registrations_from_address',
    applications.map((a) => ({ applicationId: a.id, otherId: null, details: { day, accounts: accounts.length } })),
    { refresh: true },
  );
}

/** The signal of an application sent in by (or written by) an account of a crowd, in the send-in's transaction. */
export async function crowdSignal(trx: Db, applicationId: number): Promise<void> {
  const crowd = await trx
    .selectFrom('applications as a')
    .innerJoin('account_registrations as r', (join) =>
      join.on((eb) =>
        eb.or([eb('r.frontend_user_id', '=', eb.ref('a.sent_in_by')), eb('r.frontend_user_id', '=', eb.ref('a.frontend_user_id'))]),
      ),
    )
    .select(['r.registered_on', 'r.crowd_size'])
    .where('a.id', '=', applicationId)
    .where('r.crowd_id', 'is not', null)
    .orderBy('r.crowd_size', 'desc')
    .executeTakeFirst();
  if (!crowd) return;
  await raiseSignals(
    trx,
    'registrations_from_address',
    [{ applicationId, otherId: null, details: { day: crowd.registered_on, accounts: crowd.crowd_size } }],
    { refresh: true },
  );
}

/**
 * Forgets the client addresses' hashes of the days before `today` (Stockholm): a day's registrations are counted
 * that day, and a crowd keeps its name and size without them. Run by the nightly retention run.
 */
export async function forgetRegistrationAddresses(db: Db, today: string): Promise<number> {
  const forgotten = await db
    .updateTable('account_registrations')
    .set({ address_hash: null })
    .where('address_hash', 'is not', null)
    .where('registered_on', '<', today)
    .executeTakeFirst();
  return Number(forgotten.numUpdatedRows);
}

/** Forgets everything of an account's registration, as closing the account forgets its e-ID (server/dataProtection/). */
export async function forgetRegistration(trx: Db, accountId: number): Promise<void> {
  await trx.deleteFrom('account_registrations').where('frontend_user_id', '=', accountId).execute();
  await trx.deleteFrom('personal_number_accounts').where('frontend_user_id', '=', accountId).execute();
}
