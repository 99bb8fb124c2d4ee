import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { adminAdminRoutes } from './admins';
import { adminAuditRoutes } from './audit-log';
import { adminCheckRoutes } from './checks';
import { adminExpertRoutes } from './experts';
import { adminSuspensionRoutes } from './suspension';
import { adminUserRoutes } from './users';
import { adminVerificationRoutes } from './verification';

/**
 * Every admin route, as registered (method and full URL). Tests walk it to
 * prove that no client or specialist token reaches any of them.
 */
export const ADMIN_ROUTE_LIST: { method: string; url: string }[] = [];

/** `/admin/*`: the back office. Every route here needs an admin session. */
export async function adminRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!ADMIN_ROUTE_LIST.some((known) => known.method === method && known.url === route.url)) {
        ADMIN_ROUTE_LIST.push({ method, url: route.url });
      }
    }
  });
  // On the whole plugin rather than per route, so a route added later cannot forget it;
  // onRequest also turns strangers away before any body is read.
  app.addHook('onRequest', app.requireAdmin);

  await app.register(adminUserRoutes);
  await app.register(adminCheckRoutes);
  await app.register(adminVerificationRoutes);
  await app.register(adminSuspensionRoutes);
  await app.register(adminExpertRoutes, { config });
  await app.register(adminAdminRoutes);
  await app.register(adminAuditRoutes);
}
