export { ROUTES, pathFor, findRoute, authOf } from './route-table';
export type { RouteAuth, RouteEntry } from './route-table';
export { useRouteName } from './use-route-name';
export { NAVIGATION, navigationFor } from './navigation';
export type { NavEntry } from './navigation';
export { ROUTE_TITLES, routeTitle } from './route-titles';
