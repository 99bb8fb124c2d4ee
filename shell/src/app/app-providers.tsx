import type { ReactNode } from 'react';
import { Provider as StoreProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { sessionStore } from 'shared/session';
import { createQueryClient } from 'shared/query';

// Created once for the page: every remote rendered under the shell reads and invalidates this cache.
const queryClient = createQueryClient();

/** The store, the query cache and i18n every remote renders inside. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <StoreProvider store={sessionStore}>
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      </QueryClientProvider>
    </StoreProvider>
  );
}
