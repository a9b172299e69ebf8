import { recordAccountEvent, takeFailureAlert } from '../../auth/accountHistory.js';
import { verifyPassword } from '../../auth/passwords.js';
import {
  ACCOUNT_LIMIT,
  assertAccountNotDelayed,
  assertNotLimited,
  clearFailures,
  perHour,
  reachedAccountLimit,
  recordFailure,
  type AttemptKey,
} from '../../auth/rateLimit.js';
import type { Api } from '../schemas.js';

/**
 * Checks a staff password as the sign-in does, wherever one is asked (the sign-in, confirming a change of one's own
 * sign-in): refused unchecked (429) while the e-mail and address, the address across accounts, or the account from
 * every address has failed too often; a wrong one counted as a failed sign-in (after `beforeCounting`, what else the
 * caller records of it, so that a mail it causes comes after it); a right one clears the address's failures.
 * `storedHash` null (no such user, or one without a password) is wrong for every password.
 */
export async function passwordAccepted(
  app: Api,
  key: AttemptKey,
  storedHash: string | null,
  given: string,
  beforeCounting?: () => Promise<void>,
): Promise<boolean> {
  await assertNotLimited(app.db, key, { perAddress: perHour(app.config.staffFailuresPerHour) });
  // From every address together too: the right password waits out the delay as well, or the delay would tell it.
  await assertAccountNotDelayed(app.db, key.scope, key.email);
  if (!(await verifyPassword(storedHash, given))) {
    await beforeCounting?.();
    await countFailedSignIn(app, key);
    return false;
  }
  await clearFailures(app.db, key);
  return true;
}

/**
 * Counts a failed staff sign-in (a password or a second factor). When the account's failures from every address reach
 * the limit, its owner is mailed (once a day at most) that someone is trying, so they can change their password.
 */
export async function countFailedSignIn(app: Api, key: AttemptKey): Promise<void> {
  await recordFailure(app.db, key);
  if (!(await reachedAccountLimit(app.db, key.scope, key.email))) return;
  await app.db.transaction().execute(async (trx) => {
    const owner = await takeFailureAlert(trx, key.email);
    if (!owner) return;
    await app.mailer.queue(
      {
        to: owner.email,
        locale: owner.locale,
        name: owner.first_name,
        template: key.scope === 'staff' ? 'sign_in_failures' : 'second_factor_failures',
        params: { count: ACCOUNT_LIMIT.max, minutes: ACCOUNT_LIMIT.seconds / 60, link: `${app.config.publicUrl}/admin/forgot-password` },
      },
      trx,
    );
    await recordAccountEvent(trx, owner.id, 'failed_sign_ins_mailed');
  });
  app.mailer.deliverSoon();
}
