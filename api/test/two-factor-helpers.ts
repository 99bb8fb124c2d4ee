import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { setConfirmedSecret } from '../src/accounts/two-factor';

const PERIOD_MS = 30_000;
const lastSteps = new Map<string, number>();

/**
 * The next code an authenticator app with `secret` would show that the API has
 * not accepted yet: each code works once, so successive sign-ins in one test
 * use the steps the API still accepts (one either side of now), waiting for
 * the next one when those are spent.
 */
export async function nextCode(secret: string): Promise<string> {
  let step = Math.max((lastSteps.get(secret) ?? -Infinity) + 1, Math.floor(Date.now() / PERIOD_MS) - 1);
  // Past one step ahead the API refuses it: wait until it is the current one.
  while (step > Math.floor(Date.now() / PERIOD_MS) + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  // Too close to the edge of the accepted window: take the next step instead.
  if (step === Math.floor(Date.now() / PERIOD_MS) - 1 && Date.now() % PERIOD_MS > PERIOD_MS - 2000) step += 1;
  lastSteps.set(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * PERIOD_MS + 1 });
}

/** Gives a client account a confirmed authenticator with `secret`, as if its owner had set one up. */
export async function giveUserSecondFactor(app: FastifyInstance, userId: string, secret: string): Promise<void> {
  await setConfirmedSecret(app.db, app.twoFactorKey, { kind: 'user', id: userId }, secret);
}
