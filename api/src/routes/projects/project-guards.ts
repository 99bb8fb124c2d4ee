import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MARKETPLACE_API_MESSAGES as MM } from 'shared/messages';
import { ROLE_PERMISSIONS, type Permission } from 'shared/permissions';
import { roleName, type UserRow } from '../../accounts/users';
import { HttpError } from '../../plugins/error-handler';
import { relationFrom, relationTo, type ProjectRelation, type ProjectRow } from '../../marketplace/project-access';
import { PROJECT_SELECT, loadProjectPage } from './project-views';

export type Viewer = UserRow & { verified_at?: Date | string | null };
export type ProjectWithOwner = ProjectRow & { bid_count: string; owner_first_name: string; owner_last_name: string };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shared permission table (docs/product.md §6, extended), as the API enforces it. */
export function can(user: UserRow, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[roleName(user) ?? 'unauthorized'] ?? []).includes(permission);
}

export function requirePermission(request: FastifyRequest, permission: Permission): Viewer {
  const user = request.user as Viewer;
  if (!can(user, permission)) throw new HttpError(403, request.t(MM.forbidden));
  return user;
}

/**
 * Loads a project the user may see, with how they stand towards it. Anyone
 * it is not shared with gets 404, so project ids cannot be probed.
 */
export async function loadVisibleProject(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<{ project: ProjectWithOwner; relation: Exclude<ProjectRelation, 'none'> }> {
  const notFound = new HttpError(404, request.t(MM.projectNotFound));
  if (!UUID.test(id)) throw notFound;
  const { rows } = await app.db.query<ProjectWithOwner>(`${PROJECT_SELECT} WHERE p.id = $1`, [id]);
  const project = rows[0];
  if (!project) throw notFound;
  const relation = await relationTo(app.db, project, request.user as Viewer);
  if (relation === 'none') throw notFound;
  return { project, relation };
}

/** `loadVisibleProject` with the project's documents and the quotes the user may see, in one statement. */
export async function loadVisibleProjectPage(app: FastifyInstance, request: FastifyRequest, id: string) {
  const notFound = new HttpError(404, request.t(MM.projectNotFound));
  if (!UUID.test(id)) throw notFound;
  const user = request.user as Viewer;
  const page = await loadProjectPage(app.db, id, user.id);
  if (!page) throw notFound;
  const relation = relationFrom(page.project, user, page.flags);
  if (relation === 'none') throw notFound;
  return { project: page.project, relation, documents: page.documents, quotes: page.quotes };
}

/**
 * The project of an owner-only route, looked up before the request's schemas
 * are checked (`preValidation`): a stranger hears 404 and a non-owner 403,
 * never what was wrong with their body. The handler reads it with `of`.
 */
export function ownedProject(app: FastifyInstance) {
  const found = new WeakMap<FastifyRequest, ProjectWithOwner>();
  return {
    check: async (request: FastifyRequest) => {
      const { id } = request.params as { id: string };
      const { project, relation } = await loadVisibleProject(app, request, id);
      if (relation !== 'owner') throw new HttpError(403, request.t(MM.forbidden));
      found.set(request, project);
    },
    of: (request: FastifyRequest): ProjectWithOwner => {
      const project = found.get(request);
      if (!project) throw new Error('ownedProject.check must run before the handler');
      return project;
    },
  };
}
