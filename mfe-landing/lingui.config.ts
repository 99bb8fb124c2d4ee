import type { LinguiConfig } from '@lingui/conf';

/** The features of the pages other than home: their messages are a second catalog, which the home page never downloads. */
const PAGE_FEATURES = ['catalog', 'contractors', 'demo', 'fees', 'legal', 'professionals', 'reviews'];
const pages = PAGE_FEATURES.map((feature) => `<rootDir>/src/features/${feature}`);

const config: LinguiConfig = {
  locales: ['en', 'fr'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', ...PAGE_FEATURES.map((feature) => `**/features/${feature}/**`)],
    },
    { path: '<rootDir>/src/locales/pages-{locale}', include: pages, exclude: ['**/*.test.*'] },
  ],
  format: 'po',
};

export default config;
