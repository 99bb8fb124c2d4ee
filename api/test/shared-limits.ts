import type { FastifyInstance } from 'fastify';
import { RELAXED_LIMITS, uniqueEmail } from './accounts-helpers';

/** The shipped sign-in limit: ten per minute per (client address, e-mail). */
export const SIGN_IN_LIMITS = { ...RELAXED_LIMITS, login: 10 };

const wrongSignIn = (app: FastifyInstance, email: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'Wrong-pass-1' }, remoteAddress: ip });

/**
 * Ten failed sign-ins through `a`, then the eleventh through `b`: the status of
 * each answer, and the Retry-After of the last. One address and one machine,
 * as a person guessing a password behind a balancer that alternates.
 */
export async function tenThenOneMore(a: FastifyInstance, b: FastifyInstance, ip: string) {
  const email = uniqueEmail('guessed');
  const statuses: number[] = [];
  for (let i = 0; i < 10; i += 1) statuses.push((await wrongSignIn(a, email, ip)).statusCode);
  const last = await wrongSignIn(b, email, ip);
  statuses.push(last.statusCode);
  return { statuses, retryAfter: Number(last.headers['retry-after']) };
}
