import { useQuery } from '@tanstack/react-query';
import { getPayment } from './api/fund-milestone';

/** How often the page asks while a payment waits for the provider: often enough to feel immediate, rare enough to cost nothing. */
export const PAYMENT_POLL_MS = 2000;

/** The milestone's payment, asked again every two seconds while it is pending; `enabled` false asks nothing. */
export function usePaymentWait(contractId: string, milestoneId: string | null) {
  return useQuery({
    queryKey: ['contracts', contractId, 'payment', milestoneId],
    queryFn: ({ signal }) => getPayment(contractId, milestoneId!, signal),
    enabled: milestoneId !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'pending' ? false : PAYMENT_POLL_MS),
    gcTime: 0,
  });
}
