import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Mailer } from '../../mail/outbox.js';
import { formatDateTime } from '../../../resources/format.js';
import { defaultLocale, isLocale } from '../../../resources/locales.js';
import { recordApplicantEvent } from '../applicantHistory.js';

// Linking a provider's identity (issuer and subject) and a personal number's hash to an applicant, and removing the
// link: never taking either from another account, never a second person's e-ID on one account, and each on the
// account's history and mailed to its owner.

/** What linking and unlinking need beyond the database: the provider's name (OIDC_NAME), and the mail to the owner. */
export interface EidNotice {
  provider: string;
  mailer: Mailer;
  publicUrl: string;
}

/** An e-ID to link: its identity at the provider, its personal number's keyed hash if it gave one, and its names. */
export interface Eid {
  issuer: string;
  subject: string;
  personal_number_hash: Buffer | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * What came of linking: linked now; linked to this account already; or refused, nothing changed: the account has
 * another person's e-ID ('other_person'), or this e-ID or its number is another account's ('taken').
 */
export type LinkOutcome = 'linked' | 'already' | 'other_person' | 'taken';

/** The name an e-ID gave, as one line, or null. */
export const personName = (eid: { first_name: string | null; last_name: string | null }) =>
  [eid.first_name, eid.last_name].filter(Boolean).join(' ') || null;

/** The account's row, locked: two links (or a link and an unlink) of one account at once take turns. */
const lockedAccount = (trx: Db, frontendUserId: number) =>
  trx
    .selectFrom('frontend_users')
    .select(['id', 'email', 'first_name', 'locale', 'verified_at', 'personal_number_hash'])
    .where('id', '=', frontendUserId)
    .forUpdate()
    .executeTakeFirstOrThrow();

type Account = Awaited<ReturnType<typeof lockedAccount>>;

/** Mails the owner that an e-ID was linked to or removed from their account, in the transaction that did it. */
async function tellOwner(
  trx: Db,
  notice: EidNotice,
  account: Account,
  template: 'eid_linked' | 'eid_unlinked',
  name: string | null,
  now: Date,
) {
  const locale = isLocale(account.locale) ? account.locale : defaultLocale;
  await notice.mailer.queue(
    {
      to: account.email,
      locale,
      name: account.verified_at ? account.first_name : null,
      template,
      params: {
        provider: notice.provider,
        name: name ?? '–',
        time: formatDateTime(now.toISOString(), locale),
        link: `${notice.publicUrl}/mina-uppgifter`,
      },
    },
    trx,
  );
}

/**
 * Links the e-ID to the applicant, in the caller's transaction: the identity, and the personal number's hash when the
 * account has none; recorded in the account's history and mailed to the owner (the caller wakes the mailer once it has
 * committed). Refused, changing nothing, when the identity or the number is another open account's, or when the account
 * already has another person's e-ID: another number, or another identity of the same provider that no equal number
 * shows to be the same person's.
 */
export async function linkEid(trx: Db, notice: EidNotice, frontendUserId: number, eid: Eid, now: Date): Promise<LinkOutcome> {
  const account = await lockedAccount(trx, frontendUserId);
  const holder = await trx
    .selectFrom('oidc_identities')
    .select('frontend_user_id')
    .where('issuer', '=', eid.issuer)
    .where('subject', '=', eid.subject)
    .executeTakeFirst();
  if (holder) return holder.frontend_user_id === account.id ? 'already' : 'taken';
  const hash = eid.personal_number_hash;
  if (hash) {
    const held = await trx
      .selectFrom('frontend_users')
      .select('id')
      .where('personal_number_hash', '=', hash)
      .where('closed_at', 'is', null)
      .where('id', '!=', account.id)
      .executeTakeFirst();
    if (held) return 'taken';
  }
  const samePerson = !!hash && !!account.personal_number_hash?.equals(hash);
  if (hash && account.personal_number_hash && !samePerson) return 'other_person';
  const sameProvider = await trx
    .selectFrom('oidc_identities')
    .select('id')
    .where('frontend_user_id', '=', account.id)
    .where('issuer', '=', eid.issuer)
    .executeTakeFirst();
  if (sameProvider && !samePerson) return 'other_person';

  const inserted = await trx
    .insertInto('oidc_identities')
    .values({ issuer: eid.issuer, subject: eid.subject, frontend_user_id: account.id, last_sign_in_at: now })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // Linked by another request at this moment, to another account (the account's own lock keeps out its own).
  if (!inserted) return 'taken';
  if (hash && !account.personal_number_hash)
    await trx
      .updateTable('frontend_users')
      .set({ personal_number_hash: hash, updated_at: sql<Date>`now()` })
      .where('id', '=', account.id)
      .execute();
  const name = personName(eid);
  await recordApplicantEvent(trx, account.id, 'eid_linked', { provider: notice.provider, personName: name, at: now });
  await tellOwner(trx, notice, account, 'eid_linked', name, now);
  return 'linked';
}

/**
 * Removes every e-ID link of the applicant and forgets their personal number's hash (else the number would link the
 * e-ID again at its next sign-in); recorded and mailed as a link is. Answers false when none was linked.
 */
export async function unlinkEid(trx: Db, notice: EidNotice, frontendUserId: number, now: Date): Promise<boolean> {
  const account = await lockedAccount(trx, frontendUserId);
  const removed = await trx.deleteFrom('oidc_identities').where('frontend_user_id', '=', account.id).returning('id').execute();
  if (!removed.length) return false;
  await trx
    .updateTable('frontend_users')
    .set({ personal_number_hash: null, updated_at: sql<Date>`now()` })
    .where('id', '=', account.id)
    .execute();
  await recordApplicantEvent(trx, account.id, 'eid_unlinked', { provider: notice.provider, personName: null, at: now });
  await tellOwner(trx, notice, account, 'eid_unlinked', null, now);
  return true;
}

/** When the applicant's first e-ID link still standing was made, or null: none is linked. */
export async function linkedSince(db: Db, frontendUserId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('oidc_identities')
    .select((eb) => eb.fn.min('created_at').as('since'))
    .where('frontend_user_id', '=', frontendUserId)
    .executeTakeFirst();
  return row?.since ?? null;
}

/**
 * Whether the personal number's hash can be the applicant's: theirs already, or theirs now, set because they had
 * none and no other open account holds it. For an identity linked before its provider gave the number.
 */
export async function adoptPersonalNumber(db: Db, frontendUserId: number, hash: Buffer): Promise<boolean> {
  const account = await db
    .selectFrom('frontend_users')
    .select('personal_number_hash')
    .where('id', '=', frontendUserId)
    .executeTakeFirstOrThrow();
  if (account.personal_number_hash) return account.personal_number_hash.equals(hash);
  const held = await db
    .selectFrom('frontend_users')
    .select('id')
    .where('personal_number_hash', '=', hash)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (held) return false;
  await db
    .updateTable('frontend_users')
    .set({ personal_number_hash: hash, updated_at: sql<Date>`now()` })
    .where('id', '=', frontendUserId)
    .execute();
  return true;
}
