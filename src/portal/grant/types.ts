import type { JsonOf } from '../../../server/routes/schemas';
import type { grantSummaries, grantView } from '../../../server/routes/schemas/grants';

/** One grant as its applicant sees it. */
export type Grant = JsonOf<typeof grantView>;
/** The applicant's grants with their totals, for the applications page. */
export type GrantSummaries = JsonOf<typeof grantSummaries>;
export type GrantTotals = Grant['totals'];
/** A receipt attached to a payout request. */
export type Receipt = Grant['payouts'][number]['receipts'][number];

/** The grant with the payout's receipts changed by `change`. */
export const withReceipts = (grant: Grant, payoutId: number, change: (receipts: Receipt[]) => Receipt[]): Grant => ({
  ...grant,
  payouts: grant.payouts.map((payout) => (payout.id === payoutId ? { ...payout, receipts: change(payout.receipts) } : payout)),
});

/** The field errors of a refused request, each field's first message. */
export function fieldErrors(body: { errors?: Record<string, string | string[]> } | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body?.errors ?? {}).map(([field, messages]) => [field, Array.isArray(messages) ? messages[0] : messages]),
  );
}
