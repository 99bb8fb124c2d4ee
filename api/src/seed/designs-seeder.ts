import type { Seeder } from './run-seeds';
import { CATALOG_DESIGNS } from './catalog-designs';

export interface DemoDesign {
  slug: string;
  title: [en: string, fr: string];
  description: [en: string, fr: string];
  tier: 'standard' | 'premium' | 'luxury';
  rooms: number;
  areaM2: number;
  image: string;
  /** Estimated cost range in euros (whole euros; stored as cents). */
  costEur: [min: number, max: number];
}

/** Featured designs for the landing page until the catalog is filled in by real listings. */
export const DEMO_DESIGNS: readonly DemoDesign[] = [
  {
    slug: 'compact-family-bungalow',
    title: ['Compact family bungalow', 'Bungalow familial compact'],
    description: [
      'A single-storey home with three bedrooms, an open kitchen and a covered terrace.',
      'Une maison de plain-pied avec trois chambres, une cuisine ouverte et une terrasse couverte.',
    ],
    tier: 'standard',
    rooms: 5,
    areaM2: 95,
    image: 'compact-family-bungalow.svg',
    costEur: [68_000, 85_000],
  },
  {
    slug: 'modern-duplex',
    title: ['Modern duplex', 'Duplex moderne'],
    description: [
      'Two floors with a bright living room, four bedrooms and a balcony over the garden.',
      'Deux niveaux avec un séjour lumineux, quatre chambres et un balcon sur le jardin.',
    ],
    tier: 'premium',
    rooms: 7,
    areaM2: 160,
    image: 'modern-duplex.svg',
    costEur: [145_000, 180_000],
  },
  {
    slug: 'hillside-villa',
    title: ['Hillside villa with pool', 'Villa à flanc de colline avec piscine'],
    description: [
      'Five bedroom suites, a double-height lounge and an infinity pool facing the valley.',
      'Cinq suites, un salon en double hauteur et une piscine à débordement face à la vallée.',
    ],
    tier: 'luxury',
    rooms: 9,
    areaM2: 320,
    image: 'hillside-villa.svg',
    costEur: [390_000, 520_000],
  },
  {
    slug: 'starter-townhouse',
    title: ['Starter townhouse', 'Maison de ville pour premier achat'],
    description: [
      'A narrow-plot house on two levels: two bedrooms, a study nook and a small courtyard.',
      'Une maison sur parcelle étroite, sur deux niveaux : deux chambres, un coin bureau et une petite cour.',
    ],
    tier: 'standard',
    rooms: 4,
    areaM2: 82,
    image: 'starter-townhouse.svg',
    costEur: [55_000, 72_000],
  },
  {
    slug: 'open-plan-kitchen-renovation',
    title: ['Open-plan kitchen renovation', 'Rénovation de cuisine ouverte'],
    description: [
      'Walls taken down, an island with seating, new plumbing, lighting and durable worktops.',
      'Cloisons abattues, îlot avec coin repas, plomberie et éclairage neufs, plans de travail durables.',
    ],
    tier: 'premium',
    rooms: 1,
    areaM2: 28,
    image: 'open-plan-kitchen.svg',
    costEur: [18_000, 32_000],
  },
  {
    slug: 'courtyard-residence',
    title: ['Courtyard residence', 'Résidence à patio'],
    description: [
      'Six bedrooms around a planted courtyard, with a guest wing and solar-ready roofs.',
      'Six chambres autour d’un patio arboré, avec une aile pour les invités et des toitures prêtes pour le solaire.',
    ],
    tier: 'luxury',
    rooms: 10,
    areaM2: 410,
    image: 'courtyard-residence.svg',
    costEur: [480_000, 650_000],
  },
  {
    slug: 'spa-bathroom-makeover',
    title: ['Spa bathroom makeover', 'Salle de bains esprit spa'],
    description: [
      'Walk-in shower, freestanding bath, heated floor and full waterproofing.',
      'Douche à l’italienne, baignoire îlot, plancher chauffant et étanchéité complète.',
    ],
    tier: 'premium',
    rooms: 1,
    areaM2: 12,
    image: 'spa-bathroom.svg',
    costEur: [9_500, 16_000],
  },
];

/** Inserts the demo designs that are missing; existing rows (maybe edited) are left alone. */
export const designsSeeder: Seeder = {
  name: 'designs',
  async run(db) {
    await db.transaction(async (tx) => {
      const all = [...DEMO_DESIGNS.map((design) => ({ design, featured: true })), ...CATALOG_DESIGNS.map((design) => ({ design, featured: false }))];
      for (const [index, { design, featured }] of all.entries()) {
        await tx.query(
          `INSERT INTO designs (slug, title_en, title_fr, description_en, description_fr, tier, rooms, area_m2,
                                image_file, cost_min_eur_cents, cost_max_eur_cents, featured, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13, $12)
           ON CONFLICT (slug) DO NOTHING`,
          [
            design.slug,
            design.title[0],
            design.title[1],
            design.description[0],
            design.description[1],
            design.tier,
            design.rooms,
            design.areaM2,
            design.image,
            design.costEur[0] * 100,
            design.costEur[1] * 100,
            (index + 1) * 10,
            featured,
          ],
        );
      }
    });
  },
};
