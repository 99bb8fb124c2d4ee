/**
 * Where the landing pages send visitors. Registration, professionals and
 * reviews live on the app host (spec §2: external app links, opened in a new
 * tab); the demo is a hosted product video.
 */
export const LINKS = {
  register: '/register',
  professionals: '/professionals',
  addReview: '/add-review',
  catalog: '/catalog',
  clientCatalog: '/main/catalog',
  contractors: '/contractors',
  demoVideo: 'https://www.youtube.com/watch?v=fundament-product-tour',
} as const;

/** Attributes of every link that opens in a new tab. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
