import { ROUTES, authOf, findRoute, pathFor } from './route-table';

describe('route table (docs/product.md §2)', () => {
  it.each([
    ['/', false],
    ['/contractors', false],
    ['/login', false],
    ['/sign-up', false],
    ['/sign-up-specialists', false],
    ['/forgot-password', false],
    ['/reset-password', false],
    ['/expired', false],
    ['/terms', false],
    ['/privacy', false],
    ['/catalog', false],
    ['/admin-login', false],
    ['/main', 'client'],
    ['/main/dashboard', 'client'],
    ['/main/projects', 'client'],
    ['/main/create', 'client'],
    ['/main/settings', 'client'],
    ['/main/specialists', 'client'],
    ['/main/escrow', 'client'],
    ['/main/catalog', 'client'],
    ['/main/messages', 'client'],
    ['/main/messages/k1', 'client'],
    ['/admin', 'admin'],
    ['/admin/clients', 'admin'],
    ['/admin/contractors', 'admin'],
    ['/admin/assessors', 'admin'],
  ] as const)('%s has auth %s', (path, auth) => {
    expect(findRoute(path)).toBeDefined();
    expect(authOf(path)).toBe(auth);
  });

  it('carries the route names the spec uses', () => {
    const names = ROUTES.map((route) => route.name);
    for (const name of [
      'main',
      'main.dashboard',
      'main.projects',
      'main.specialists',
      'main.escrow',
      'main.catalog',
      'admin.clients',
      'SignUp',
      'PrivacyPolicy',
      'TermsOfService',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('redirects /main to the dashboard and /admin to clients', () => {
    expect(findRoute('/main')?.redirectTo).toBe('/main/dashboard');
    expect(findRoute('/admin')?.redirectTo).toBe('/admin/clients');
  });

  it('ignores query, hash and a trailing slash when matching', () => {
    expect(authOf('/main/projects/?page=2#top')).toBe('client');
    expect(pathFor('admin.clients')).toBe('/admin/clients');
    expect(() => pathFor('nope')).toThrow('Unknown route name');
  });

  it('matches parameterised pages and fills their parameters', () => {
    expect(findRoute('/main/projects/5f0c')?.name).toBe('main.project');
    expect(findRoute('/main/messages/k1')?.name).toBe('main.conversation');
    expect(findRoute('/main/messages')?.name).toBe('main.messages');
    expect(authOf('/main/projects/5f0c?tab=quotes')).toBe('client');
    expect(findRoute('/main/projects/5f0c/extra')).toBeUndefined();
    expect(pathFor('main.project', { id: 'a b' })).toBe('/main/projects/a%20b');
    expect(() => pathFor('main.project')).toThrow('needs the parameter id');
  });

  it('treats unknown pages as public', () => {
    expect(authOf('/no-such-page')).toBe(false);
  });
});
