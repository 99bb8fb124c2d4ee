import { render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createRemoteRoutes, lazyPage } from './create-remote-routes';

/*
 * A page's own code is otherwise asked for only once the shell's router has
 * rendered the remote. A host can start it earlier (`preloadPage`: the shell
 * does when a navigation link is pointed at or focused), and the render then
 * finds it loaded.
 */

function Projects() {
  return <h1>Projects</h1>;
}

const loadCatalog = async () => ({ messages: {} });

it('loads the page of a route ahead of its render, once', async () => {
  const load = jest.fn(async () => ({ default: Projects }));
  const Routes = createRemoteRoutes({ name: 'preload-test', loadCatalog, pages: { 'main.projects': lazyPage(load) } });
  await Routes.preloadPage('main.projects');
  expect(load).toHaveBeenCalledTimes(1);

  const router = createMemoryRouter([{ path: '/main/projects', handle: { name: 'main.projects' }, element: <Routes /> }], {
    initialEntries: ['/main/projects'],
  });
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('ignores a route it has no preloadable page for, and loads again after a failed attempt', async () => {
  let fail = true;
  const load = jest.fn(async () => {
    if (fail) throw new Error('offline');
    return { default: Projects };
  });
  const Routes = createRemoteRoutes({ name: 'preload-test-2', loadCatalog, pages: { 'main.projects': lazyPage(load), 'main.plain': Projects } });
  await expect(Routes.preloadPage('main.unknown')).resolves.toBeUndefined();
  await expect(Routes.preloadPage('main.plain')).resolves.toBeUndefined();
  await expect(Routes.preloadPage('main.projects')).rejects.toThrow('offline');
  fail = false;
  await Routes.preloadPage('main.projects');
  expect(load).toHaveBeenCalledTimes(2);
});
