import path from 'node:path';
import { REPO_ROOT } from './paths';

/** Days after the expert's approval that a milestone the client neither released nor disputed is released (Upwork's rule; `AUTO_RELEASE_DAYS`). */
export const DEFAULT_AUTO_RELEASE_DAYS = 14;

export type Environment = 'production' | 'development' | 'test';

export interface AppConfig {
  env: Environment;
  host: string;
  port: number;
  /** Folder of the embedded database (and, later, uploaded files). */
  dataDir: string;
  /** A PostgreSQL server; when unset the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Connections to the PostgreSQL server (`DATABASE_POOL_SIZE`); sized for the machine when unset. */
  databasePoolSize: number | undefined;
  /** In-memory embedded database (tests). */
  inMemoryDatabase: boolean;
  /** Serve the built front ends (production). */
  serveWeb: boolean;
  /** The repository root, where each app's `dist/` is found. */
  webRoot: string;
  /** A JSON file whose entries replace the generated remotes.json entries (deploying a remote elsewhere). */
  remotesFile: string | undefined;
  /** Where `pnpm prerender` wrote the public pages' HTML (`PRERENDER_DIR`); the shell's `dist/prerendered` when unset. */
  prerenderDir?: string;
  logLevel: string;
  /** Check every API answer against its schema and answer 500 when it does not match (`API_STRICT_RESPONSES`; on except in production). */
  strictResponses: boolean;
  /** Load the demo data (accounts, designs, …) at start-up; on by default except in tests. */
  seedDemo: boolean;
  /**
   * How many reverse proxies stand in front of the server. The client address
   * (used by the rate limits) is read from X-Forwarded-For only that many hops
   * deep; with none, the header is ignored, so nobody can forge their address.
   */
  trustProxyHops: number;
  /** A header our proxy sets to the client's country (`GEO_COUNTRY_HEADER`, e.g. `cf-ipcountry`), shown in the list of sessions; unset, none is shown. */
  geoCountryHeader: string | undefined;
  /** Where the browser reaches the product; e-mailed links and OAuth redirects start with it. */
  publicUrl: string;
  /** Send e-mail through this SMTP server (smtp://user:pass@host:port); without it mail goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Keep e-mail in the outbox table, readable by signed-in admins (`/api/v1/dev/outbox`): whenever no SMTP server is set. */
  devOutbox: boolean;
  /** Lifetime of a sign-in token. */
  tokenTtlDays: number;
  /**
   * Encrypts the authenticator secrets at rest (`TWO_FACTOR_KEY`, any long random string). Unset,
   * a key file is made beside the embedded database; a PostgreSQL server shared by several
   * instances needs it set in production.
   */
  twoFactorKey?: string | undefined;
  /** How long a client may take to send a whole request, headers and body (`REQUEST_TIMEOUT_MS`); past it, 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Uploaded files (photos, documents, evidence, reports) when no object store is set; `DATA_DIR/uploads` by default. */
  uploadsDir: string;
  /** An S3-compatible bucket for the uploaded files instead of `uploadsDir` (`S3_*`). */
  objectStorage: S3Settings | undefined;
  /** Attempts per window: see `RateLimits`. */
  rateLimits: RateLimits;
  /** Where the attempts are counted: the database unless `REDIS_URL` is set. */
  rateLimitStore: RateLimitStore;
  /** How long a SIGTERM waits for requests and background work in flight before the process exits anyway (`SHUTDOWN_TIMEOUT_MS`). */
  shutdownTimeoutMs: number;
  /** How long /ready answers 503 after a SIGTERM before the server stops taking requests, so balancers move on first (`SHUTDOWN_DRAIN_MS`). */
  shutdownDrainMs: number;
  oauth: Record<OAuthProviderName, OAuthProviderConfig>;
  /** Escrow payments: see `EscrowSettings`. */
  escrow: EscrowSettings;
  /** Durable jobs: see `JobSettings`. */
  jobs: JobSettings;
  /**
   * Lets a caller holding `Authorization: Bearer <token>` read `/metrics` from anywhere
   * (`METRICS_TOKEN`); without it only processes on the server's own machine, talking to it directly, may.
   */
  metricsToken: string | undefined;
}

