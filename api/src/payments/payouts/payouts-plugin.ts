import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { PayoutProvider } from '../payout-provider';
import { pollPayouts } from './payout-service';
import { createSandboxPayouts } from './sandbox-payouts';

/**
 * The payout provider of this instance: the one given (tests, a real
 * aggregator) or the embedded sandbox, whose callbacks come back to our own
 * webhook. The round that settles what a lost callback left (and sends the
 * automatic payouts) runs every `payoutPollSeconds`.
 */
export function setUpPayouts(app: FastifyInstance, config: AppConfig, given?: PayoutProvider): PayoutProvider {
  const provider =
    given ??
    createSandboxPayouts(app.db, {
      secret: `${config.escrow.sandboxSecret}:payouts`,
      settleAfterMs: 1500,
      deliver: async (body, headers) => {
        await app.inject({ method: 'POST', url: '/api/v1/payouts/callbacks/sandbox', headers, payload: body });
      },
    });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const round = () =>
    (running ??= pollPayouts(app.db, provider)
      .then(
        (report) => (report.sent + report.updated + report.automatic > 0 ? app.log.info({ report }, 'payout round') : undefined),
        (error: unknown) => app.log.error({ err: error }, 'payout round failed'),
      )
      .finally(() => (running = undefined)));
  app.addHook('onReady', async () => {
    if (config.escrow.payoutPollSeconds > 0) timer = setInterval(() => void round(), config.escrow.payoutPollSeconds * 1000).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    const sandbox = provider as { idle?: () => Promise<void> };
    await sandbox.idle?.();
  });
  return provider;
}
