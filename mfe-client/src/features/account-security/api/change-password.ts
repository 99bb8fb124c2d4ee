import { api, send } from 'shared/api';
import type { MessageAnswer } from 'shared/contract';
import type { ChangePasswordInput } from 'shared/schemas';

/** `PUT /auth/password`: a new password, proved by the current one; the API ends every other session. */
export function changePassword(input: ChangePasswordInput): Promise<MessageAnswer> {
  return send<MessageAnswer>(api.put('auth/password', { json: input }));
}
