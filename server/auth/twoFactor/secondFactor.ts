import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { recordAccountEvent } from '../accountHistory.js';
import type { AuthKeys } from '../secrets.js';
import { deleteStaffSessions } from '../sessions.js';
import { recoveryCodesLeft, renewRecoveryCodes, spendRecoveryCode } from './recoveryCodes.js';
import { codeStep, newTotpSecret, qrSvg, totpUri } from './totp.js';

// A staff user's second factor: a TOTP secret, sealed under AUTH_SECRET (never in clear in the database), enrolled
// through a pending secret that its first code confirms and that goes on once its owner has saved the recovery codes,
// each code taken once, and recovery codes beside it.

/** The user's second factor as the server keeps it (secrets sealed); undefined for no such active user. */
export function secondFactorOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'totp_secret', 'totp_pending_secret', 'totp_pending_confirmed_at', 'totp_enabled_at'])
    .where('id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Whether the staff user exists (active or not), for the routes about another user's account. */
export async function staffUserExists(db: Db, userId: number): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
}

/**
 * What the user's own settings show: enabled since when, the recovery codes still unused, and whether they have a
 * password to confirm changes with (not one who signs in through single sign-on only).
 */
export async function secondFactorStatus(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['totp_secret', 'totp_enabled_at', sql<boolean>`password_hash IS NOT NULL`.as('has_password')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    enabled: user.totp_secret !== null,
    enabled_at: user.totp_enabled_at,
    recovery_codes_left: user.totp_secret === null ? 0 : await recoveryCodesLeft(db, userId),
    has_password: user.has_password,
  };
}

/**
 * Starts (or starts again) an enrolment of a user who has no second factor: a new secret, kept sealed as pending
 * until a code confirms it, and the recovery codes of an enrolment left unfinished gone; recorded in the account's
 * history. Answers what the authenticator app needs: the secret to type, its otpauth URI and that as a QR code; null
 * when the user has a second factor (by now).
 */
export async function startEnrolment(db: Db, keys: AuthKeys, user: { id: number; email: string }, issuer: string) {
  const secret = newTotpSecret();
  const started = await db.transaction().execute(async (trx) => {
    const pending = await trx
      .updateTable('users')
      .set({ totp_pending_secret: keys.seal(secret), totp_pending_confirmed_at: null })
      .where('id', '=', user.id)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    if (!pending.numUpdatedRows) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await recordAccountEvent(trx, user.id, 'second_factor_enrolment_started');
    return true;
  });
  if (!started) return null;
  const uri = totpUri(secret, issuer, user.email);
  return { qr_svg: qrSvg(uri), secret, uri };
}

/**
 * Takes the time step of a right code for the user, once: of two requests with the same code (or an older one) only
 * the first is accepted, whichever server answers them.
 */
async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const accepted = await db
    .updateTable('users')
    .set({ totp_last_step: String(step) })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]))
    .executeTakeFirst();
  return accepted.numUpdatedRows > 0n;
}

/** Whether the code is right for the user's enrolled secret at `now` and not used before (then it is used). */
export async function takeCode(db: Db, keys: AuthKeys, user: { id: number; totp_secret: string | null }, code: string, now: Date) {
  if (!user.totp_secret) return false;
  const step = await codeStep(keys.open(user.totp_secret), code, now);
  return step !== null && (await acceptStep(db, user.id, step));
}

/** Spends a recovery code of the user's, recorded in the account's history; false when it is none of theirs. */
export async function takeRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await spendRecoveryCode(trx, userId, code))) return false;
    await recordAccountEvent(trx, userId, 'recovery_code_used');
    return true;
  });
}

/**
 * Confirms the pending secret with a code from it (that code's step taken) and makes its ten recovery codes, which it
 * answers, to be shown once. The second factor is still off: it goes on with completeEnrolment, once the user has
 * saved the codes. Null for a wrong code, or no enrolment waiting for its code.
 */
export async function confirmEnrolment(db: Db, keys: AuthKeys, userId: number, code: string, now: Date): Promise<string[] | null> {
  const user = await secondFactorOf(db, userId);
  const pending = user?.totp_pending_secret;
  if (!pending || user.totp_pending_confirmed_at) return null;
  const step = await codeStep(keys.open(pending), code, now);
  if (step === null) return null;
  return db.transaction().execute(async (trx) => {
    // Only the pending secret the code was checked against: another enrolment started meanwhile replaced it.
    const confirmed = await trx
      .updateTable('users')
      .set({ totp_pending_confirmed_at: sql<Date>`now()`, totp_last_step: String(step) })
      .where('id', '=', userId)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', pending)
      .where('totp_pending_confirmed_at', 'is', null)
      .executeTakeFirst();
    if (!confirmed.numUpdatedRows) return null;
    return renewRecoveryCodes(trx, userId);
  });
}

/**
 * Turns the second factor on once the user has saved the recovery codes its confirmed code gave: the pending secret
 * becomes theirs, recorded in the account's history. False when no enrolment waits for that step. Takes the caller's
 * transaction, so that a sign-in's challenge is spent with it.
 */
export async function completeEnrolment(db: Db, userId: number): Promise<boolean> {
  const enabled = await db
    .updateTable('users')
    .set((eb) => ({
      totp_secret: eb.ref('totp_pending_secret'),
      totp_pending_secret: null,
      totp_pending_confirmed_at: null,
      totp_enabled_at: sql<Date>`now()`,
    }))
    .where('id', '=', userId)
    .where('totp_secret', 'is', null)
    .where('totp_pending_confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (!enabled.numUpdatedRows) return false;
  await recordAccountEvent(db, userId, 'second_factor_enrolled');
  return true;
}

/** New recovery codes for the user (the old stop working), recorded in the account's history. */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const codes = await renewRecoveryCodes(trx, userId);
    await recordAccountEvent(trx, userId, 'recovery_codes_renewed');
    return codes;
  });
}

/**
 * Takes the second factor away with its recovery codes: the owner turning it off, or an administrator resetting it
 * (`actorId`), which also ends the user's sessions and sign-ins under way, so they enrol again at their next sign-in.
 * False when the user had none.
 */
export async function removeSecondFactor(db: Db, userId: number, actorId: number | null = null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_pending_confirmed_at: null, totp_enabled_at: null, totp_last_step: null })
      .where('id', '=', userId)
      .where('totp_secret', 'is not', null)
      .executeTakeFirst();
    if (!removed.numUpdatedRows) return false;
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    if (actorId !== null) {
      await deleteStaffSessions(trx, userId);
      await trx.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
    }
    await recordAccountEvent(trx, userId, actorId === null ? 'second_factor_removed' : 'second_factor_reset', actorId);
    return true;
  });
}
