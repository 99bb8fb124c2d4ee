/**
 * Where the landing pages send visitors. Registration lives on the app host
 * (docs/product.md §2); the directory, reviews, catalog and product tour are pages of
 * this site, opened in place.
 */
export const LINKS = {
  register: '/register',
  professionals: '/professionals',
  addReview: '/add-review',
  catalog: '/catalog',
  clientCatalog: '/main/catalog',
  contractors: '/contractors',
  demo: '/demo',
} as const;

/** Attributes of every link that opens in a new tab. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
