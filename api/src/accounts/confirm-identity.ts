import type { MessageDescriptor } from '@lingui/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M, SECURITY_API_MESSAGES as S } from 'shared/messages';
import { HttpError } from '../plugins/error-handler';
import { verifyPassword } from './passwords';
import { hasTwoFactor } from './two-factor';
import { requireSecondFactor } from './two-factor-guard';

/** What the caller offered as proof, as `IdentityProofEntries` (shared) reads it from a body. */
export interface IdentityProof {
  current_password?: string | undefined;
  two_factor_code?: string | undefined;
}

/**
 * Refuses (422 on `current_password`, or on `two_factor_code`) unless the
 * signed-in person proves they own the account: its current password, or,
 * when the account has two-factor sign-in, a code of its authenticator (or a
 * recovery code, spent). Called before every change that could hand the
 * account or its money to someone holding only a stolen session token: the
 * e-mail address, the password, a second factor.
 */
export async function confirmIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: string; password_hash: string | null },
  proof: IdentityProof,
  { passwordOnly = false }: { passwordOnly?: boolean } = {},
): Promise<void> {
  const refuse = (message: MessageDescriptor) => new HttpError(422, request.t(M.invalidFields), { current_password: [request.t(message)] });
  const owner = { kind: 'user' as const, id: account.id };
  if (!proof.current_password && proof.two_factor_code && !passwordOnly && (await hasTwoFactor(request.server.db, owner))) {
    await requireSecondFactor(request.server, request, reply, owner, proof.two_factor_code, 'two_factor_code');
    return;
  }
  if (!proof.current_password) throw refuse(S.currentPasswordRequired);
  // An account without a password (social sign-in only) cannot prove itself this way: the hash of
  // nothing never matches, and it takes as long as a real check.
  if (!(await verifyPassword(account.password_hash ?? undefined, proof.current_password))) throw refuse(S.currentPasswordWrong);
}
