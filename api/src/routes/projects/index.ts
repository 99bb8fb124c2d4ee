import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import {
  DraftQuerySchema,
  IdParamsSchema,
  NoContentSchema,
  FileResponseSchema,
  ProjectDetailSchema,
  ProjectDocumentListSchema,
  ProjectDocumentParamsSchema,
  ProjectFieldsSchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  errorResponses,
} from 'shared/contract';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { PERMISSIONS } from 'shared/permissions';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../plugins/error-handler';
import { documentFiles } from '../../marketplace/document-files';
import { FILE_CONTENT_TYPES, FILE_EXTENSIONS, contentDisposition, type StoredFiles } from '../../uploads/stored-files';
import { addNotifications, type NewNotification } from '../../marketplace/notifications';
import { notificationMailer } from '../../marketplace/notification-mail';
import { matchingRequestSql, receivesRequests, receivesRequestsSql, type ProjectRow } from '../../marketplace/project-access';
import { MULTIPART_LIMITS, parseDraft, parseProject, readProjectMultipart, storedFields, type UploadedDocument } from './project-input';
import { listDocuments, listQuotes, projectCard, projectDetail, type DocumentRow } from './project-views';
import {
  UUID,
  can,
  loadVisibleProject,
  loadVisibleProjectPage,
  ownedProject,
  requirePermission,
  type ProjectWithOwner,
  type Viewer,
} from './project-guards';
import { quoteRoutes } from './quotes';
import { projectReachRoutes } from './project-reach';
import { listProjects, type ListingViewer } from './project-listing';
import { LISTINGS_CHANGED, RequestCache } from './request-cache';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { SIGNED_IN } from '../../accounts/signed-in';

const TAGS = ['projects'];

/** Every verified specialist a newly open project matches hears of it, in the transaction that opens it. */
async function requestNotifications(tx: Queryable, project: ProjectRow): Promise<NewNotification[]> {
  // `u` must not be called `sp`: the matching condition has its own `sp` inside.
  const { rows: matching } = await tx.query<{ user_id: string }>(
    `SELECT u.id AS user_id FROM users u, projects p
      WHERE p.id = $1 AND ${receivesRequestsSql('u')} AND ${matchingRequestSql('u.id')}`,
    [project.id],
  );
  const notifications: NewNotification[] = matching.map((row) => ({
    userId: row.user_id,
    kind: 'project_request',
    data: { title: project.title, project_id: project.id },
    link: `/main/projects/${project.id}`,
  }));
  await addNotifications(tx, notifications);
  return notifications;
}

/** Clients list their own projects, specialists their requests, experts the projects they inspect. */
function listingViewer(user: Viewer): ListingViewer | null {
  if (can(user, PERMISSIONS.CAN_SEE_PROJECTS_VIEW)) return 'owner';
  if (can(user, PERMISSIONS.CAN_SEE_REQUESTS)) return 'specialist';
  if (can(user, PERMISSIONS.CAN_INSPECT)) return 'expert';
  return null;
}

