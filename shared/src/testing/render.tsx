import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider as StoreProvider, createStore } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n, type Messages } from '@lingui/core';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '../query/query-client';

export interface RenderOptions {
  /** The URL the memory router starts at. */
  url?: string;
  /** Extra routes beside the one rendering `ui` (for asserting navigations). */
  routes?: RouteObject[];
  /** The route's handle, e.g. `{ name: 'Home' }` for components that read the route name. */
  handle?: Record<string, unknown>;
  /** The path pattern `ui` is mounted at; defaults to the URL's path. */
  path?: string;
  store?: ReturnType<typeof createStore>;
  locale?: 'en' | 'fr';
  messages?: Messages;
  /** A fresh cache (without retries) unless a test wants to look into or share one. */
  queryClient?: QueryClient;
}

export type RenderWithProvidersResult = RenderResult & {
  store: ReturnType<typeof createStore>;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
};

/** Renders with what the shell provides at run time: a store, a query cache, i18n and a router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const url = options.url ?? '/';
  const store = options.store ?? createStore();
  const queryClient = options.queryClient ?? createTestQueryClient();
  const locale = options.locale ?? 'en';
  i18n.load(locale, options.messages ?? {});
  i18n.activate(locale);
  const router = createMemoryRouter([{ path: options.path ?? url.split('?')[0], element: ui, handle: options.handle }, ...(options.routes ?? [])], {
    initialEntries: [url],
  });
  const wrap = (children: ReactNode) => (
    <StoreProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </QueryClientProvider>
    </StoreProvider>
  );
  const result = render(wrap(<RouterProvider router={router} />));
  return Object.assign(result, { store, router, queryClient });
}

/** What each test starts from: nothing cached, and an error shows at once instead of after a retry. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient({ retry: false });
  const defaults = client.getDefaultOptions();
  // No garbage-collection timer outlives the test.
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: Infinity } });
  return client;
}
