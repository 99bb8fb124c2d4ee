import '@testing-library/jest-dom';
import { i18n } from '@lingui/core';
import { configure } from '@testing-library/react';

// A lazily imported chunk is transformed on first use: `findBy…` waits for it longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

// Source-language messages render as written until a test loads a catalog.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeEach(() => {
  window.localStorage.clear();
});

// jsdom has no matchMedia; the toaster and responsive components ask it. Nothing matches unless a test says otherwise.
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
