import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  IdParamsSchema,
  QuoteListSchema,
  QuoteParamsSchema,
  QuoteSchema,
  QuoteSelectionSchema,
  QuoteViewSchema,
  errorResponses,
} from 'shared/contract';
import { MARKETPLACE_API_MESSAGES as MM, API_MESSAGES as M, ESCROW_API_MESSAGES as EM } from 'shared/messages';
import { PERMISSIONS } from 'shared/permissions';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { SIGNED_IN } from '../../accounts/signed-in';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { isBarred, receivesRequests, type ProjectRow } from '../../marketplace/project-access';
import { createContractForQuote } from '../../escrow/contracts';
import { listQuotes } from './project-views';
import { UUID, can, loadVisibleProject, requirePermission, type ProjectWithOwner, type Viewer } from './project-guards';

interface QuoteOptions {
  config: AppConfig;
  announce: (notifications: NewNotification[]) => void;
}

async function contractOf(tx: { query: Queryable['query'] }, quoteId: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM contracts WHERE quote_id = $1', [quoteId]);
  return rows[0]?.id ?? null;
}

/** Quotes on a project: a verified specialist submits one; the owner compares them and selects one. */
export const quoteRoutes: FastifyPluginAsync<QuoteOptions> = async (app, { announce }) => {
  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['projects'];

  api.get(
    '/projects/:id/quotes',
    {
      schema: {
        tags,
        summary: "A project's quotes: all of them for its owner, a specialist's own for them",
        security: SIGNED_IN,
        params: IdParamsSchema,
        response: { 200: QuoteListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { project, relation } = await loadVisibleProject(app, request, request.params.id);
      return { data: await listQuotes(app.db, project.id, relation === 'owner' ? undefined : request.user!.id) };
    },
  );

  /** Who may quote on which project, checked before the quote itself so a refusal says why. */
  const quotable = new WeakMap<FastifyRequest, { user: Viewer; project: ProjectWithOwner }>();

  api.post(
    '/projects/:id/quotes',
    {
      schema: {
        tags,
        summary: "A verified specialist's one quote on an open project, with its milestone plan",
        security: SIGNED_IN,
        params: IdParamsSchema,
        body: QuoteSchema,
        response: { 201: QuoteViewSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      preValidation: async (request) => {
        const user = requirePermission(request, PERMISSIONS.CAN_SUBMIT_QUOTE);
        if (!receivesRequests(user)) throw new HttpError(403, request.t(MM.notVerified));
        // Declared insolvent: no new work (a suspended account cannot even sign in).
        if (await isBarred(app.db, user.id)) throw new HttpError(403, request.t(MM.forbidden));
        const { project, relation } = await loadVisibleProject(app, request, (request.params as { id: string }).id);
        if (relation === 'quoted') throw new HttpError(409, request.t(MM.alreadyQuoted));
        if (project.status !== 'open') throw new HttpError(409, request.t(MM.projectClosed));
        quotable.set(request, { user, project });
      },
    },
    async (request, reply) => {
      const { user, project } = quotable.get(request)!;
      const quote = request.body;
      if (quote.currency !== project.currency) {
        const message = request.t(MM.quoteCurrency, { currency: project.currency });
        throw new HttpError(422, request.t(M.invalidFields), { currency: [message] });
      }
      const created = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days, message)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (project_id, specialist_id) DO NOTHING RETURNING id`,
          [project.id, user.id, quote.amount, quote.currency, quote.duration_days, quote.message],
        );
        // Two submissions racing: the second finds the first one's row.
        if (!rows[0]) throw new HttpError(409, request.t(MM.alreadyQuoted));
        for (const [index, milestone] of quote.milestones.entries()) {
          await tx.query('INSERT INTO quote_milestones (quote_id, position, title, amount) VALUES ($1, $2, $3, $4)', [
            rows[0].id,
            index + 1,
            milestone.title,
            milestone.amount,
          ]);
        }
        const notifications: NewNotification[] = [
          {
            userId: project.owner_id,
            kind: 'quote_received',
            data: { name: `${user.first_name} ${user.last_name}`, title: project.title, project_id: project.id },
            link: `/main/projects/${project.id}`,
          },
        ];
        await addNotifications(tx, notifications);
        return { id: rows[0].id, notifications };
      });
      announce(created.notifications);
      const saved = (await listQuotes(app.db, project.id, user.id)).find((item) => item.id === created.id);
      if (!saved) throw new HttpError(404, request.t(MM.quoteNotFound));
      return reply.status(201).send(saved);
    },
  );

  api.post(
    '/projects/:id/quotes/:quoteId/select',
    {
      schema: {
        tags,
        summary: 'The owner selects a quote: the others are declined and the escrow contract begins',
        security: SIGNED_IN,
        params: QuoteParamsSchema,
        response: { 200: QuoteSelectionSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { project, relation } = await loadVisibleProject(app, request, request.params.id);
      if (relation !== 'owner' || !can(request.user!, PERMISSIONS.CAN_SELECT_QUOTE)) throw new HttpError(403, request.t(MM.forbidden));
      if (!UUID.test(request.params.quoteId)) throw new HttpError(404, request.t(MM.quoteNotFound));
      const quoteId = request.params.quoteId;
      const outcome = await app.db.transaction(async (tx) => {
        // The project row is the lock: two selections of one project run one after the other.
        const { rows: locked } = await tx.query<ProjectRow>('SELECT * FROM projects WHERE id = $1 FOR UPDATE', [project.id]);
        const current = locked[0]!;
        const { rows: quotes } = await tx.query<{ id: string; specialist_id: string; status: string }>(
          'SELECT id, specialist_id, status FROM quotes WHERE project_id = $1',
          [project.id],
        );
        const chosen = quotes.find((quote) => quote.id === quoteId);
        if (!chosen) throw new HttpError(404, request.t(MM.quoteNotFound));
        // Selecting the quote already selected answers the same again (a retried request).
        if (chosen.status === 'selected') return { notifications: [] as NewNotification[], contractId: await contractOf(tx, chosen.id) };
        if (current.status !== 'open') throw new HttpError(409, request.t(MM.alreadySelected));
        if (chosen.status !== 'submitted') throw new HttpError(409, request.t(MM.quoteNotOpen));
        if (await isBarred(tx, chosen.specialist_id)) throw new HttpError(409, request.t(EM.specialistBarred));
        await tx.query("UPDATE quotes SET status = 'selected', updated_at = now() WHERE id = $1", [chosen.id]);
        await tx.query("UPDATE quotes SET status = 'rejected', updated_at = now() WHERE project_id = $1 AND id <> $2 AND status = 'submitted'", [
          project.id,
          chosen.id,
        ]);
        await tx.query("UPDATE projects SET status = 'contracted', updated_at = now() WHERE id = $1", [project.id]);
        const link = `/main/projects/${project.id}`;
        const notifications: NewNotification[] = quotes
          .filter((quote) => quote.status === 'submitted')
          .map((quote) => ({
            userId: quote.specialist_id,
            kind: quote.id === chosen.id ? 'quote_selected' : 'quote_not_selected',
            data: { title: project.title, project_id: project.id },
            link,
          }));
        // The contract and its escrow account start here, in the same transaction as the selection.
        const contract = await createContractForQuote(tx, current, chosen);
        notifications.push(...contract.notifications);
        await addNotifications(tx, notifications);
        return { notifications, contractId: contract.contractId };
      });
      announce(outcome.notifications);
      const quotes = await listQuotes(app.db, project.id);
      const selected = quotes.find((quote) => quote.id === quoteId);
      if (!selected) throw new HttpError(404, request.t(MM.quoteNotFound));
      return { project_id: project.id, status: 'contracted' as const, contract_id: outcome.contractId, selected_quote: selected, quotes };
    },
  );
};
