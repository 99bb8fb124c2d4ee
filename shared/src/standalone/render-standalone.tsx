import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { Provider as StoreProvider, useAtomValue } from 'jotai';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { Toaster } from 'react-hot-toast';
import { Trans } from '@lingui/react/macro';
import { ROUTES } from '../routing/route-table';
import type { RemoteName } from '../federation/remote-names';
import { activateLocale, registerCatalog } from '../i18n/catalogs';
import { loadSharedCatalog } from '../i18n/shared-catalog';
import { LOCALES, LOCALE_LABELS, isLocale, readStoredLocale } from '../i18n/locale';
import { useLocale } from '../i18n/use-locale';
import { clientUserAtom, sessionStore } from '../session/atoms';
import { startSession } from '../session/start-session';
import { NOTIFICATION_DURATION_MS } from '../ui/notify';
import { createQueryClient } from '../query/query-client';

function StandaloneFrame({ remote }: { remote: RemoteName }) {
  const [locale, setLocale] = useLocale();
  const client = useAtomValue(clientUserAtom);
  const pages = ROUTES.filter((route) => route.remote === remote);
  return (
    <div className="standalone">
      <header className="standalone__bar">
        <strong>
          <Trans>{remote} (standalone)</Trans>
        </strong>
        <nav aria-label="Pages">
          {pages.map((route) => (
            <Link key={route.name} to={route.path}>
              {route.name}
            </Link>
          ))}
        </nav>
        <select aria-label="Language" value={locale} onChange={(event) => isLocale(event.target.value) && void setLocale(event.target.value)}>
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {LOCALE_LABELS[code]}
            </option>
          ))}
        </select>
        <span>{client ? String(client.email ?? '') : ''}</span>
      </header>
      <main>
        <Outlet />
      </main>
      <Toaster position="top-right" toastOptions={{ duration: NOTIFICATION_DURATION_MS }} />
    </div>
  );
}

/**
 * Runs a remote on its own (`pnpm --filter mfe-x dev`): the same providers
 * and start-up as in the shell (its own query cache in place of the shell's), a router with only this remote's pages, and
 * a bar to switch pages and language. The guard is left out on purpose so
 * every page can be worked on directly.
 */
export async function renderStandalone(remote: RemoteName, Routes: ComponentType): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const locale = readStoredLocale();
  registerCatalog('shared', loadSharedCatalog, locale).catch(() => undefined);
  await activateLocale(locale).catch(() => undefined);
  await startSession(window.location.pathname);

  const router = createBrowserRouter([
    {
      element: <StandaloneFrame remote={remote} />,
      children: ROUTES.filter((route) => route.remote === remote).map((route) => ({
        path: route.path,
        handle: { name: route.name, auth: route.auth },
        element: <Routes />,
      })),
    },
  ]);
  createRoot(container).render(
    <StoreProvider store={sessionStore}>
      <QueryClientProvider client={createQueryClient()}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StoreProvider>,
  );
}