export interface JobSettings {
  /** How often an idle instance looks for jobs to run (`JOBS_POLL_SECONDS`). */
  pollSeconds: number;
  /** Jobs of one kind an instance runs at once (`JOBS_CONCURRENCY`): e-mails go out this many at a time. */
  concurrency: number;
  /** How often the queue hands on jobs whose instance died (`JOBS_MAINTENANCE_SECONDS`). */
  maintenanceSeconds: number;
  /** How long an e-mail's try may take before another instance takes it for lost (`MAIL_EXPIRE_SECONDS`). */
  mailExpireSeconds: number;
  /** Tries after a failed SMTP delivery (`MAIL_RETRY_LIMIT`), the first after `MAIL_RETRY_DELAY_SECONDS`, each wait twice the last. */
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  /** Cron expressions replacing periodic jobs' own, by job name (tests run them every minute). */
  schedules: Record<string, string>;
}

export interface S3Settings {
  /** The store's URL (MinIO, Ceph, R2, …); unset for AWS S3 itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither: without them the AWS SDK's own credential chain applies (an instance role, …). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `<endpoint>/<bucket>/<key>` addresses instead of `<bucket>.<endpoint>`: what most self-hosted stores need. */
  forcePathStyle: boolean;
}

export interface EscrowSettings {
  /** How long an Idempotency-Key and its answer are kept (replayed); expired keys are deleted. */
  idempotencyTtlHours: number;
  /** A card payment left unfinished this long (a crash) is settled by the recovery step. */
  paymentRecoverySeconds: number;
  /** The sandbox provider's secret: it signs the sandbox's webhooks (a real provider gives each merchant its own). */
  sandboxSecret: string;
  /** Who takes card pay-ins (`PAYIN_CARD_PROVIDER`): the embedded sandbox by default, or Stripe. */
  payinCardProvider: 'sandbox' | 'stripe';
  /** Who takes mobile-money pay-ins (`PAYIN_MOBILE_PROVIDER`): the embedded sandbox by default, or pawaPay. */
  payinMobileProvider: 'sandbox' | 'pawapay';
  /** How long a pay-in waits for the client, on the hosted page or the phone (`PAYIN_EXPIRY_MINUTES`; Stripe takes 30 minutes at least). */
  payinExpiryMinutes: number;
  /** Stripe's keys, with `PAYIN_CARD_PROVIDER=stripe`: `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET`, and `STRIPE_API_BASE` for another address (the local double). */
  stripe?: { secretKey: string; webhookSecret: string; apiBase: string | undefined };
  /**
   * pawaPay's, with `PAYIN_MOBILE_PROVIDER=pawapay`: `PAWAPAY_API_TOKEN`, `PAWAPAY_API_BASE` (its sandbox
   * by default) and `PAWAPAY_CALLBACK_PUBLIC_KEY`, the PEM key its signed callbacks verify with.
   */
  pawapay?: { apiToken: string; apiBase: string; callbackPublicKey: string };
  /** How long after the outcome the sandbox's webhook goes out (`SANDBOX_CALLBACK_MS`); null in tests, which deliver it themselves. */
  sandboxCallbackMs: number | null;
  /** How often pending payouts are sent again and those in transit looked up, and automatic payouts made (`PAYOUT_POLL_SECONDS`; 0: never, tests run the round themselves). */
  payoutPollSeconds: number;
  /**
   * `POST /dev/test-clock` moves the payouts' clock forward (the 72-hour cooling-off): on in
   * development and tests, off in production unless `PAYOUT_TEST_CLOCK=true` (end-to-end runs).
   */
  payoutTestClock: boolean;
  /** Days after the expert's approval that a milestone the client neither released nor disputed is released (`AUTO_RELEASE_DAYS`). */
  autoReleaseDays: number;
  /** Days after a contractor's insolvency that the expert's estimates are due; the admins are told when late (`INSOLVENCY_ESTIMATE_DAYS`). */
  insolvencyEstimateDays: number;
}

/**
 * The counters of every instance in one place, so two instances together allow
 * what one allows: the application's database, or a Redis server.
 */
export type RateLimitStore =
  | { kind: 'database' }
  /** `keyPrefix` (`REDIS_KEY_PREFIX`) keeps deployments sharing one server apart. */
  | { kind: 'redis'; url: string; keyPrefix: string };

