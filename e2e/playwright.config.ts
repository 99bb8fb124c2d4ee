import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// A second server whose remotes.json sends the auth remote to a dead port (deploy configuration gone wrong).
const deadRemotePort = port + 500;
// The stand-in Google (support/oauth-mock-server.mjs) listens next to the product.
const oauthPort = port + 50;
const oauth = `http://127.0.0.1:${oauthPort}`;
/** Accounts: e-mails kept in the outbox (read as the admin), Google sign-in against the local mock. */
const accountsEnv = {
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  GOOGLE_CLIENT_ID: 'e2e-google-client',
  GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  GOOGLE_ISSUER: oauth,
  GOOGLE_AUTH_URL: `${oauth}/authorize`,
  GOOGLE_TOKEN_URL: `${oauth}/token`,
  GOOGLE_USERINFO_URL: `${oauth}/userinfo`,
};
// A fresh embedded database for every run.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'fundament-e2e-'));

/**
 * Every spec signs in from 127.0.0.1 against one server: the per-address
 * limits would turn the suite away within a minute. The limits themselves are
 * tested in the API suite.
 */
const RELAXED_LIMITS = {
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_SIGN_UP: '1000',
  RATE_LIMIT_FORGOT_PASSWORD: '1000',
  RATE_LIMIT_RESEND_VERIFICATION: '1000',
  RATE_LIMIT_SOCIAL_SIGN_IN: '1000',
  RATE_LIMIT_LOGIN_PER_ADDRESS: '1000',
  RATE_LIMIT_RESET_PASSWORD: '1000',
  RATE_LIMIT_EMAIL_CHANGES: '1000',
  RATE_LIMIT_INVITES: '1000',
};

function serverEnv(serverPort: number, dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { NODE_ENV: 'production', PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', ...RELAXED_LIMITS, ...extra };
}

export default defineConfig({
  testDir: './tests',
  // One folder per port, so runs on different ports never delete each other's results.
  outputDir: path.join(__dirname, 'test-results', String(port)),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; test tools never download a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /dead-remote\.spec\.ts/ },
    {
      name: 'dead-remote',
      use: { browserName: 'chromium', baseURL: `http://127.0.0.1:${deadRemotePort}` },
      testMatch: /dead-remote\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // The public pages are served prerendered, as in production: made now unless the build's are current.
      command: 'node ../scripts/prerender.mjs --if-stale && node ../scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 360_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv(port, dataDir, accountsEnv), PRERENDER_PORT: String(port + 700) },
    },
    {
      command: `node support/oauth-mock-server.mjs ${oauthPort}`,
      url: `${oauth}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${deadRemotePort}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(deadRemotePort, mkdtempSync(path.join(tmpdir(), 'fundament-e2e-dead-')), {
        REMOTES_FILE: path.join(__dirname, 'fixtures', 'remotes-dead-auth.json'),
        SEED_DEMO: 'false',
      }),
    },
  ],
});
