export { createRemoteRoutes } from './create-remote-routes';
export type { RemoteRoutesOptions } from './create-remote-routes';
