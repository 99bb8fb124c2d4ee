export { ROUTES, pathFor, findRoute, authOf } from './route-table';
export type { RouteAuth, RouteEntry } from './route-table';
export { useRouteName } from './use-route-name';
