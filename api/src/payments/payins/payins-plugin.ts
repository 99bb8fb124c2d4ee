import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { PAYIN_MESSAGES as PI } from 'shared/messages';
import { errorResponses } from 'shared/contract';
import type { AppConfig } from '../../config';
import { RuleError } from '../../plugins/error-handler';
import { notificationMailer } from '../../marketplace/notification-mail';
import { ForgedWebhookError } from '../payin-provider';
import { configuredPayins } from './configured-payins';
import { reconcilePayins, settlePayin, type PayinProviders } from './payin-service';
import { createSandboxPayins, type SandboxPayinProvider } from './sandbox-payins';
import { sandboxCheckoutRoutes } from './sandbox-checkout';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's pay-in providers. */
    payins: PayinProviders;
  }
}

/** Every minute, one instance of however many asks the providers about the pay-ins whose webhook has not come. */
export const PAYIN_RECONCILE_SCHEDULE = '* * * * *';

/**
 * The pay-in providers of this instance: those given (tests), or by
 * configuration (Stripe, pawaPay), the embedded sandbox by default, whose webhooks come back to
 * our own endpoint and whose hosted page this server serves. The
 * reconciliation round runs at start-up and on its schedule.
 */
export async function setUpPayins(app: FastifyInstance, config: AppConfig, given?: PayinProviders): Promise<PayinProviders> {
  let sandbox: SandboxPayinProvider | undefined;
  const sandboxOf = () =>
    (sandbox ??= createSandboxPayins(app.db, {
      secret: `${config.escrow.sandboxSecret}:payins`,
      expiryMs: config.escrow.payinExpiryMinutes * 60_000,
      callbackDelayMs: config.escrow.sandboxCallbackMs,
      deliver: async (body, headers) => {
        await app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers, payload: body });
      },
    }));
  const providers = given ?? (await configuredPayins(app.db, config, sandboxOf));
  app.decorate('payins', providers);
  const announce = notificationMailer(app, config.publicUrl);

  for (const provider of providers.all) {
    if (provider.name === 'sandbox' && 'page' in provider) await app.register(sandboxCheckoutRoutes, { provider: provider as SandboxPayinProvider });
  }

  let running: Promise<void> | undefined;
  const round = () =>
    (running ??= reconcilePayins(app.db, providers, config.escrow.paymentRecoverySeconds, announce)
      .then(
        (report) => (report.posted + report.declined + report.cancelled > 0 ? app.log.info({ report }, 'pay-ins reconciled') : undefined),
        (error: unknown) => app.log.error({ err: error }, 'pay-in reconciliation failed'),
      )
      .finally(() => (running = undefined)));
  // What a crash of this instance left is settled at start-up, then every minute as a scheduled job.
  app.addHook('onReady', async () => round());
  app.jobs.define({ name: 'payins.reconcile', schedule: PAYIN_RECONCILE_SCHEDULE, run: () => round() });
  app.addHook('preClose', async () => {
    await running;
    for (const provider of providers.all) await (provider as { idle?: () => Promise<void> }).idle?.();
  });
  return providers;
}

/** The providers' signed webhooks: anonymous, trusted only through their signature over the raw body. */
export const payinWebhookRoutes: FastifyPluginAsync<{ config: AppConfig; providers: PayinProviders }> = async (app, { config, providers }) => {
  const announce = notificationMailer(app, config.publicUrl);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post<{ Params: { provider: string } }>(
    '/payments/webhooks/:provider',
    {
      schema: {
        tags: ['escrow'],
        summary: 'A pay-in provider’s signed webhook: a payment’s new state',
        params: v.object({ provider: v.pipe(v.string(), v.maxLength(40)) }),
        response: { 200: v.object({ received: v.boolean() }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const provider = providers.byName(request.params.provider);
      if (!provider) throw new RuleError(404, PI.methodUnavailable);
      let payin;
      try {
        payin = await provider.verifyWebhook(typeof request.body === 'string' ? request.body : '', request.headers);
      } catch (error) {
        if (error instanceof ForgedWebhookError || error instanceof SyntaxError) throw new RuleError(401, PI.badSignature);
        throw error;
      }
      if (payin) announce((await settlePayin(app.db, payin)).notifications);
      return { received: true };
    },
  );
};
