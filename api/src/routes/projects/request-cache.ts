import { LRUCache } from 'lru-cache';
import { prepared, type PreparedStatement, type Queryable } from '../../db/database';
import { LISTING_CARD_COLUMNS, type ProjectCardRow } from './project-views';
import { listingOrder as order, SPECIALIST_AREAS, SPECIALIST_OWN_PROJECTS } from './listing-sql';
import type { ListingFilters } from './project-listing';

/**
 * The channel the database announces every change that may alter a
 * specialist's request list: a project opened, closed or edited, a quote, an
 * invitation, a specialist's trades and cities, an insolvency, an owner's name.
 * Triggers send it (see the migrations), so no write can forget to.
 */
export const LISTINGS_CHANGED = 'listings_changed';

/** A trade in a city of the specialist's profile, or in their whole country (city null). */
export interface Area {
  category: string;
  country: string;
  city: string | null;
}

/** A card as kept, with its date in microseconds: the order PostgreSQL sorts by (a Date keeps only milliseconds). */
type KeptCard = ProjectCardRow & { at_us: number };

/** The first open requests of one area in one order, and how many it has in all. */
interface AreaPage {
  /** Its trade and country, as announcements name them. */
  place: string;
  cards: KeptCard[];
  /** Whether `cards` holds every request of the area. */
  complete: boolean;
  total: number;
}

/**
 * What only one specialist sees: their areas, and the projects they were
 * invited to or quoted on (null when too many to keep), drafts included so
 * that publishing one is heard, though a list never shows them.
 */
interface SpecialistRequests {
  areas: Area[];
  extras: KeptCard[] | null;
}

const placeOf = (category: string, country: string) => JSON.stringify([category, country]);

export interface RequestCacheOptions {
  /** Cards kept per area and order: pages reaching further are read from the database. */
  depth: number;
  /** Cards kept in all, over every area and every specialist; the least recently used go first. */
  maxCards: number;
  /** How long anything is trusted without an announcement, in ms: a bound should one ever be missed. */
  ttlMs: number;
  /** The invitations and quotes a specialist may have and still be kept. */
  maxExtras: number;
}

export const REQUEST_CACHE: RequestCacheOptions = { depth: 100, maxCards: 200_000, ttlMs: 60_000, maxExtras: 500 };

const AT_US = `(extract(epoch FROM p.created_at) * 1000000)::bigint AS at_us`;
const CARD_JOINS = `JOIN projects p ON p.id = page.id JOIN users u ON u.id = p.owner_id`;
const AREAS = prepared(SPECIALIST_AREAS);

/** The projects the specialist ($1) was invited to (unless they declined) or quoted on, drafts too: at most $2. */
const EXTRAS = prepared(`
  SELECT ${LISTING_CARD_COLUMNS}, ${AT_US}
    FROM (${SPECIALIST_OWN_PROJECTS}) page
    ${CARD_JOINS}
   LIMIT $2`);

/**
 * How an area's requests are chosen: a city of the profile (exactly), the
 * whole country, or the whole country narrowed by the list's city filter
 * (whatever its case, as the listing statement does).
 */
type AreaShape = 'city' | 'country' | 'country-in-city';

const areaStatements = new Map<string, PreparedStatement>();

/**
 * The statement that reads an area's first `depth` requests in one order, each
 * row with the area's total (one row without a card when it has none), and its
 * parameters; `key` names what it reads. A country-wide area under a city
 * filter is read for that filter.
 */
