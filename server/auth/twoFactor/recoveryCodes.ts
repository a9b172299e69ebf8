import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { hashToken } from '../../tokens.js';

// One-time recovery codes, for a staff user whose phone is lost: shown once, stored only as their SHA-256.

const COUNT = 10;
/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters (about 50 bits), written `xxxxx-xxxxx` to read and type. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A code as typed, in any case, with or without its dash or spaces, to the form it is hashed in. */
const normalised = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Replaces the user's recovery codes with ten new ones (the old stop working) and answers them, once. */
export async function renewRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: COUNT }, newRecoveryCode);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashToken(normalised(code)) })))
    .execute();
  return codes;
}

/** Spends one of the user's unused recovery codes; false when the code is none of them (or already used). */
export async function spendRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashToken(normalised(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return n;
}
