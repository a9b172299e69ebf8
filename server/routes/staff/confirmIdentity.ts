import type { FastifyRequest } from 'fastify';
import { recordAccountEvent } from '../../auth/accountHistory.js';
import { assertAccountNotDelayed } from '../../auth/rateLimit.js';
import { staffPasswordOf } from '../../auth/staffAccounts.js';
import { secondFactorOf, takeCode } from '../../auth/twoFactor/secondFactor.js';
import { AppError, invalid } from '../../errors.js';
import type { Api } from '../schemas.js';
import { countFailedSignIn, passwordAccepted } from './signInFailures.js';

/** What a signed-in user gives to confirm a change of their own sign-in: their password, or a current code. */
export interface Proof {
  password?: string;
  code?: string;
}

export const wrongCode = () => invalid({ code: ['errors.second_factor_invalid'] }, 'errors.second_factor_invalid');

/**
 * A signed-in staff user proves again that they are the account's owner before turning their second factor on,
 * renewing its recovery codes or turning it off, so that whoever holds their session for a moment cannot: with their
 * password, checked and counted exactly as at the sign-in (passwordAccepted), or, where a second factor is on, a
 * current code from it, counted as the sign-in's codes are. Each wrong one is also in the account's history. A user
 * without a password (single sign-on only) confirms with a code, or, with no second factor, cannot here (403, saying
 * how to set a password). Throws unless confirmed; nothing is changed by a refusal but the count.
 */
export async function confirmIdentity(app: Api, request: FastifyRequest, user: { id: number; email: string }, proof: Proof) {
  const { db } = app;
  const factor = await secondFactorOf(db, user.id);
  const hasFactor = !!factor?.totp_secret;
  const failed = () => recordAccountEvent(db, user.id, 'security_confirmation_failed');
  if (proof.code !== undefined) {
    if (!factor?.totp_secret) throw new AppError(409, 'errors.second_factor_not_enabled');
    const key = { scope: 'staff-second-factor' as const, email: user.email, ip: request.ip };
    await assertAccountNotDelayed(db, key.scope, key.email);
    if (await takeCode(db, app.authKeys, factor, proof.code, app.clock.now())) return;
    await failed();
    await countFailedSignIn(app, key);
    throw wrongCode();
  }
  const stored = await staffPasswordOf(db, user.id);
  if (proof.password === undefined) {
    if (hasFactor) throw invalid({ code: ['validation.required'] });
    if (stored === null) throw new AppError(403, 'errors.confirm_without_password');
    throw invalid({ password: ['validation.required'] });
  }
  if (stored === null) throw new AppError(403, hasFactor ? 'errors.confirm_with_code' : 'errors.confirm_without_password');
  const key = { scope: 'staff' as const, email: user.email, ip: request.ip };
  if (await passwordAccepted(app, key, stored, proof.password, failed)) return;
  throw invalid({ password: ['errors.password_incorrect'] }, 'errors.password_incorrect');
}