export function areaQuery(area: Area, cityFilter: string | undefined, direction: 'ASC' | 'DESC', depth: number) {
  const shape: AreaShape = area.city !== null ? 'city' : cityFilter ? 'country-in-city' : 'country';
  const params: unknown[] = [area.category, area.country];
  if (shape !== 'country') params.push(area.city ?? cityFilter);
  params.push(depth);
  const key = `${shape} ${direction}`;
  let statement = areaStatements.get(key);
  if (!statement) {
    const city = { city: ' AND m.city = $3', country: '', 'country-in-city': ' AND lower(m.city) = lower($3)' }[shape];
    const where = `m.status = 'open' AND m.category = $1 AND m.country = $2${city}`;
    const limit = `$${params.length}`;
    statement = prepared(`
      SELECT (SELECT count(*) FROM projects m WHERE ${where}) AS total, card.*
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT ${LISTING_CARD_COLUMNS}, ${AT_US}
            FROM (SELECT m.id, m.created_at FROM projects m WHERE ${where} ORDER BY ${order(direction, 'm.')} LIMIT ${limit}) page
            ${CARD_JOINS}) card ON true
       ORDER BY ${order(direction, 'card.')}`);
    areaStatements.set(key, statement);
  }
  return { statement, params, key: `area ${key} ${JSON.stringify(params)}` };
}

const kept = (row: ProjectCardRow & { at_us: string | number }): KeptCard => ({ ...row, at_us: Number(row.at_us) });

/**
 * Specialists' request lists, answered from memory: the first requests of each
 * area, shared by every specialist who serves it, and each specialist's areas,
 * invitations and quotes. A page is merged from them exactly as the listing
 * statement would give it, total included. What a change touches is forgotten
 * as soon as the database announces it (LISTINGS_CHANGED, see `forget`), on
 * every instance; a read that raced an announcement is not kept.
 *
 * `page` answers undefined, and the caller asks the database, for what is not
 * kept: filters other than trade and city, pages past `depth`, a specialist
 * with too many invitations and quotes, or while announcements cannot be heard.
 */
