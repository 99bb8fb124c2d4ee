import * as v from 'valibot';
import { PasswordSchema, SignInSchema } from 'shared/schemas';
import { upsertAdmin } from '../accounts/admins';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';

const USAGE = `usage: pnpm --filter api admin:create -- --email <address> --password <password> [--first-name <name>] [--last-name <name>]
(or ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_FIRST_NAME, ADMIN_LAST_NAME)`;

/** `--name value` pairs; the `--` pnpm may pass through is skipped. */
export function parseArgs(argv: string[]): Record<string, string> {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unexpected argument: ${arg}\n${USAGE}`);
    const value = match[2] ?? argv[(i += 1)];
    if (value === undefined) throw new Error(`Missing value for --${match[1]}\n${USAGE}`);
    args[match[1]!] = value;
  }
  return args;
}

/** Creates the first admin (or resets an admin's password) on the configured database. */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const email = args.email ?? process.env.ADMIN_EMAIL ?? '';
  const password = args.password ?? process.env.ADMIN_PASSWORD ?? '';
  const firstName = args['first-name'] ?? process.env.ADMIN_FIRST_NAME;
  const lastName = args['last-name'] ?? process.env.ADMIN_LAST_NAME;
  const problems = [
    ...(v.safeParse(SignInSchema.entries.email, email).issues ?? []).map((issue) => `email: ${issue.message}`),
    ...(v.safeParse(PasswordSchema, password).issues ?? []).map((issue) => `password: ${issue.message}`),
  ];
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    const outcome = await upsertAdmin(db, { email, password, firstName, lastName });
    console.log(`Admin ${email.trim().toLowerCase()} ${outcome}.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
