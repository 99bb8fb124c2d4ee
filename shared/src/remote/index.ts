export { createRemoteRoutes, lazyPage } from './create-remote-routes';
export type { RemoteRoutesOptions, RemoteRoutesComponent, PreloadablePage } from './create-remote-routes';
