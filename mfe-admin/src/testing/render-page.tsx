import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import type { Messages } from '@lingui/core';
import { renderWithProviders } from 'shared/testing';
import { messages as adminFr } from '../locales/fr';

const NodeFormData = globalThis.FormData;

/**
 * React 19 reads a submitted form into a FormData when the submit handler
 * starts a transition (a react-router navigation does). The test environment
 * lends jsdom Node's FormData for fetch, which cannot read a form element, so
 * this one copies the named fields itself.
 */
class FormDataFromForm extends NodeFormData {
  constructor(form?: unknown) {
    super();
    if (form instanceof HTMLFormElement) {
      for (const element of Array.from(form.elements) as HTMLInputElement[]) {
        if (element.name) this.append(element.name, element.value);
      }
    }
  }
}
globalThis.FormData = FormDataFromForm as typeof FormData;

/** Renders an admin page at `url` (mounted at `path`), with the shell's toaster beside it. */
export function renderAdminPage(ui: ReactElement, options: { url: string; path?: string; locale?: 'en' | 'fr' }) {
  // The toaster reads the reduced-motion preference, which jsdom lacks.
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
  const messages: Messages | undefined = options.locale === 'fr' ? adminFr : undefined;
  render(<Toaster />);
  return renderWithProviders(ui, {
    url: options.url,
    path: options.path,
    locale: options.locale ?? 'en',
    messages,
    routes: [{ path: '/admin/users/:id', element: <p>Account page</p> }],
  });
}
