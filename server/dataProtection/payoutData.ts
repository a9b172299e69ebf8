import { enums } from '../../resources/enums.js';
import { accountDisplay } from '../../resources/payoutAccounts.js';
import type { Db } from '../db/connect.js';
import type { Translate } from '../i18n.js';

const keyOf = (values: Record<string, number>, value: number) => Object.entries(values).find(([, v]) => v === value)?.[0] ?? String(value);

/**
 * An application's grant as the applicant's download shows it: who accepted it for the organisation, when and from
 * which address, the plan, the payouts with the accounts they went to, and the repayments. Null when there is none.
 */
export async function grantOfApplication(db: Db, applicationId: number, t: Translate) {
  const grant = await db
    .selectFrom('grants')
    .select(['accepted_at', 'accepted_from', 'signatory_name', 'signatory_role', 'accepted_conditions', 'deadline_extended_to'])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  if (!grant) return null;
  const [instalments, payouts, repayments] = await Promise.all([
    db
      .selectFrom('payout_instalments')
      .select(['position', 'amount', 'due', 'lapsed_at'])
      .where('application_id', '=', applicationId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('payouts')
      .select(['amount', 'account_type', 'clearing_number', 'account_number', 'status', 'requested_at', 'paid_on'])
      .where('application_id', '=', applicationId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('repayments')
      .select(['amount', 'reason', 'registered_at', 'received_on'])
      .where('application_id', '=', applicationId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...grant,
    instalments: instalments.map((i) => ({ ...i, due: t(`enums.payout_due.${keyOf(enums.payout_due, i.due)}`) })),
    payouts: payouts.map(({ clearing_number, account_number, status, ...payout }) => ({
      ...payout,
      account: accountDisplay(payout.account_type, account_number, clearing_number),
      status: t(`enums.payout_status.${keyOf(enums.payout_status, status)}`),
    })),
    repayments,
  };
}
