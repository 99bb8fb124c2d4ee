export { createRemoteRoutes } from './create-remote-routes';
export type { RemoteRoutesOptions, RemoteRoutesComponent } from './create-remote-routes';
