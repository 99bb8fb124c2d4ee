import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { activateLocale, loadSharedCatalog, readStoredLocale, registerCatalog } from 'shared/i18n';
import { followStartupData } from 'shared/reference';
import { startSession } from 'shared/session';
import { Spinner } from 'shared/ui';
import { findRoute } from 'shared/routing';
import { preloadRemote } from '../features/common/load-remote-module';
import { loadRemotesConfig } from '../features/common/remotes-config';
import { guardRemoteVersions } from '../features/common/version-guard';
import { createAppRouter } from './create-app-router';
import { AppProviders } from './app-providers';
import { loadShellCatalog } from './catalog';

/**
 * Boot order: locale and remotes configuration in parallel with the session
 * start-up; the router is created only once the session state is known, so
 * the guard never sees a half-loaded state (spec §4).
 */
export async function startShell(root: Root): Promise<void> {
  // Before any remote's federation instance exists, so the guard runs inside each of them.
  guardRemoteVersions();
  registerCatalog('shared', loadSharedCatalog).catch(() => undefined);
  registerCatalog('shell', loadShellCatalog).catch(() => undefined);
  const localeReady = activateLocale(readStoredLocale()).catch((error: unknown) => {
    console.warn('Messages could not be loaded; showing the source language', error);
  });
  // The page's remote starts loading as soon as its address is known, in parallel with the session start-up.
  const remotesReady = loadRemotesConfig().then(() => preloadRemote(findRoute(window.location.pathname)?.remote));
  const sessionReady = startSession();

  await localeReady;
  // Reference book, plans and localization (spec §4): loaded now, again on a language change, never blocking.
  followStartupData();
  root.render(
    <AppProviders>
      <Spinner />
    </AppProviders>,
  );

  const { redirectTo } = await sessionReady;
  if (redirectTo) window.history.replaceState(null, '', redirectTo);
  await remotesReady;

  const router = createAppRouter();
  root.render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
