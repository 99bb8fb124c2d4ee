import type { ReactNode } from 'react';
import { Provider as StoreProvider } from 'jotai';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { sessionStore } from 'shared/session';

/** The store and i18n every remote renders inside. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StoreProvider store={sessionStore}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </StoreProvider>
  );
}
