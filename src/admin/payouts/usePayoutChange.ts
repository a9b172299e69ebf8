import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { StaffDataProvider } from '../../providers/dataProvider';

/** The lists and pages a change of payouts may alter: the payouts list, the batches and each batch, one payout. */
const payoutScopes = ['payouts', 'payment-batches', 'payment-batch', 'payout'];

/**
 * A change of payouts through the dataProvider: on success a notice and every read of payouts and batches again; a
 * refusal's message (another user was first, the same attester) as an error notice.
 */
export function usePayoutChange<V, R>(change: (dataProvider: StaffDataProvider, value: V) => Promise<R>, notice: string) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (value: V) => change(dataProvider, value),
    onSuccess: () => {
      notify(notice, { type: 'success' });
      void queryClient.invalidateQueries({ predicate: (query) => payoutScopes.includes(query.queryKey[0] as string) });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
}
