import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ChainVerificationSchema, IdParamsSchema, SiteRecordSchema, errorResponses } from 'shared/contract';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { findContract } from '../../escrow/contracts';
import { chainHead, verifyChain } from '../../site-record/chain';
import { dailyLogs } from '../../site-record/daily-logs';
import { changeOrders } from '../../site-record/change-orders';
import { escrowFiles, notFound } from '../contracts/contract-access';
import { UUID } from '../projects/project-guards';

const TAGS = ['admin escrow'];

/** The back office reads a contract's site record (for disputes); it never writes in it. */
export const adminSiteRecordRoutes: FastifyPluginAsync = async (app) => {
  const files = escrowFiles(app.objectStore);
  app.addHook('onRequest', app.requireAdmin);
  const api = app.withTypeProvider<ValibotTypeProvider>();

  async function existing(request: FastifyRequest, id: string) {
    const contract = UUID.test(id) ? await findContract(app.db, id) : undefined;
    if (!contract) throw notFound(request);
    return contract;
  }

  api.get(
    '/admin/contracts/:id/site-record',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "A contract's timeline, change orders and chain head, read-only",
        params: IdParamsSchema,
        response: { 200: SiteRecordSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const contract = await existing(request, request.params.id);
      return {
        daily_logs: await dailyLogs(app.db, contract.id, 'admin', null),
        change_orders: await changeOrders(app.db, contract, 'admin', null),
        chain: await chainHead(app.db, contract.id),
      };
    },
  );

  api.get(
    '/admin/contracts/:id/daily-logs/verify',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "Recomputes a contract's chain and names the first broken link",
        params: IdParamsSchema,
        response: { 200: ChainVerificationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => verifyChain(app.db, files, (await existing(request, request.params.id)).id),
  );
};
