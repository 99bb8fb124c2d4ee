import path from 'node:path';

export type Environment = 'production' | 'development' | 'test';

export interface AppConfig {
  env: Environment;
  host: string;
  port: number;
  /** Folder of the embedded database (and, later, uploaded files). */
  dataDir: string;
  /** A PostgreSQL server; when unset the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** In-memory embedded database (tests). */
  inMemoryDatabase: boolean;
  /** Serve the built front ends (production). */
  serveWeb: boolean;
  /** The repository root, where each app's `dist/` is found. */
  webRoot: string;
  /** A JSON file whose entries replace the generated remotes.json entries (deploying a remote elsewhere). */
  remotesFile: string | undefined;
  logLevel: string;
  /** Load the demo data (accounts, designs, …) at start-up; on by default except in tests. */
  seedDemo: boolean;
}

/** The repository root, two levels above this file (api/src). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function toPort(value: string | undefined, fallback: number): number {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${value}`);
  return port;
}

/** Reads the configuration from the environment (documented in the README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const mode: Environment = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port: toPort(env.PORT, mode === 'production' ? 3000 : 3001),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    inMemoryDatabase: false,
    serveWeb: env.SERVE_WEB ? env.SERVE_WEB === 'true' : mode === 'production',
    webRoot: path.resolve(env.WEB_ROOT ?? REPO_ROOT),
    remotesFile: env.REMOTES_FILE || undefined,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : mode !== 'test',
    ...overrides,
  };
}
