import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M, SECURITY_API_MESSAGES as S } from 'shared/messages';
import { HttpError, RuleError } from '../plugins/error-handler';
import { hasSecondFactor } from './passkeys';
import { verifySecondFactor, type FactorOwner } from './two-factor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts the authenticator secrets at rest (`loadTwoFactorKey`). */
    twoFactorKey: Buffer;
  }
}

/** Codes tried per account in a quarter of an hour, whichever sign-in or form they come from: a million codes stay out of reach. */
export const CODE_ATTEMPTS = { limit: 10, windowMs: 15 * 60_000 };

/** Counts one code attempt for the owner; 429 with Retry-After past the limit. */
export async function countCodeAttempt(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, owner: FactorOwner): Promise<void> {
  app.refuseOverLimit(request, reply, await app.attempts.hit(`twoFactor:${owner.kind}:${owner.id}`, CODE_ATTEMPTS.windowMs), CODE_ATTEMPTS.limit);
}

/** The 422 of a wrong or missing code, on the form's `field`. */
export function codeRefused(request: FastifyRequest, field: string, missing = false): HttpError {
  return new HttpError(422, request.t(M.invalidFields), { [field]: [request.t(missing ? S.twoFactorCodeRequired : S.twoFactorCodeWrong)] });
}

/** Checks a code (counted against the limit) or throws the 422 on `field`. */
export async function requireSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: FactorOwner,
  code: string | undefined,
  field: string,
): Promise<'totp' | 'recovery_code'> {
  if (!code) throw codeRefused(request, field, true);
  await countCodeAttempt(app, request, reply, owner);
  const used = await verifySecondFactor(app.db, app.twoFactorKey, owner, code);
  if (!used) throw codeRefused(request, field);
  return used;
}

/**
 * Refuses a payee's payout step until their account has a second factor: the
 * money of an account must not move on a password alone.
 */
export async function requireTwoFactorForPayouts(app: FastifyInstance, userId: string): Promise<void> {
  // A passkey is a second factor too (it signs in only with the device and its PIN or biometrics).
  if (!(await hasSecondFactor(app.db, userId))) throw new RuleError(403, S.twoFactorForPayouts);
}
