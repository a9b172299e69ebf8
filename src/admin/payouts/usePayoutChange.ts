import type { StaffDataProvider } from '../../providers/dataProvider';
import { useStaffChange } from '../useStaffQuery';

/** The lists and pages a change of payouts may alter: the payouts list, the batches and each batch, one payout. */
const payoutScopes = ['payouts', 'payment-batches', 'payment-batch', 'payout'];

/**
 * A change of payouts through the dataProvider: on success a notice and every read of payouts and batches again; a
 * refusal's message (another user was first, the same attester) as an error notice.
 */
export function usePayoutChange<V, R>(change: (dataProvider: StaffDataProvider, value: V) => Promise<R>, notice: string) {
  return useStaffChange(change, [(query) => payoutScopes.includes(query.queryKey[0] as string)], { done: notice, failed: true });
}
