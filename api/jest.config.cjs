/** API tests: Node environment, each file gets a fresh database (PGlite in memory, or a schema on DATABASE_URL). */
module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
  // `*.postgres.test.ts` need a PostgreSQL server (parallel connections, a server process to kill): run with DATABASE_URL only;
  // `*.redis.test.ts` need a Redis server: run with REDIS_URL only.
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.DATABASE_URL ? [] : ['\\.postgres\\.test\\.ts$']),
    ...(process.env.REDIS_URL ? [] : ['\\.redis\\.test\\.ts$']),
  ],
  // Two files at a time, each on a database of its own (6.8 min for the suite on PGlite against 10 in one process).
  maxWorkers: 2,
  globalSetup: '<rootDir>/test/global-setup.ts',
  setupFiles: ['<rootDir>/test/setup-worker-database.ts'],
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  transform: { '^.+\\.[cm]?[jt]sx?$': ['babel-jest', { rootMode: 'upward' }] },
  transformIgnorePatterns: [],
  testTimeout: 30_000,
};
