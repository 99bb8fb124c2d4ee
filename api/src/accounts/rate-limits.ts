import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import type { RateLimits } from '../config';
import { HttpError } from '../plugins/error-handler';
import { normalizeEmail } from './users';

export type LimitedAction = Exclude<keyof RateLimits, 'windowMs'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler counting attempts at `action` per client address and, when
     * the body names one, per e-mail address (so one address cannot be
     * hammered from many machines, nor many addresses from one machine).
     */
    limitAttempts(action: LimitedAction): preHandlerAsyncHookHandler;
  }
}

function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return body && typeof body.email === 'string' && body.email.trim() ? normalizeEmail(body.email) : undefined;
}

export const rateLimitsPlugin = fp<{ limits: RateLimits }>(
  async (app, { limits }) => {
    await app.register(rateLimit, { global: false });
    app.decorate('limitAttempts', (action: LimitedAction) => {
      const options = { max: limits[action], timeWindow: limits.windowMs };
      const byAddress = app.createRateLimit({ ...options, keyGenerator: (request) => `${action}:ip:${request.ip}` });
      const byEmail = app.createRateLimit({
        ...options,
        keyGenerator: (request) => `${action}:email:${emailOf(request) ?? ''}`,
      });
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const checks = [await byAddress(request)];
        if (emailOf(request)) checks.push(await byEmail(request));
        // `isAllowed` only means "on the allow list"; the count decides.
        const refused = checks.find((check) => !check.isAllowed && check.isExceeded);
        if (refused && !refused.isAllowed) {
          reply.header('retry-after', String(Math.max(1, Math.ceil((refused.ttl ?? limits.windowMs) / 1000))));
          throw new HttpError(429, request.t(M.tooManyAttempts));
        }
      };
    });
  },
  { name: 'rate-limits', dependencies: ['i18n'] },
);
