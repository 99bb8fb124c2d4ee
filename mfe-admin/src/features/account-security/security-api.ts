import { adminApi, send } from 'shared/api';
import type { RecoveryCodes, TwoFactorStatus } from 'shared/contract';

/** The signed-in admin's second factor and the recovery codes left (the key is this page's own). */
export const adminTwoFactorKey = ['admin', 'account-security', 'two-factor'] as const;

export const fetchAdminTwoFactor = (signal?: AbortSignal) => send<TwoFactorStatus>(adminApi.get('admin/auth/two-factor', { signal }));

/** Ten new codes for a current code of the app (or a recovery code); the old ones stop working. */
export const regenerateAdminRecoveryCodes = (code: string) =>
  send<RecoveryCodes>(adminApi.post('admin/auth/two-factor/recovery-codes', { json: { code } }));
