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
  transform: { '^.+\\.[cm]?[jt]sx?$': ['babel-jest', { rootMode: 'upward' }] },
  transformIgnorePatterns: [],
  testTimeout: 30_000,
};
