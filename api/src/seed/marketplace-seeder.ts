import type { Seeder } from './run-seeds';

/** The demo contractor receives requests: verified, with trades and an area that match the demo projects. */
const PROFILES = [
  {
    email: 'contractor@demo.fundament.example',
    verify: true,
    company_name: 'Conrad & Sons Construction',
    headline: 'Renovations and extensions in Douala and Yaoundé since 2011',
    description:
      'A team of twelve: masons, plumbers, tilers and carpenters. We work from a written milestone plan and send photos at every stage, which suits owners who live abroad.',
    categories: ['general_renovation', 'kitchen', 'bathroom', 'plumbing', 'masonry', 'tiling', 'new_build', 'solar'],
    service_country: 'CM',
    service_cities: ['Douala', 'Yaoundé'],
  },
  {
    // Awaiting verification in the admin demo: once verified, the Yaoundé request reaches them.
    email: 'pending.builder@demo.fundament.example',
    verify: false,
    company_name: 'Mbappe Bâtiment',
    headline: 'New builds and structural work around Yaoundé',
    description: 'Foundations, masonry and roofing for family houses.',
    categories: ['new_build', 'masonry', 'roofing'],
    service_country: 'CM',
    service_cities: ['Yaoundé'],
  },
];

const PROJECTS = [
  {
    title: 'Kitchen renovation in Bonapriso',
    description:
      'Full renovation of a 14 m² kitchen in a family house: remove the old units, redo the plumbing, new cabinets and worktops, wall and floor tiling. We live in Paris and will follow the work remotely.',
    category: 'kitchen',
    city: 'Douala',
    budget_min: 3_000_000,
    budget_max: 5_000_000,
    desired_start: '2027-02-01',
  },
  {
    title: 'Three-bedroom house in Yaoundé',
    description:
      'Build a three-bedroom single-storey house on our plot in Odza (plans and soil study available): foundations, masonry, roof, plumbing and electrics, ready for finishing.',
    category: 'new_build',
    city: 'Yaoundé',
    budget_min: 45_000_000,
    budget_max: 60_000_000,
    desired_start: '2027-04-15',
  },
  {
    title: 'Solar backup for the family home',
    description: 'Twelve panels, batteries and an inverter so the fridge, lights and internet keep running during power cuts.',
    category: 'solar',
    city: 'Douala',
    budget_min: 2_500_000,
    budget_max: 4_000_000,
    desired_start: null,
  },
];

export const marketplaceSeeder: Seeder = {
  name: 'marketplace',
  async run(db) {
    for (const profile of PROFILES) {
      const { rows } = await db.query<{ id: string; verified_at: unknown }>('SELECT id, verified_at FROM users WHERE email = $1', [profile.email]);
      const user = rows[0];
      if (!user) continue;
      if (profile.verify && !user.verified_at) await db.query('UPDATE users SET verified_at = now() WHERE id = $1', [user.id]);
      // A verified specialist passed the four checks; the public directory shows them with their dates.
      if (profile.verify)
        await db.query(
          `INSERT INTO verification_checks (user_id, kind, outcome, checked_on, notes)
           SELECT $1, kind, 'passed', current_date - days, ''
             FROM (VALUES ('identity_register', 30), ('location_visit', 24), ('customer_interviews', 20), ('financial_check', 16)) AS c (kind, days)
           ON CONFLICT (user_id, kind) DO NOTHING`,
          [user.id],
        );
      await db.query(
        `INSERT INTO specialist_profiles (user_id, company_name, headline, description, categories, service_country, service_cities)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id) DO NOTHING`,
        [user.id, profile.company_name, profile.headline, profile.description, profile.categories, profile.service_country, profile.service_cities],
      );
    }
    const { rows: clients } = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'client@demo.fundament.example'");
    const client = clients[0];
    if (!client) return;
    for (const project of PROJECTS) {
      const { rows: existing } = await db.query('SELECT 1 FROM projects WHERE owner_id = $1 AND title = $2', [client.id, project.title]);
      if (existing.length > 0) continue;
      await db.query(
        `INSERT INTO projects (owner_id, title, description, category, country, city, budget_min, budget_max, currency, desired_start)
         VALUES ($1, $2, $3, $4, 'CM', $5, $6, $7, 'XAF', $8)`,
        [
          client.id,
          project.title,
          project.description,
          project.category,
          project.city,
          project.budget_min,
          project.budget_max,
          project.desired_start,
        ],
      );
    }
  },
};
