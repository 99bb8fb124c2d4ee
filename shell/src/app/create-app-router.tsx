import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTES } from 'shared/routing';
import { RootLayout } from './root-layout';
import { RemoteSlot } from '../features/common/remote-slot';
import { guardLoader } from '../features/routing/guard-loader';
import { NotFoundPage } from '../features/routing/not-found-page';
import { RouteErrorPage } from '../features/routing/route-error-page';

/** The route objects of the whole table: every page is a remote slot behind the guard. */
export function appRoutes(): RouteObject[] {
  const pages: RouteObject[] = ROUTES.map((route) => ({
    path: route.path,
    handle: { name: route.name, auth: route.auth },
    loader: guardLoader(route),
    // The key remounts the slot per page, so a failed page does not stick to its neighbours.
    element: route.remote ? <RemoteSlot key={route.name} remote={route.remote} /> : null,
  }));
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [...pages, { path: '*', handle: { name: 'NotFound', auth: false }, element: <NotFoundPage /> }],
    },
  ];
}

/** History mode with base `/` (docs/product.md §2). */
export function createAppRouter() {
  return createBrowserRouter(appRoutes(), { basename: '/' });
}
