import { guardNavigation } from './guard';

const user = { id: 'u1', role: { name: 'client' } };

describe('guardNavigation (docs/product.md §4 route guard)', () => {
  it('lets anyone open a public route', () => {
    expect(guardNavigation(false, '/terms', { client: false, admin: false })).toEqual({ allow: true });
  });

  it('sends a visitor without a client user to / and remembers the full path', () => {
    expect(guardNavigation('client', '/main/projects?page=2', { client: false, admin: false })).toEqual({
      allow: false,
      redirectTo: '/',
      remember: { key: 'requested_client_page', value: '/main/projects?page=2' },
    });
  });

  it('treats a still-loading client (null) as no client user', () => {
    expect(guardNavigation('client', '/main', { client: null, admin: false })).toMatchObject({ allow: false });
  });

  it('lets a client user open client routes', () => {
    expect(guardNavigation('client', '/main/escrow', { client: user, admin: false })).toEqual({ allow: true });
  });

  it('does not let an admin session open client routes', () => {
    expect(guardNavigation('client', '/main', { client: false, admin: user })).toMatchObject({ allow: false });
  });

  it('sends a visitor without an admin to / and remembers the admin page', () => {
    expect(guardNavigation('admin', '/admin/contractors', { client: user, admin: false })).toEqual({
      allow: false,
      redirectTo: '/',
      remember: { key: 'requested_admin_page', value: '/admin/contractors' },
    });
  });

  it('lets an admin open admin routes', () => {
    expect(guardNavigation('admin', '/admin/clients', { client: false, admin: user })).toEqual({ allow: true });
  });
});
