/** The jest configuration of a front-end package (jsdom, Babel, the shared setup). */
const path = require('node:path');

// ky is published as ES modules only; everything else ships CommonJS.
const ESM_ONLY = ['ky'];

function createJestConfig(appDir, displayName) {
  return {
    displayName,
    rootDir: appDir,
    testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.[cm]?[jt]sx?$': ['babel-jest', { rootMode: 'upward' }] },
    transformIgnorePatterns: [
      `/node_modules/\\.pnpm/(?!(${ESM_ONLY.join('|')})@)`,
      `/node_modules/(?!\\.pnpm|(${ESM_ONLY.join('|')})/)`,
      '/shared/build/.*\\.cjs$',
    ],
    moduleNameMapper: {
      '\\.shadow\\.css$': path.join(__dirname, 'jest-stubs', 'style-string.cjs'),
      '\\.css$': path.join(__dirname, 'jest-stubs', 'style.cjs'),
      '\\.(svg|png|jpe?g|gif|webp|avif)$': path.join(__dirname, 'jest-stubs', 'file.cjs'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.ts')],
    // Typing into forms with user-event costs seconds when the machine is busy (its speed moves by
    // 2x between hours): the bounds are for a hung test, not a measure of speed.
    testTimeout: 20_000,
    clearMocks: true,
    restoreMocks: true,
  };
}

module.exports = { createJestConfig };
