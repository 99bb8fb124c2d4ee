import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import { EMAIL_MAX_LENGTH } from 'shared/schemas';
import type { RateLimits, RateLimitStore } from '../config';
import { HttpError } from '../plugins/error-handler';
import { createDatabaseLimiter, createRedisLimiter, type AttemptLimiter } from './attempt-limiter';
import { normalizeEmail } from './users';

/** The requests counted per window by `limitAttempts`. */
export type LimitedAction = 'login' | 'signUp' | 'forgotPassword' | 'resendVerification' | 'resetPassword' | 'socialSignIn';

declare module 'fastify' {
  interface FastifyInstance {
    /** The attempt counters behind every limit, shared by every instance (the database, or Redis). */
    attempts: AttemptLimiter;
    /**
     * A preHandler counting attempts at `action`: a hard limit per client
     * address and per (address, e-mail), and, per e-mail from all addresses
     * together, a growing delay instead of a refusal, so that strangers
     * hammering an address cannot lock its owner out.
     */
    limitAttempts(action: LimitedAction): preHandlerAsyncHookHandler;
    /** Refuses with 429 (and Retry-After) when `count` is over `limit`. */
    refuseOverLimit(request: FastifyRequest, reply: FastifyReply, count: { count: number; msBeforeReset: number }, limit: number): void;
  }
}

/**
 * The address a request is about, when it could be one: attempts are counted before the body is
 * validated, and a longer one is refused by validation anyway (it is counted per client address).
 */
function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  if (!body || typeof body.email !== 'string') return undefined;
  const email = normalizeEmail(body.email);
  return email && email.length <= EMAIL_MAX_LENGTH ? email : undefined;
}

/**
 * The delay for the `over`-th attempt beyond an e-mail's limit: 250 ms, then
 * doubling, at most `maxMs`. Slow enough to make guessing across many
 * addresses expensive, short enough that the owner still gets in.
 */
export function delayFor(over: number, maxMs: number): number {
  if (over <= 0) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(over - 1, 20));
}

export const rateLimitsPlugin = fp<{ limits: RateLimits; store: RateLimitStore }>(
  async (app, { limits, store }) => {
    const limiter =
      store.kind === 'redis'
        ? await createRedisLimiter({
            url: store.url,
            keyPrefix: store.keyPrefix,
            onError: (error) => app.log.warn({ err: error }, 'rate limits: Redis unreachable, counting on this instance until it answers'),
          })
        : createDatabaseLimiter(app.db);
    app.addHook('onClose', async () => limiter.close());
    app.decorate('attempts', limiter);
    app.decorate(
      'refuseOverLimit',
      (request: FastifyRequest, reply: FastifyReply, count: { count: number; msBeforeReset: number }, limit: number) => {
        if (count.count <= limit) return;
        reply.header('retry-after', String(Math.max(1, Math.ceil(count.msBeforeReset / 1000))));
        throw new HttpError(429, request.t(M.tooManyAttempts));
      },
    );
    app.decorate('limitAttempts', (action: LimitedAction) => {
      const limit = limits[action];
      // Sign-in may come from many people behind one address (an office): its per-address ceiling is its own.
      const perAddress = action === 'login' ? limits.loginPerAddress : limit;
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const email = emailOf(request);
        app.refuseOverLimit(request, reply, await limiter.hit(`${action}:ip:${request.ip}`, limits.windowMs), perAddress);
        if (!email) return;
        app.refuseOverLimit(request, reply, await limiter.hit(`${action}:ip-email:${request.ip}:${email}`, limits.windowMs), limit);
        const acrossAddresses = await limiter.hit(`${action}:email:${email}`, limits.windowMs);
        const delay = delayFor(acrossAddresses.count - limit, limits.maxDelayMs);
        if (delay > 0) await sleep(delay);
      };
    });
  },
  { name: 'rate-limits', dependencies: ['i18n', 'db'] },
);
