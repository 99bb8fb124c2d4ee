import { readdirSync } from 'node:fs';
import pg from 'pg';
import type { Database } from '../src/db/database';
import { hashPassword } from '../src/accounts/passwords';
import { CATEGORIES, COUNTRIES } from '../src/routes/common/reference-data';
import { DESIGN_ASSETS_DIR } from '../src/routes/designs';

export interface BenchVolumes {
  projects: number;
  users: number;
  designs: number;
}

/** The specialist the listing and detail figures are measured as: verified, kitchen and masonry work in Douala and Yaoundé. */
export const BENCH_SPECIALIST = {
  email: 'bench.contractor@example.com',
  password: 'Bench-contractor-2026',
  categories: ['kitchen', 'masonry', 'plumbing'],
  country: 'CM',
  cities: ['Douala', 'Yaoundé'],
};

/** The filters of the measured listing: one of the specialist's trades in one of their cities. */
export const LISTING_FILTERS = { category: 'kitchen', city: 'Douala' };

/** `postgres://…/name` with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Drops and creates `name` on the server of `url`: every run starts from the same empty database. */
export async function recreateDatabase(url: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Places projects are posted in. Half of them are in Cameroon, where the
 * marketplace starts; the other half spread over every other country.
 */
function places(): { country: string[]; city: string[]; currency: string[] } {
  const rows: { country: string; city: string; currency: string }[] = [];
  const cameroon = COUNTRIES.find((country) => country.code === 'CM')!;
  const others = COUNTRIES.filter((country) => country.code !== 'CM');
  const otherCities = others.flatMap((country) => country.cities.map((city) => ({ country: country.code, city, currency: country.currency })));
  for (const city of otherCities) rows.push(city);
  // As many Cameroonian entries as all the others together.
  for (let i = 0; rows.length < otherCities.length * 2; i += 1) {
    rows.push({ country: 'CM', city: cameroon.cities[i % cameroon.cities.length]!, currency: cameroon.currency });
  }
  return { country: rows.map((row) => row.country), city: rows.map((row) => row.city), currency: rows.map((row) => row.currency) };
}

/**
 * Fills a migrated database in a few set-based statements: users (four in
 * five clients, the rest specialists of every kind, half of them verified,
 * each with a profile), projects spread over trades, places, statuses and two
 * years, a quote on about a third of them, and designs. `setseed` makes the
 * same volumes give the same data on every run.
 */
export async function seedBenchData(db: Database, volumes: BenchVolumes): Promise<{ specialistId: string }> {
  const categoryCodes = CATEGORIES.map((category) => category.code);
  const where = places();
  const images = readdirSync(DESIGN_ASSETS_DIR).filter((file) => file.endsWith('.svg'));
  const passwordHash = await hashPassword(BENCH_SPECIALIST.password);

  return db.transaction(async (tx) => {
    await tx.query('SELECT setseed(0.42)');
    // One user of the count is the bench specialist, added last.
    await tx.query(
      `INSERT INTO users (email, first_name, last_name, phone_number, country, city, account_type, specialist_kind,
                          email_verified_at, verified_at, created_at)
       SELECT 'bench.user.' || g || '@example.com',
              (ARRAY['Amina','Paul','Nadia','Eric','Chantal','Joseph','Brigitte','Samuel'])[1 + g % 8],
              (ARRAY['Njoya','Mbarga','Owono','Kamga','Ndiaye','Diallo','Martin','Dubois'])[1 + (g / 8) % 8],
              '+237 6 00 00 00 00', 'CM', 'Douala',
              CASE WHEN g % 5 = 0 THEN 'specialist' ELSE 'client' END,
              CASE WHEN g % 5 = 0 THEN (ARRAY['contractor','vendor','artisan','expert'])[1 + (g / 5) % 4] END,
              now(),
              CASE WHEN g % 10 = 0 THEN now() - interval '30 days' END,
              now() - (g % 730) * interval '1 day'
         FROM generate_series(1, $1::int) g`,
      [Math.max(0, volumes.users - 1)],
    );
    await tx.query(
      `INSERT INTO specialist_profiles (user_id, company_name, headline, description, categories, service_country, service_cities)
       SELECT u.id, u.first_name || ' ' || u.last_name || ' Works', 'Careful work, on time', 'Twenty years of building and renovation.',
              ARRAY[($1::text[])[1 + floor(random() * cardinality($1::text[]))::int], ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int]],
              ($2::text[])[x.place], CASE WHEN random() < 0.2 THEN '{}'::text[] ELSE ARRAY[($3::text[])[x.place]] END
         FROM users u, LATERAL (SELECT u.id, 1 + floor(random() * cardinality($2::text[]))::int AS place) x
        WHERE u.account_type = 'specialist'`,
      [categoryCodes, where.country, where.city],
    );
    await tx.query(
      `WITH owners AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE account_type = 'client'),
            picks AS (
              SELECT g, 1 + floor(random() * cardinality($2::text[]))::int AS place,
                     1 + floor(random() * cardinality($1::text[]))::int AS category,
                     random() AS state, random() AS budget, random() AS age
                FROM generate_series(1, $5::int) g)
       INSERT INTO projects (owner_id, title, description, category, country, city, budget_min, budget_max, currency, status, created_at, updated_at)
       SELECT owners.ids[1 + (p.g * 7919) % cardinality(owners.ids)],
              initcap(replace(($1::text[])[p.category], '_', ' ')) || ' work in ' || ($3::text[])[p.place] || ' #' || p.g,
              'Project ' || p.g || ': ' || replace(($1::text[])[p.category], '_', ' ') || ' for a family house in ' || ($3::text[])[p.place]
                || ', materials included, work to start within three months.',
              ($1::text[])[p.category], ($2::text[])[p.place], ($3::text[])[p.place],
              (100000 + floor(p.budget * 5000000))::bigint, (200000 + floor(p.budget * 10000000))::bigint,
              ($4::text[])[p.place],
              CASE WHEN p.state < 0.7 THEN 'open' WHEN p.state < 0.8 THEN 'contracted' WHEN p.state < 0.9 THEN 'in_progress'
                   WHEN p.state < 0.97 THEN 'completed' ELSE 'cancelled' END,
              now() - p.age * interval '730 days', now() - p.age * interval '730 days'
         FROM picks p, owners`,
      [categoryCodes, where.country, where.city, where.currency, volumes.projects],
    );
    await tx.query(
      `WITH bidders AS (
              SELECT array_agg(id ORDER BY email) AS ids FROM users
               WHERE account_type = 'specialist' AND verified_at IS NOT NULL AND specialist_kind <> 'expert')
       INSERT INTO quotes (project_id, specialist_id, amount, currency, duration_days, message)
       SELECT p.id, bidders.ids[1 + floor(random() * cardinality(bidders.ids))::int], p.budget_max, p.currency, 30, 'We can start next month.'
         FROM projects p, bidders
        WHERE cardinality(bidders.ids) > 0 AND random() < 0.33`,
    );
    await tx.query(
      `INSERT INTO designs (slug, title_en, title_fr, description_en, description_fr, tier, rooms, area_m2, image_file,
                            cost_min_eur_cents, cost_max_eur_cents, featured, sort_order)
       SELECT 'bench-design-' || g, 'House design ' || g, 'Modèle de maison ' || g,
              'A family house of ' || (1 + g % 8) || ' rooms.', 'Une maison familiale de ' || (1 + g % 8) || ' pièces.',
              (ARRAY['standard','premium','luxury'])[1 + g % 3], 1 + g % 8, 60 + (g % 20) * 15,
              ($1::text[])[1 + g % cardinality($1::text[])],
              (3000000 + (g % 50) * 100000)::bigint * 100, (4000000 + (g % 50) * 150000)::bigint * 100,
              g % 50 = 0, g
         FROM generate_series(1, $2::int) g`,
      [images, volumes.designs],
    );
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, country, city, account_type, specialist_kind,
                          email_verified_at, verified_at)
       VALUES ($1, $2, 'Bench', 'Contractor', '+237 6 11 22 33 44', 'CM', 'Douala', 'specialist', 'contractor', now(), now())
       RETURNING id`,
      [BENCH_SPECIALIST.email, passwordHash],
    );
    const specialistId = rows[0]!.id;
    await tx.query(
      `INSERT INTO specialist_profiles (user_id, company_name, headline, categories, service_country, service_cities)
       VALUES ($1, 'Bench Builders', 'Kitchens and masonry', $2, $3, $4)`,
      [specialistId, BENCH_SPECIALIST.categories, BENCH_SPECIALIST.country, BENCH_SPECIALIST.cities],
    );
    return { specialistId };
  });
}

/** Fresh statistics, so the planner sees the volumes the way a long-running database would. */
export async function analyze(db: Database): Promise<void> {
  await db.exec('VACUUM ANALYZE');
}
