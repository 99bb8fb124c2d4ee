import { setupI18n } from '@lingui/core';
import { messages as fr } from '../locales/fr';
import { canOpenRoute } from '../permissions';
import { ROUTES } from './route-table';
import { navigationFor, NAVIGATION } from './navigation';
import { ROUTE_TITLES, routeTitle } from './route-titles';

const as = (name: string) => ({ id: '1', role: { name } });
const entries = (name: string) => navigationFor(as(name)).map((entry) => entry.route);

describe('navigation per role', () => {
  it('gives a client the five entries of docs/product.md §1', () => {
    expect(entries('client')).toEqual(['main.dashboard', 'main.projects', 'main.specialists', 'main.escrow', 'main.catalog']);
  });

  it.each(['contractor', 'vendor', 'artisan'])('gives a %s its requests and payouts, not the client directory', (role) => {
    expect(entries(role)).toEqual(['main.dashboard', 'main.projects', 'main.escrow', 'main.catalog']);
  });

  it('gives an expert the projects it inspects', () => {
    expect(entries('expert')).toEqual(['main.dashboard', 'main.projects', 'main.escrow', 'main.catalog']);
  });

  it('offers project creation to clients only', () => {
    expect(canOpenRoute(as('client'), 'main.create')).toBe(true);
    for (const role of ['contractor', 'vendor', 'artisan', 'expert', 'unauthorized']) expect(canOpenRoute(as(role), 'main.create')).toBe(false);
  });

  it('names only routes of the table', () => {
    const names = new Set(ROUTES.map((route) => route.name));
    for (const entry of NAVIGATION) expect(names.has(entry.route)).toBe(true);
  });
});

describe('page titles', () => {
  it('has a title for every page of the route table', () => {
    const missing = ROUTES.filter((route) => !route.redirectTo && !ROUTE_TITLES[route.name]).map((route) => route.name);
    expect(missing).toEqual([]);
  });

  it('names each page in the user’s language', () => {
    const i18n = setupI18n({ locale: 'fr', messages: { fr } });
    expect(routeTitle('main.projects', i18n)).toBe('Projets · Fundament');
    expect(routeTitle('main.create', i18n)).toBe('Publier un projet · Fundament');
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(routeTitle('main.projects', english)).toBe('Projects · Fundament');
    // Pages differ from one another.
    const titles = ROUTES.filter((route) => !route.redirectTo).map((route) => routeTitle(route.name, english));
    expect(new Set(titles).size).toBe(titles.length);
    expect(routeTitle('unknown', english)).toBe('Fundament');
  });
});
