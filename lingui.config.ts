import type { LinguiConfig } from '@lingui/conf';

// Read by the lingui macro when code is compiled from the repository root
// (the jest run of all packages). Each package has its own config with its
// catalogs; the CLI runs per package (scripts/i18n.mjs).
const config: LinguiConfig = {
  locales: ['en', 'fr'],
  sourceLocale: 'en',
  catalogs: [],
};

export default config;
