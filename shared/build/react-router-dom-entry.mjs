/**
 * What the apps share as `react-router-dom`: the names they import from it,
 * and nothing else. A shared module is provided whole (the share scope cannot
 * know which exports a later remote will ask for), and the package's full
 * surface (server rendering, sessions, cookies, the RSC runtime) made it the
 * largest script of the home page. Re-exporting only these names lets webpack
 * drop the rest. The modules come from the same files the `react-router`
 * package resolves to, so router state and contexts stay one instance.
 *
 * A name missing here is undefined at run time in every app: add it in the
 * same change that first imports it (`node --test scripts/` checks this).
 */
export {
  Link,
  NavLink,
  Outlet,
  createBrowserRouter,
  createMemoryRouter,
  redirect,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-files/index.mjs';
// As in react-router-dom: the DOM provider, which flushes synchronous updates through react-dom.
export { RouterProvider } from 'react-router-files/dom-export.mjs';
