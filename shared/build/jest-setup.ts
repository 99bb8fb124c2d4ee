import '@testing-library/jest-dom';
import { i18n } from '@lingui/core';

// Source-language messages render as written until a test loads a catalog.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeEach(() => {
  window.localStorage.clear();
});