export interface RateLimits {
  /** Sign-in attempts per window and (client address, e-mail); the e-mail from other addresses is only slowed down. */
  login: number;
  /** Sign-in attempts per window and client address, whatever the e-mail. */
  loginPerAddress: number;
  /** Sign-ups per window and client address. */
  signUp: number;
  /** Reset requests per window and client address. */
  forgotPassword: number;
  /** Verification resends per window and client address. */
  resendVerification: number;
  /** New-password submissions (`PUT /auth/reset-password`) per window and client address. */
  resetPassword: number;
  /** Longest delay added to attempts on one e-mail beyond its limit, from any address (ms). */
  maxDelayMs: number;
  /** Changes of e-mail address per user and hour. */
  emailChangesPerHour: number;
  /** Invitations per inviter and day. */
  invitesPerDay: number;
  /** Account e-mails (reset, verification, "someone tried to sign up") per address and hour; the answers do not change. */
  accountMailsPerHour: number;
  /** Social sign-ins started (`/auth/social/link`) and pending links confirmed, per client address. */
  socialSignIn: number;
  /** Length of the counting window in milliseconds. */
  windowMs: number;
}

export type OAuthProviderName = 'google' | 'facebook';

export interface OAuthProviderConfig {
  /** A provider is offered only when its client id is set. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** The `iss` of the provider's ID tokens (OpenID Connect providers). */
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

/** A setting among its known values, the first by default: a misspelt provider must not quietly mean the sandbox. */
function oneOf<T extends string>(name: string, value: string | undefined, values: readonly [T, ...T[]]): T {
  if (value === undefined || value === '') return values[0];
  if (!(values as readonly string[]).includes(value)) throw new Error(`Invalid ${name}: ${value} (one of ${values.join(', ')})`);
  return value as T;
}

/** The chosen pay-in providers' keys: refused at start-up when one is missing, not at the first payment. */
function payinKeys(env: NodeJS.ProcessEnv): Pick<EscrowSettings, 'stripe' | 'pawapay'> {
  const keys: Pick<EscrowSettings, 'stripe' | 'pawapay'> = {};
  const need = (provider: string, names: string[]) => {
    const absent = names.filter((name) => !env[name]);
    if (absent.length > 0) throw new Error(`${absent.join(' and ')} must be set with ${provider}`);
  };
  if (env.PAYIN_CARD_PROVIDER === 'stripe') {
    need('PAYIN_CARD_PROVIDER=stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    keys.stripe = { secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase: env.STRIPE_API_BASE || undefined };
  }
  if (env.PAYIN_MOBILE_PROVIDER === 'pawapay') {
    need('PAYIN_MOBILE_PROVIDER=pawapay', ['PAWAPAY_API_TOKEN', 'PAWAPAY_CALLBACK_PUBLIC_KEY']);
    keys.pawapay = {
      apiToken: env.PAWAPAY_API_TOKEN!,
      apiBase: (env.PAWAPAY_API_BASE || 'https://api.sandbox.pawapay.io').replace(/\/+$/, ''),
      // A PEM in one line of an environment file has its line breaks written \n.
      callbackPublicKey: env.PAWAPAY_CALLBACK_PUBLIC_KEY!.replace(/\\n/g, '\n'),
    };
  }
  return keys;
}

function toPositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`Invalid ${name}: ${value}`);
  return number;
}

function toNonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`Invalid ${name}: ${value}`);
  return number;
}

function oauthProvider(
  env: NodeJS.ProcessEnv,
  prefix: 'GOOGLE' | 'FACEBOOK',
  defaults: Pick<OAuthProviderConfig, 'issuer' | 'authUrl' | 'tokenUrl' | 'userinfoUrl'>,
): OAuthProviderConfig {
  return {
    clientId: env[`${prefix}_CLIENT_ID`] || undefined,
    clientSecret: env[`${prefix}_CLIENT_SECRET`] || undefined,
    issuer: env[`${prefix}_ISSUER`] || defaults.issuer,
    authUrl: env[`${prefix}_AUTH_URL`] || defaults.authUrl,
    tokenUrl: env[`${prefix}_TOKEN_URL`] || defaults.tokenUrl,
    userinfoUrl: env[`${prefix}_USERINFO_URL`] || defaults.userinfoUrl,
  };
}

/**
 * The object store of `S3_*`, or undefined when none of them is set. A partial
 * setting is refused at start-up rather than quietly storing files on the local disk.
 */