export class RequestCache {
  private readonly entries: LRUCache<string, AreaPage | SpecialistRequests>;
  /** Reads under way, shared by the requests that need the same thing. */
  private readonly loading = new Map<string, Promise<AreaPage | SpecialistRequests>>();
  /** The kept areas of each trade and country, and the specialists who keep each project among their own. */
  private readonly areasOf = new Map<string, Set<string>>();
  private readonly holdersOf = new Map<string, Set<string>>();
  /** Counts announcements: a read that started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly trusted: () => boolean,
    private readonly options: RequestCacheOptions = REQUEST_CACHE,
  ) {
    this.entries = new LRUCache<string, AreaPage | SpecialistRequests>({
      maxSize: options.maxCards,
      sizeCalculation: (entry) => 1 + ('cards' in entry ? entry.cards.length : (entry.extras?.length ?? 0)),
      ttl: options.ttlMs,
      // Whatever way an entry goes (forgotten, replaced, least recently used, expired), its index entries go with it.
      dispose: (entry, key) => this.unindex(key, entry),
    });
  }

  /** Forgets everything: announcements may have been missed. */
  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
  }

  /**
   * Forgets what an announcement says changed (see migration 0032): an area's
   * requests, the specialists who keep a project's card, one specialist's own
   * part, or, for anything else, everything.
   */
  forget(payload: string): void {
    let change: unknown;
    try {
      change = JSON.parse(payload);
    } catch {
      change = undefined;
    }
    const [kind, a = '', b = ''] = Array.isArray(change) ? (change as unknown[]).map((part) => (typeof part === 'string' ? part : '')) : [];
    if (kind === 'area') this.forgetAll(this.areasOf.get(placeOf(a, b)));
    else if (kind === 'project') this.forgetAll(this.holdersOf.get(a));
    else if (kind === 'specialist') this.forgetAll([`specialist ${a}`]);
    else return this.clear();
    this.generation += 1;
    this.loading.clear();
  }

  private forgetAll(keys: Iterable<string> | undefined): void {
    for (const key of [...(keys ?? [])]) this.entries.delete(key);
  }

  /** Where an entry is indexed: an area under its trade and country, a specialist's part under each of its projects. */
  private indexEntries(entry: AreaPage | SpecialistRequests) {
    return 'cards' in entry ? [[this.areasOf, entry.place] as const] : (entry.extras ?? []).map((card) => [this.holdersOf, card.id] as const);
  }

  private index(key: string, entry: AreaPage | SpecialistRequests): void {
    for (const [map, value] of this.indexEntries(entry)) {
      const keys = map.get(value) ?? new Set<string>();
      keys.add(key);
      map.set(value, keys);
    }
  }

  private unindex(key: string, entry: AreaPage | SpecialistRequests): void {
    for (const [map, value] of this.indexEntries(entry)) {
      const keys = map.get(value);
      keys?.delete(key);
      if (keys?.size === 0) map.delete(value);
    }
  }

  async page(specialistId: string, filters: ListingFilters): Promise<{ rows: ProjectCardRow[]; total: number } | undefined> {
    if (!this.trusted() || filters.status || filters.country || filters.q) return undefined;
    const end = filters.page * filters.page_size;
    if (end > this.options.depth) return undefined;
    const direction = filters.sort === 'oldest' ? 'ASC' : 'DESC';
    const mine = await this.specialist(specialistId);
    if (!mine.extras) return undefined;

    const { category, city } = filters;
    // Cities compare whatever their case, as lower() does in the listing statement.
    const lowerCity = city?.toLowerCase();
    const inCity = (cardCity: string) => lowerCity === undefined || cardCity.toLowerCase() === lowerCity;
    const areas = mine.areas.filter(
      (area) => (!category || area.category === category) && (area.city === null || lowerCity === undefined || area.city.toLowerCase() === lowerCity),
    );
    const pages = await Promise.all(areas.map((area) => this.area(area, city, direction)));
    if (pages.some((page) => !page.complete && page.cards.length < end)) return undefined;
    const extras = mine.extras.filter((card) => card.status !== 'draft' && (!category || card.category === category) && inCity(card.city));

    // The first `end` of the union are among the first `end` of each area and the extras.
    const union = new Map<string, KeptCard>();
    for (const page of pages) for (const card of page.cards.slice(0, end)) union.set(card.id, card);
    for (const card of extras) union.set(card.id, card);
    const sign = direction === 'DESC' ? -1 : 1;
    const rows = [...union.values()]
      .sort((a, b) => sign * (a.at_us - b.at_us) || (a.id < b.id ? sign : a.id > b.id ? -sign : 0))
      .slice(end - filters.page_size, end)
      .map(({ at_us: _at, ...card }) => card);

    // Areas never overlap (one trade and city each); an invitation or quote on an open request of one is counted there.
    const inAreas = (card: KeptCard) =>
      card.status === 'open' &&
      areas.some((area) => area.category === card.category && area.country === card.country && (area.city === null || area.city === card.city));
    const total = pages.reduce((sum, page) => sum + page.total, 0) + extras.filter((card) => !inAreas(card)).length;
    return { rows, total };
  }

  private specialist(specialistId: string): Promise<SpecialistRequests> {
    return this.keep(`specialist ${specialistId}`, async () => {
      const [areas, extras] = await Promise.all([
        this.db.query<Area>(AREAS, [specialistId]),
        this.db.query<ProjectCardRow & { at_us: string }>(EXTRAS, [specialistId, this.options.maxExtras + 1]),
      ]);
      return { areas: areas.rows, extras: extras.rows.length > this.options.maxExtras ? null : extras.rows.map(kept) };
    }) as Promise<SpecialistRequests>;
  }

  private area(area: Area, cityFilter: string | undefined, direction: 'ASC' | 'DESC'): Promise<AreaPage> {
    const { statement, params, key } = areaQuery(area, cityFilter, direction, this.options.depth);
    return this.keep(key, async () => {
      const { rows } = await this.db.query<KeptCard & { total: string | number }>(statement, params);
      const cards = rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => kept(row));
      const total = Number(rows[0]?.total ?? 0);
      return { place: placeOf(area.category, area.country), cards, total, complete: cards.length === total };
    }) as Promise<AreaPage>;
  }

  private keep(key: string, load: () => Promise<AreaPage | SpecialistRequests>): Promise<AreaPage | SpecialistRequests> {
    const found = this.entries.get(key);
    if (found) return Promise.resolve(found);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then(
      (entry) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        if (generation === this.generation) {
          this.entries.set(key, entry);
          // Unless it was too large to keep at all.
          if (this.entries.peek(key) === entry) this.index(key, entry);
        }
        return entry;
      },
      (error: unknown) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }
}
