import { api, send } from 'shared/api';
import type { MessageAnswer, RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from 'shared/contract';

/** `GET /auth/two-factor`: on or off, and the recovery codes left. */
export const getTwoFactor = (signal?: AbortSignal) => send<TwoFactorStatus>(api.get('auth/two-factor', { signal }));

/** `POST /auth/two-factor/enrolment`: a new secret, after the password. */
export const startEnrolment = (currentPassword: string) =>
  send<TwoFactorEnrolment>(api.post('auth/two-factor/enrolment', { json: { current_password: currentPassword } }));

/** `POST /auth/two-factor/enrolment/confirm`: the app's first code turns it on; the recovery codes come once. */
export const confirmEnrolment = (code: string) => send<RecoveryCodes>(api.post('auth/two-factor/enrolment/confirm', { json: { code } }));

/** `POST /auth/two-factor/recovery-codes`: ten new codes, the old ones stop working. */
export const regenerateRecoveryCodes = (currentPassword: string) =>
  send<RecoveryCodes>(api.post('auth/two-factor/recovery-codes', { json: { current_password: currentPassword } }));

/** `DELETE /auth/two-factor`: the password and a code. */
export const disableTwoFactor = (body: { current_password: string; two_factor_code: string }) =>
  send<MessageAnswer>(api.delete('auth/two-factor', { json: body }));
