import * as v from 'valibot';
import { adminApi, send } from 'shared/api';
import { AdminPayoutPageSchema, AdminPayoutSchema, ReconciliationSchema, type AdminPayout, type PayoutStatus } from 'shared/contract';

/** The back office's payout calls: the list, hold, release, retry and the reconciliation with the provider. */
export const payoutCalls = {
  list: async (status: PayoutStatus | '', page: number, signal?: AbortSignal) =>
    v.parse(
      AdminPayoutPageSchema,
      await send(
        adminApi.get('admin/payouts', { searchParams: { ...(status ? { status } : {}), page: String(page) }, ...(signal ? { signal } : {}) }),
      ),
    ),
  act: async (id: string, action: 'hold' | 'release' | 'retry'): Promise<AdminPayout> =>
    v.parse(AdminPayoutSchema, await send(adminApi.post(`admin/payouts/${encodeURIComponent(id)}/${action}`, { json: {} }))),
  reconcile: async () => v.parse(ReconciliationSchema, await send(adminApi.get('admin/payouts/reconciliation'))),
};

export const payoutKeys = { list: (status: string, page: number) => ['admin', 'payouts', status, page] as const, all: ['admin', 'payouts'] as const };
