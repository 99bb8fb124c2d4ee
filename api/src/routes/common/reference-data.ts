import type { ApiLocale } from '../../i18n/server-i18n';

/** A label in each language of the product. Reference data is content, kept with its translations. */
export type Labels = Record<ApiLocale, string>;

export interface CountryEntry {
  code: string;
  currency: string;
  cities: string[];
}

/**
 * Where projects are built and where clients live: the home markets, and the
 * countries the diaspora most often pays from.
 */
export const COUNTRIES: readonly CountryEntry[] = [
  { code: 'CM', currency: 'XAF', cities: ['Douala', 'Yaoundé', 'Bafoussam', 'Bamenda', 'Garoua', 'Kribi', 'Limbé'] },
  { code: 'GA', currency: 'XAF', cities: ['Libreville', 'Port-Gentil', 'Franceville'] },
  { code: 'CG', currency: 'XAF', cities: ['Brazzaville', 'Pointe-Noire'] },
  { code: 'CI', currency: 'XOF', cities: ['Abidjan', 'Yamoussoukro', 'Bouaké', 'San-Pédro'] },
  { code: 'SN', currency: 'XOF', cities: ['Dakar', 'Thiès', 'Saint-Louis', 'Mbour'] },
  { code: 'BJ', currency: 'XOF', cities: ['Cotonou', 'Porto-Novo', 'Parakou'] },
  { code: 'TG', currency: 'XOF', cities: ['Lomé', 'Kara'] },
  { code: 'FR', currency: 'EUR', cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Lille', 'Bordeaux'] },
  { code: 'BE', currency: 'EUR', cities: ['Brussels', 'Antwerp', 'Liège'] },
  { code: 'DE', currency: 'EUR', cities: ['Berlin', 'Hamburg', 'Frankfurt'] },
  { code: 'CH', currency: 'CHF', cities: ['Geneva', 'Zurich', 'Lausanne'] },
  { code: 'GB', currency: 'GBP', cities: ['London', 'Manchester', 'Birmingham'] },
  { code: 'CA', currency: 'CAD', cities: ['Montréal', 'Toronto', 'Ottawa', 'Québec'] },
  { code: 'US', currency: 'USD', cities: ['New York', 'Houston', 'Atlanta', 'Washington'] },
];

export interface CategoryEntry {
  code: string;
  /** The broad category of docs/product.md §2 a trade belongs to. */
  group: 'renovation' | 'construction' | 'smart_home';
  labels: Labels;
}

export const CATEGORY_GROUPS: ReadonlyArray<{ code: CategoryEntry['group']; labels: Labels }> = [
  { code: 'renovation', labels: { en: 'Renovation', fr: 'Rénovation' } },
  { code: 'construction', labels: { en: 'Construction', fr: 'Construction' } },
  { code: 'smart_home', labels: { en: 'Smart home', fr: 'Maison connectée' } },
];

export const CATEGORIES: readonly CategoryEntry[] = [
  { code: 'general_renovation', group: 'renovation', labels: { en: 'General renovation', fr: 'Rénovation générale' } },
  { code: 'kitchen', group: 'renovation', labels: { en: 'Kitchen', fr: 'Cuisine' } },
  { code: 'bathroom', group: 'renovation', labels: { en: 'Bathroom', fr: 'Salle de bains' } },
  { code: 'painting', group: 'renovation', labels: { en: 'Painting and decoration', fr: 'Peinture et décoration' } },
  { code: 'tiling', group: 'renovation', labels: { en: 'Tiling and flooring', fr: 'Carrelage et revêtements de sol' } },
  { code: 'carpentry', group: 'renovation', labels: { en: 'Carpentry and joinery', fr: 'Menuiserie' } },
  { code: 'plumbing', group: 'renovation', labels: { en: 'Plumbing', fr: 'Plomberie' } },
  { code: 'electrical', group: 'renovation', labels: { en: 'Electrical work', fr: 'Électricité' } },
  { code: 'new_build', group: 'construction', labels: { en: 'New build', fr: 'Construction neuve' } },
  { code: 'extension', group: 'construction', labels: { en: 'Extension', fr: 'Extension' } },
  { code: 'masonry', group: 'construction', labels: { en: 'Masonry and structural work', fr: 'Maçonnerie et gros œuvre' } },
  { code: 'roofing', group: 'construction', labels: { en: 'Roofing', fr: 'Toiture' } },
  { code: 'landscaping', group: 'construction', labels: { en: 'Landscaping and fencing', fr: 'Aménagement extérieur et clôtures' } },
  { code: 'solar', group: 'smart_home', labels: { en: 'Solar power', fr: 'Énergie solaire' } },
  { code: 'security', group: 'smart_home', labels: { en: 'Security and cameras', fr: 'Sécurité et caméras' } },
  { code: 'home_automation', group: 'smart_home', labels: { en: 'Home automation', fr: 'Domotique' } },
  { code: 'hvac', group: 'smart_home', labels: { en: 'Air conditioning', fr: 'Climatisation' } },
];

export const SPECIALIST_KINDS: ReadonlyArray<{ code: string; labels: Labels }> = [
  { code: 'contractor', labels: { en: 'Contractor', fr: 'Entrepreneur' } },
  { code: 'vendor', labels: { en: 'Vendor', fr: 'Fournisseur' } },
  { code: 'artisan', labels: { en: 'Artisan', fr: 'Artisan' } },
  { code: 'expert', labels: { en: 'Expert', fr: 'Expert' } },
];

export const PROJECT_STATUSES: ReadonlyArray<{ code: string; labels: Labels }> = [
  { code: 'draft', labels: { en: 'Draft', fr: 'Brouillon' } },
  { code: 'open', labels: { en: 'Open for quotes', fr: 'Ouvert aux devis' } },
  { code: 'contracted', labels: { en: 'Contract signed', fr: 'Contrat signé' } },
  { code: 'in_progress', labels: { en: 'In progress', fr: 'En cours' } },
  { code: 'completed', labels: { en: 'Completed', fr: 'Terminé' } },
  { code: 'cancelled', labels: { en: 'Cancelled', fr: 'Annulé' } },
];

export interface PlanEntry {
  code: string;
  audience: 'specialist' | 'client';
  /** Monthly price in minor units of `currency`; 0 for a free plan. */
  monthly_price: number;
  currency: string;
  labels: Labels;
  features: Labels[];
}

/** Fee on every escrow release, on top of the payment gateway's own fees (docs/product.md §9). */
export const TRANSACTION_FEE_PERCENT = 1.5;

export const PLANS: readonly PlanEntry[] = [
  {
    code: 'client',
    audience: 'client',
    monthly_price: 0,
    currency: 'EUR',
    labels: { en: 'Home owner', fr: 'Propriétaire' },
    features: [
      { en: 'Post projects and receive quotes for free', fr: 'Publiez vos projets et recevez des devis gratuitement' },
      { en: 'Milestone escrow with independent inspection', fr: 'Séquestre par jalon avec inspection indépendante' },
      {
        en: `About ${TRANSACTION_FEE_PERCENT} % per release, on top of payment gateway fees`,
        fr: `Environ ${TRANSACTION_FEE_PERCENT.toLocaleString('fr-FR')} % par versement, en plus des frais de la passerelle de paiement`,
      },
    ],
  },
  {
    code: 'starter',
    audience: 'specialist',
    monthly_price: 0,
    currency: 'EUR',
    labels: { en: 'Starter', fr: 'Découverte' },
    features: [
      { en: 'Verified profile in the directory', fr: 'Profil vérifié dans l’annuaire' },
      { en: 'Up to 5 quotes a month', fr: 'Jusqu’à 5 devis par mois' },
      { en: 'Paid per milestone through escrow', fr: 'Payé à chaque jalon via le séquestre' },
    ],
  },
  {
    code: 'professional',
    audience: 'specialist',
    monthly_price: 2900,
    currency: 'EUR',
    labels: { en: 'Professional', fr: 'Professionnel' },
    features: [
      { en: 'Unlimited quotes', fr: 'Devis illimités' },
      { en: 'Highlighted in the directory', fr: 'Mise en avant dans l’annuaire' },
      { en: 'Project requests first in your area', fr: 'Demandes de projets en priorité dans votre zone' },
    ],
  },
  {
    code: 'business',
    audience: 'specialist',
    monthly_price: 7900,
    currency: 'EUR',
    labels: { en: 'Business', fr: 'Entreprise' },
    features: [
      { en: 'Everything in Professional', fr: 'Tout le plan Professionnel' },
      { en: 'Team accounts for your site managers', fr: 'Comptes d’équipe pour vos chefs de chantier' },
      { en: 'Dedicated support', fr: 'Support dédié' },
    ],
  },
];