/** Saves files, then their rows in `tx`; files already written are removed if anything fails. */
async function storeDocuments(
  files: StoredFiles<string>,
  tx: { query: FastifyInstance['db']['query'] },
  projectId: string,
  uploaderId: string,
  documents: UploadedDocument[],
  saved: string[],
): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (const document of documents) {
    const storedName = await files.save(document.data, FILE_EXTENSIONS[document.kind]);
    saved.push(storedName);
    const { rows: inserted } = await tx.query<DocumentRow>(
      `INSERT INTO project_documents (project_id, file_name, stored_name, content_type, size_bytes, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [projectId, document.fileName, storedName, FILE_CONTENT_TYPES[document.kind], document.data.length, uploaderId],
    );
    rows.push(inserted[0]!);
  }
  return rows;
}

/** A project as its owner sees it after a change: every document and every quote. */
async function ownerView(app: FastifyInstance, project: ProjectWithOwner) {
  return {
    ...projectDetail(project, 'owner'),
    documents: await listDocuments(app.db, project.id),
    quotes: await listQuotes(app.db, project.id),
  };
}

export const projectRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const files = documentFiles(app.objectStore);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // Before the schemas: a stranger hears 401, never what was wrong with the request.
  app.addHook('preValidation', app.requireUser);
  const api = app.withTypeProvider<ValibotTypeProvider>();

  /** Notifications in the transaction, e-mails after it commits. */
  const announce = notificationMailer(app, config.publicUrl);

  // Specialists' request lists from memory, forgotten where an announced change touches them. While the
  // announcements cannot be heard, every list asks the database (checked on requests only, once
  // the listener below is in place).
  const requests = new RequestCache(app.db, () => listener.live);
  const listener = await app.db.listen(LISTINGS_CHANGED, { onPayload: (change) => requests.forget(change), onGap: () => requests.clear() });
  app.addHook('onClose', async () => listener.close());

  api.get(
    '/projects',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "The caller's projects: a client's own, a specialist's requests, an expert's inspections",
        description:
          "`meta.total` counts every page. For a specialist's first pages, filtered at most by trade and city, it is exact. Beyond them, or with other filters, it is remembered a few seconds per specialist and filters, so it may lag a request posted meanwhile by those seconds; a page that is not full always gives it exactly. The pages themselves are always current.",
        querystring: ProjectListQuerySchema,
        response: { 200: ProjectListSchema, ...errorResponses(401, 403, 422) },
      },
      preValidation: async (request) => {
        if (!listingViewer(request.user as Viewer)) throw new HttpError(403, request.t(MM.forbidden));
      },
    },
    async (request) => {
      const user = request.user as Viewer;
      const viewer = listingViewer(user)!;
      const query = request.query;
      const empty = { data: [], meta: { page: query.page, page_size: query.page_size, total: 0 } };
      // An unverified specialist receives no requests at all (docs/product.md §1).
      if (viewer === 'specialist' && !receivesRequests(user)) return empty;

      const { rows, total } = await listProjects(app.db, user.id, viewer, query, requests);
      return { data: rows.map(projectCard), meta: { page: query.page, page_size: query.page_size, total } };
    },
  );

  api.post(
    '/projects',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Create a project (or a draft with `?draft=true`), with its documents when sent as multipart',
        description: 'The fields of `ProjectFields`, as multipart form fields beside `documents` files, or as JSON.',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: DraftQuerySchema,
        response: { 201: ProjectDetailSchema, ...errorResponses(401, 403, 413, 422) },
      },
      preValidation: async (request) => {
        requirePermission(request, PERMISSIONS.CAN_CREATE_PROJECT);
      },
    },
    async (request, reply) => {
      const user = request.user as Viewer;
      // Multipart and JSON both arrive here: the body is read and checked by the project rules below.
      const { fields, files: documents } = request.isMultipart()
        ? await readProjectMultipart(request)
        : { fields: request.body ?? {}, files: [] as UploadedDocument[] };
      const draft = request.query.draft;
      const input = draft ? parseDraft(fields, request) : parseProject(fields, request);
      const saved: string[] = [];
      try {
        const { project, notifications } = await app.db.transaction(async (tx) => {
          const { rows } = await tx.query<ProjectRow>(
            `INSERT INTO projects (owner_id, title, description, category, country, city, budget_min, budget_max, currency, desired_start, design_id, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
            [
              user.id,
              input.title,
              input.description,
              input.category,
              input.country,
              input.city,
              input.budget_min,
              input.budget_max,
              input.currency,
              input.desired_start,
              input.design_id,
              draft ? 'draft' : 'open',
            ],
          );
          const created = rows[0]!;
          await storeDocuments(files, tx, created.id, user.id, documents, saved);
          // A draft is nobody's business but its owner's until it is published.
          const notifications = draft ? [] : await requestNotifications(tx, created);
          return { project: created, notifications };
        });
        announce(notifications);
        const { project: full, relation } = await loadVisibleProject(app, request, project.id);
        return reply.status(201).send({ ...projectDetail(full, relation), documents: await listDocuments(app.db, project.id), quotes: [] });
      } catch (error) {
        await Promise.all(saved.map((name) => files.remove(name)));
        throw error;
      }
    },
  );

  api.get(
    '/projects/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'One project with its documents and the quotes the caller may see',
        params: IdParamsSchema,
        response: { 200: ProjectDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { project, relation, documents, quotes } = await loadVisibleProjectPage(app, request, request.params.id);
      return { ...projectDetail(project, relation, request.user!.id), documents, quotes };
    },
  );

  const owned = ownedProject(app);

  api.put(
    '/projects/:id',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Edit a project (`?draft=true` keeps a draft one); under contract only its description',
        params: IdParamsSchema,
        querystring: DraftQuerySchema,
        body: ProjectFieldsSchema,
        response: { 200: ProjectDetailSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      preValidation: owned.check,
    },
    async (request) => {
      const project = owned.of(request);
      const editable = project.status === 'open' || project.status === 'draft';
      const input = project.status === 'draft' && request.query.draft ? parseDraft(request.body, request) : parseProject(request.body, request);
      if (!editable) {
        // With a contract, the scope is fixed: only the description may be clarified.
        const same =
          input.title === project.title &&
          input.category === project.category &&
          input.country === project.country &&
          input.city === project.city &&
          input.currency === project.currency &&
          input.budget_min === (project.budget_min === null ? null : Number(project.budget_min)) &&
          input.budget_max === (project.budget_max === null ? null : Number(project.budget_max));
        if (!same) throw new HttpError(409, request.t(MM.contractLocked));
        await app.db.query('UPDATE projects SET description = $2, updated_at = now() WHERE id = $1', [project.id, input.description]);
      } else {
        await app.db.query(
          `UPDATE projects SET title = $2, description = $3, category = $4, country = $5, city = $6, budget_min = $7,
                budget_max = $8, currency = $9, desired_start = $10, design_id = $11, updated_at = now() WHERE id = $1`,
          [
            project.id,
            input.title,
            input.description,
            input.category,
            input.country,
            input.city,
            input.budget_min,
            input.budget_max,
            input.currency,
            input.desired_start,
            input.design_id,
          ],
        );
      }
      const updated = await loadVisibleProject(app, request, project.id);
      return ownerView(app, updated.project);
    },
  );

  /** A draft becomes a request: checked whole, opened, and announced to the matching specialists at once. */
  api.post(
    '/projects/:id/publish',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Publish a draft: checked whole, opened for quotes and announced',
        params: IdParamsSchema,
        response: { 200: ProjectDetailSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
      preValidation: owned.check,
    },
    async (request) => {
      const project = owned.of(request);
      if (project.status !== 'draft') throw new HttpError(409, request.t(MM.notDraft));
      parseProject(storedFields(project), request);
      const notifications = await app.db.transaction(async (tx) => {
        // Only one of two simultaneous calls finds the draft still a draft. A request is new to
        // specialists when it is published, not when its draft was begun.
        const { rows } = await tx.query<ProjectRow>(
          "UPDATE projects SET status = 'open', created_at = now(), updated_at = now() WHERE id = $1 AND status = 'draft' RETURNING *",
          [project.id],
        );
        if (!rows[0]) throw new HttpError(409, request.t(MM.notDraft));
        return requestNotifications(tx, rows[0]);
      });
      announce(notifications);
      const updated = await loadVisibleProject(app, request, project.id);
      return ownerView(app, updated.project);
    },
  );

  /** The owner withdraws a draft or a request nobody is contracted on yet. */
  api.post(
    '/projects/:id/cancel',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Withdraw a draft or a project nobody is contracted on yet',
        params: IdParamsSchema,
        response: { 200: ProjectDetailSchema, ...errorResponses(401, 403, 404, 409) },
      },
      preValidation: owned.check,
    },
    async (request) => {
      const project = owned.of(request);
      // The status is checked in the statement itself: a quote selected meanwhile wins.
      const { rows } = await app.db.query(
        "UPDATE projects SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status IN ('draft', 'open') RETURNING id",
        [project.id],
      );
      if (!rows[0]) throw new HttpError(409, request.t(MM.notCancellable));
      const updated = await loadVisibleProject(app, request, project.id);
      return ownerView(app, updated.project);
    },
  );

  api.get(
    '/projects/:id/documents',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: "A project's documents",
        params: IdParamsSchema,
        response: { 200: ProjectDocumentListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { project } = await loadVisibleProject(app, request, request.params.id);
      return { data: await listDocuments(app.db, project.id) };
    },
  );

  api.post(
    '/projects/:id/documents',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Add documents (multipart `documents` files); answers every document of the project',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: ProjectDocumentListSchema, ...errorResponses(401, 403, 404, 413, 422) },
      },
      preValidation: owned.check,
    },
    async (request, reply) => {
      const project = owned.of(request);
      if (!request.isMultipart()) throw new HttpError(422, request.t(MM.noDocument), { documents: [request.t(MM.noDocument)] });
      const { files: documents } = await readProjectMultipart(request);
      if (documents.length === 0) throw new HttpError(422, request.t(MM.noDocument), { documents: [request.t(MM.noDocument)] });
      const saved: string[] = [];
      try {
        await app.db.transaction((tx) => storeDocuments(files, tx, project.id, request.user!.id, documents, saved));
      } catch (error) {
        await Promise.all(saved.map((name) => files.remove(name)));
        throw error;
      }
      return reply.status(201).send({ data: await listDocuments(app.db, project.id) });
    },
  );

  api.delete(
    '/projects/:id/documents/:documentId',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Remove a document',
        params: ProjectDocumentParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
      preValidation: owned.check,
    },
    async (request, reply) => {
      const project = owned.of(request);
      if (!UUID.test(request.params.documentId)) throw new HttpError(404, request.t(MM.documentNotFound));
      const { rows } = await app.db.query<DocumentRow>('DELETE FROM project_documents WHERE id = $1 AND project_id = $2 RETURNING *', [
        request.params.documentId,
        project.id,
      ]);
      if (!rows[0]) throw new HttpError(404, request.t(MM.documentNotFound));
      await files.remove(rows[0].stored_name);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/projects/:id/documents/:documentId/download',
    {
      schema: {
        tags: TAGS,
        security: SIGNED_IN,
        summary: 'Download a document, as the type it was recognised as',
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        params: ProjectDocumentParamsSchema,
        response: { 200: FileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { project } = await loadVisibleProject(app, request, request.params.id);
      if (!UUID.test(request.params.documentId)) throw new HttpError(404, request.t(MM.documentNotFound));
      const { rows } = await app.db.query<DocumentRow>('SELECT * FROM project_documents WHERE id = $1 AND project_id = $2', [
        request.params.documentId,
        project.id,
      ]);
      const document = rows[0];
      const stored = document ? await files.open(document.stored_name) : undefined;
      if (!document || !stored) throw new HttpError(404, request.t(MM.documentNotFound));
      // A stored file is only ever sent as the type it was recognised as, as a download, sandboxed.
      return (
        reply
          .header('Content-Type', document.content_type)
          .header('Content-Disposition', contentDisposition('attachment', document.file_name))
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'private, no-store')
          .header('Content-Length', stored.length)
          // The file goes out as the stream it is; its schema only documents it.
          .send(stored.body as unknown as string)
      );
    },
  );

  await app.register(quoteRoutes, { config, announce });
  await app.register(projectReachRoutes);
};