function objectStorage(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
  if (names.every((name) => !env[name])) return undefined;
  if (!env.S3_BUCKET) throw new Error('Invalid object storage settings: S3_BUCKET is required when any S3_* variable is set');
  if (!env.S3_REGION) throw new Error('Invalid object storage settings: S3_REGION is required with S3_BUCKET');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid object storage settings: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  if (env.S3_ENDPOINT && !URL.canParse(env.S3_ENDPOINT)) throw new Error(`Invalid S3_ENDPOINT: ${env.S3_ENDPOINT}`);
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`Invalid S3_FORCE_PATH_STYLE: ${pathStyle}`);
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Self-hosted stores rarely have a DNS name per bucket: path style unless told otherwise when an endpoint is given.
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(env.S3_ENDPOINT),
  };
}

function rateLimitStore(env: NodeJS.ProcessEnv): RateLimitStore {
  const url = env.REDIS_URL;
  if (!url) return { kind: 'database' };
  if (!URL.canParse(url) || !/^rediss?:$/.test(new URL(url).protocol))
    throw new Error('Invalid REDIS_URL: expected redis://host:port or rediss://host:port');
  return { kind: 'redis', url, keyPrefix: env.REDIS_KEY_PREFIX || 'fundament:attempts' };
}

function toPort(value: string | undefined, fallback: number): number {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${value}`);
  return port;
}

function toPoolSize(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new Error(`Invalid DATABASE_POOL_SIZE: ${value}`);
  return size;
}

function twoFactorKey(env: NodeJS.ProcessEnv): string | undefined {
  const key = env.TWO_FACTOR_KEY?.trim() || undefined;
  if (key && key.length < 32) throw new Error('Invalid TWO_FACTOR_KEY: use at least 32 random characters');
  return key;
}

/** Reads the configuration from the environment (documented in docs/deployment.md and api/README.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const mode: Environment = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const port = toPort(env.PORT, mode === 'production' ? 3000 : 3001);
  const smtpUrl = env.SMTP_URL || undefined;
  return {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: toPoolSize(env.DATABASE_POOL_SIZE),
    inMemoryDatabase: false,
    serveWeb: env.SERVE_WEB ? env.SERVE_WEB === 'true' : mode === 'production',
    webRoot: path.resolve(env.WEB_ROOT ?? REPO_ROOT),
    remotesFile: env.REMOTES_FILE || undefined,
    prerenderDir: env.PRERENDER_DIR ? path.resolve(env.PRERENDER_DIR) : undefined,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    strictResponses: env.API_STRICT_RESPONSES ? env.API_STRICT_RESPONSES === 'true' : mode !== 'production',
    // Published demo passwords belong to the embedded demo: a server database gets them only when asked (SEED_DEMO=true).
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : mode !== 'test' && !env.DATABASE_URL,
    trustProxyHops: Math.max(0, Number.parseInt(env.TRUST_PROXY_HOPS ?? '0', 10) || 0),
    geoCountryHeader: env.GEO_COUNTRY_HEADER?.trim().toLowerCase() || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Fundament <no-reply@fundament.example>',
    devOutbox: !smtpUrl,
    tokenTtlDays: toPositiveInt('TOKEN_TTL_DAYS', env.TOKEN_TTL_DAYS, 30),
    twoFactorKey: twoFactorKey(env),
    // A 2 MB photo over a slow mobile connection (40 KB/s) fits; a body trickling a byte at a time does not.
    requestTimeoutMs: toPositiveInt('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 60_000),
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    objectStorage: objectStorage(env),
    rateLimits: {
      login: toPositiveInt('RATE_LIMIT_LOGIN', env.RATE_LIMIT_LOGIN, 10),
      signUp: toPositiveInt('RATE_LIMIT_SIGN_UP', env.RATE_LIMIT_SIGN_UP, 5),
      forgotPassword: toPositiveInt('RATE_LIMIT_FORGOT_PASSWORD', env.RATE_LIMIT_FORGOT_PASSWORD, 5),
      resendVerification: toPositiveInt('RATE_LIMIT_RESEND_VERIFICATION', env.RATE_LIMIT_RESEND_VERIFICATION, 5),
      loginPerAddress: toPositiveInt('RATE_LIMIT_LOGIN_PER_ADDRESS', env.RATE_LIMIT_LOGIN_PER_ADDRESS, 100),
      resetPassword: toPositiveInt('RATE_LIMIT_RESET_PASSWORD', env.RATE_LIMIT_RESET_PASSWORD, 10),
      maxDelayMs: toPositiveInt('RATE_LIMIT_MAX_DELAY_MS', env.RATE_LIMIT_MAX_DELAY_MS, 3000),
      emailChangesPerHour: toPositiveInt('RATE_LIMIT_EMAIL_CHANGES', env.RATE_LIMIT_EMAIL_CHANGES, 5),
      invitesPerDay: toPositiveInt('RATE_LIMIT_INVITES', env.RATE_LIMIT_INVITES, 20),
      accountMailsPerHour: toPositiveInt('RATE_LIMIT_ACCOUNT_MAILS', env.RATE_LIMIT_ACCOUNT_MAILS, 5),
      socialSignIn: toPositiveInt('RATE_LIMIT_SOCIAL_SIGN_IN', env.RATE_LIMIT_SOCIAL_SIGN_IN, 20),
      windowMs: 60_000,
    },
    rateLimitStore: rateLimitStore(env),
    shutdownTimeoutMs: toPositiveInt('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    shutdownDrainMs: toNonNegativeInt('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, 0),
    escrow: {
      idempotencyTtlHours: toPositiveInt('IDEMPOTENCY_TTL_HOURS', env.IDEMPOTENCY_TTL_HOURS, 24),
      paymentRecoverySeconds: toNonNegativeInt('PAYMENT_RECOVERY_SECONDS', env.PAYMENT_RECOVERY_SECONDS, 60),
      payoutPollSeconds: toNonNegativeInt('PAYOUT_POLL_SECONDS', env.PAYOUT_POLL_SECONDS, env.NODE_ENV === 'test' ? 0 : 20),
      payoutTestClock: env.PAYOUT_TEST_CLOCK ? env.PAYOUT_TEST_CLOCK === 'true' : mode !== 'production',
      sandboxSecret: env.SANDBOX_PAYMENT_SECRET || 'fundament-sandbox-cards',
      payinCardProvider: oneOf('PAYIN_CARD_PROVIDER', env.PAYIN_CARD_PROVIDER, ['sandbox', 'stripe'] as const),
      payinMobileProvider: oneOf('PAYIN_MOBILE_PROVIDER', env.PAYIN_MOBILE_PROVIDER, ['sandbox', 'pawapay'] as const),
      payinExpiryMinutes: toPositiveInt('PAYIN_EXPIRY_MINUTES', env.PAYIN_EXPIRY_MINUTES, 30),
      ...payinKeys(env),
      sandboxCallbackMs:
        env.SANDBOX_CALLBACK_MS !== undefined && env.SANDBOX_CALLBACK_MS !== ''
          ? toNonNegativeInt('SANDBOX_CALLBACK_MS', env.SANDBOX_CALLBACK_MS, 1000)
          : env.NODE_ENV === 'test'
            ? null
            : 1000,
      autoReleaseDays: toPositiveInt('AUTO_RELEASE_DAYS', env.AUTO_RELEASE_DAYS, DEFAULT_AUTO_RELEASE_DAYS),
      insolvencyEstimateDays: toPositiveInt('INSOLVENCY_ESTIMATE_DAYS', env.INSOLVENCY_ESTIMATE_DAYS, 14),
    },
    jobs: {
      pollSeconds: toPositiveInt('JOBS_POLL_SECONDS', env.JOBS_POLL_SECONDS, 2),
      concurrency: toPositiveInt('JOBS_CONCURRENCY', env.JOBS_CONCURRENCY, 16),
      maintenanceSeconds: toPositiveInt('JOBS_MAINTENANCE_SECONDS', env.JOBS_MAINTENANCE_SECONDS, 60),
      mailExpireSeconds: toPositiveInt('MAIL_EXPIRE_SECONDS', env.MAIL_EXPIRE_SECONDS, 120),
      // 30 s doubling at each of 14 tries: the last almost a week after the first, past any SMTP outage worth waiting for.
      mailRetryLimit: toPositiveInt('MAIL_RETRY_LIMIT', env.MAIL_RETRY_LIMIT, 14),
      mailRetryDelaySeconds: toPositiveInt('MAIL_RETRY_DELAY_SECONDS', env.MAIL_RETRY_DELAY_SECONDS, 30),
      schedules: {},
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    oauth: {
      google: oauthProvider(env, 'GOOGLE', {
        issuer: 'https://accounts.google.com',
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      }),
      facebook: oauthProvider(env, 'FACEBOOK', {
        // Facebook Login is plain OAuth 2 here: no ID token, so no issuer to compare.
        issuer: 'https://www.facebook.com',
        authUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
        tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
        userinfoUrl: 'https://graph.facebook.com/me',
      }),
    },
    ...overrides,
  };
}
