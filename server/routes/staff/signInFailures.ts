import { recordAccountEvent, takeFailureAlert } from '../../auth/accountHistory.js';
import { ACCOUNT_LIMIT, reachedAccountLimit, recordFailure, type AttemptKey } from '../../auth/rateLimit.js';
import type { Api } from '../schemas.js';

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
