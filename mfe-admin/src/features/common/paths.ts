import { pathFor } from 'shared/routing';

/** Links between back-office pages: an account and a contract are reached from several of them. */
export const userPath = (id: string) => pathFor('admin.user', { id });
export const contractPath = (id: string) => pathFor('admin.contract', { id });
