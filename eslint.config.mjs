// @ts-check
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const subfolders = (path) => {
  try {
    return readdirSync(join(root, path), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

/** The shell and the remotes: each is built and deployed on its own, so none may reach into another. */
const apps = ['shell', ...subfolders('.').filter((name) => name.startsWith('mfe-'))];

/**
 * Folders of a remote's features that every feature of that remote may use: the remote's own
 * shared pieces, one level below `shared` (which every remote uses).
 */
const commonFeatures = ['common'];

/** Valibot's object schemas: an API answer's shape is declared once, in `shared/contract`. */
const objectSchemas = ['object', 'strictObject', 'looseObject', 'objectWithRest'];
const oneContract = 'The shell and the remotes declare no API schema of their own: import it from `shared/contract` (form values: `shared/schemas`).';

/**
 * Import boundaries as `import-x/no-restricted-paths` zones (paths resolved, so relative and
 * package imports are caught alike). Imports flow app → features → shared.
 */
const zones = [
  ...apps.map((app) => ({
    target: `./${app}`,
    from: apps.filter((other) => other !== app).map((other) => `./${other}`),
    message: 'Remotes and the shell never import each other: move what both need to `shared`.',
  })),
  ...apps.map((app) => ({
    target: `./${app}/src/features`,
    from: `./${app}/src/app`,
    message: 'Features do not import the app that composes them (imports flow app → features → shared).',
  })),
  ...apps.map((app) => ({
    target: `./${app}/src/lib`,
    from: [`./${app}/src/app`, `./${app}/src/features`],
    message: '`src/lib` sits below the features: it imports neither them nor the app.',
  })),
  ...apps.flatMap((app) =>
    subfolders(`${app}/src/features`)
      .filter((feature) => !commonFeatures.includes(feature))
      .map((feature) => ({
        target: `./${app}/src/features/${feature}`,
        from: `./${app}/src/features`,
        except: [`./${feature}`, ...commonFeatures.map((common) => `./${common}`)],
        message: `A feature does not import another feature: move what both need to \`src/features/${commonFeatures[0]}\` or to \`shared\`.`,
      })),
  ),
  ...commonFeatures.flatMap((common) =>
    apps.map((app) => ({
      target: `./${app}/src/features/${common}`,
      from: `./${app}/src/features`,
      except: [`./${common}`],
      message: `\`features/${common}\` is used by the features, so it imports none of them.`,
    })),
  ),
  {
    target: './shared',
    from: [...apps.map((app) => `./${app}`), './api', './e2e'],
    message: '`shared` is used by every app, so it imports none of them.',
  },
  {
    target: './api',
    from: [...apps.map((app) => `./${app}`), './e2e'],
    message: 'The API imports no front end: what both need lives in `shared`.',
  },
];

/** kebab-case words, with dotted suffixes (`escrow-flow.test.ts`, `jest.config.cjs`); a folder may start with a dot. */
const KEBAB_CASE = /^\.?[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** Every file and folder name of the workspace in kebab-case, so a name is written one way and found by it. */
const fileNames = {
  meta: { type: 'suggestion', schema: [], messages: { kebab: '"{{name}}" is not kebab-case: name files and folders like `escrow-flow.test.ts`.' } },
  create(context) {
    const segments = relative(context.cwd, context.filename).split(sep);
    const wrong = segments.find((segment) => segment !== '..' && !KEBAB_CASE.test(segment));
    return wrong ? { Program: (node) => context.report({ node, loc: { line: 1, column: 0 }, messageId: 'kebab', data: { name: wrong } }) } : {};
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      '**/.data/',
      'e2e/test-results/',
      'e2e/playwright-report/',
      // compiled from the .po catalogs
      '**/src/locales/*.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: { fundament: { rules: { 'file-names': fileNames } } },
    rules: { 'fundament/file-names': 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
    extends: [tseslint.configs.recommended],
    rules: {
      // TypeScript reports undefined names itself, with the right globals per package.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.cjs', '**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: apps.map((app) => `${app}/**/*.{ts,tsx}`),
    rules: {
      // Remotes load each other only through module federation at run time, never by package name.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(shell|mfe-[^/]+|api)(/|$)',
              message: 'Remotes and the shell never import each other, nor the API: what both need lives in `shared`.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.object.name='v'][callee.property.name=/^(${objectSchemas.join('|')})$/]`,
          message: oneContract,
        },
        {
          selector: `ImportDeclaration[source.value='valibot'] > ImportSpecifier[imported.name=/^(${objectSchemas.join('|')})$/]`,
          message: oneContract,
        },
      ],
    },
  },
  {
    files: ['shell/**/*.tsx', 'mfe-*/**/*.tsx', 'shared/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // `role` on a component is that component's own prop (the users page's list of accounts), not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // A scrolling region is focusable so that keyboard users can scroll it (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  prettier,
);
