/**
 * The order of every listing: by date, ties broken by id the other way, as the
 * request indexes keep them (date descending, id ascending).
 */
export const listingOrder = (direction: 'ASC' | 'DESC', alias = '') =>
  `${alias}created_at ${direction}, ${alias}id ${direction === 'DESC' ? 'ASC' : 'DESC'}`;

/**
 * The specialist's ($1) areas: each trade of the profile (once, even if named
 * twice) with each of its cities, or with none for the whole country. None for
 * an insolvent contractor, who receives no new requests.
 */
export const SPECIALIST_AREAS = `
  SELECT c.category, sp.service_country AS country, x.city
    FROM specialist_profiles sp
   CROSS JOIN LATERAL (SELECT DISTINCT unnest(sp.categories) AS category) c
   CROSS JOIN LATERAL (SELECT DISTINCT unnest(CASE WHEN cardinality(sp.service_cities) = 0 THEN ARRAY[NULL::text] ELSE sp.service_cities END) AS city) x
   WHERE sp.user_id = $1 AND NOT EXISTS (SELECT 1 FROM insolvencies mi WHERE mi.contractor_id = $1)`;

/** The projects the specialist ($1) was invited to (unless they declined) or quoted on, as `id`, drafts included. */
export const SPECIALIST_OWN_PROJECTS = `SELECT i.project_id AS id FROM invites i WHERE i.specialist_id = $1 AND i.status <> 'declined'
  UNION SELECT q.project_id FROM quotes q WHERE q.specialist_id = $1`;
