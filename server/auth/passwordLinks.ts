import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Mailer } from '../mail/outbox.js';
import { activeStaffByEmail } from './staffAccounts.js';
import { hashToken, newToken } from '../tokens.js';

export interface LinkRecipient {
  id: number;
  email: string;
  first_name: string | null;
  locale: string;
}

interface LinkOptions {
  publicUrl: string;
  minutes: number;
  template: 'password_reset' | 'staff_welcome';
}

/**
 * Creates a single-use link to choose a password (the user's older links stop working) and queues its mail, both in
 * the caller's transaction, so they are kept with the change that asked for them (a new account) or not at all. The
 * caller starts delivery (`mailer.deliverSoon()`) once it has committed. Returns the link.
 */
export async function storePasswordLink(trx: Db, mailer: Mailer, user: LinkRecipient, { publicUrl, minutes, template }: LinkOptions) {
  const token = newToken();
  const link = `${publicUrl}/admin/reset-password/${token}`;
  const days = Math.max(1, Math.round(minutes / (24 * 60)));
  await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
  await trx
    .insertInto('password_resets')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: sql<Date>`now() + make_interval(mins => ${minutes})` })
    .execute();
  await mailer.queue({ to: user.email, locale: user.locale, name: user.first_name, template, params: { link, minutes, days } }, trx);
  return link;
}

/** Mails a link to choose a password (`password_reset` when asked for, `staff_welcome` for a new account). Returns the link. */
export async function sendPasswordLink(db: Db, mailer: Mailer, user: LinkRecipient, options: LinkOptions): Promise<string> {
  // The link and its mail commit together.
  const link = await db.transaction().execute((trx) => storePasswordLink(trx, mailer, user, options));
  mailer.deliverSoon();
  return link;
}

/** The work of a forgotten password, done by the queue: a link to the active staff user with this address, if any. */
export async function sendRequestedPasswordLink(
  db: Db,
  mailer: Mailer,
  address: string,
  settings: { publicUrl: string; minutes: number },
): Promise<void> {
  const user = await activeStaffByEmail(db, address);
  if (user) await sendPasswordLink(db, mailer, user, { ...settings, template: 'password_reset' });
}
