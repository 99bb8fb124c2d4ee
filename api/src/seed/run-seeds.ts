import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { accountsSeeder } from './accounts-seeder';
import { designsSeeder } from './designs-seeder';
import { verificationSeeder } from './verification-seeder';
import { marketplaceSeeder } from './marketplace-seeder';
import { escrowSeeder } from './escrow-seeder';
import { conversationsSeeder } from './conversations-seeder';

/** One feature's demo data. Must be idempotent: it runs at every start-up of a demo instance. */
export interface Seeder {
  name: string;
  run(db: Database, log: FastifyBaseLogger): Promise<void>;
}

/**
 * Demo data for `pnpm start` on a fresh machine. Features add their seeder
 * to this list; order matters where one seeds what another refers to.
 */
export const SEEDERS: Seeder[] = [accountsSeeder, designsSeeder, verificationSeeder, marketplaceSeeder, escrowSeeder, conversationsSeeder];

export async function runSeeds(db: Database, log: FastifyBaseLogger, seeders: Seeder[] = SEEDERS): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(db, log);
    log.debug({ seeder: seeder.name }, 'demo data ready');
  }
}
