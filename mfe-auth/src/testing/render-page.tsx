import type { ReactElement } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import type { Messages } from '@lingui/core';
import { configure, render } from '@testing-library/react';
import { renderWithProviders } from 'shared/testing';
// The shared package's compiled messages (validation texts); its exports do not list catalogs.
import { messages as sharedFr } from '../../../shared/src/locales/fr';
import { messages as authFr } from '../locales/fr';

// Pages wait on (fake) API answers; on a loaded machine that can take more than the default second.
configure({ asyncUtilTimeout: 4000 });

/** Any page the tested one may send the visitor to, each showing its path. */
const elsewhere = ['/main', '/main/escrow', '/admin/clients', '/expired', '/login', '/sign-up'];

export function renderPage(
  ui: ReactElement,
  options: { url: string; locale?: 'en' | 'fr'; extraRoutes?: { path: string; element: ReactElement }[] },
) {
  // The toaster asks for the reduced-motion preference, which jsdom does not implement.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  toast.remove();
  const path = options.url.split('?')[0] ?? '/';
  const messages: Messages | undefined = options.locale === 'fr' ? { ...sharedFr, ...authFr } : undefined;
  // Like the shell's, the toaster lives outside the routed page and outlasts navigations.
  render(<Toaster />);
  return renderWithProviders(ui, {
    url: options.url,
    locale: options.locale ?? 'en',
    messages,
    routes: [
      ...(options.extraRoutes ?? []),
      ...elsewhere.filter((route) => route !== path).map((route) => ({ path: route, element: <p>Page {route}</p> })),
    ],
  });
}
