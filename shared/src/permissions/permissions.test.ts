import { hasPermission, roleOf } from './index';

describe('hasPermission (docs/product.md §6)', () => {
  const client = { id: '1', role: { name: 'client' } };

  it('grants clients CAN_CREATE_PROJECT and CAN_SEE_PROJECTS_VIEW', () => {
    expect(hasPermission(client, 'CAN_CREATE_PROJECT')).toBe(true);
    expect(hasPermission(client, 'CAN_SEE_PROJECTS_VIEW')).toBe(true);
    expect(hasPermission(client, 'CAN_SUBMIT_QUOTE')).toBe(false);
    expect(hasPermission(client, 'CAN_VERIFY_USERS')).toBe(false);
  });

  it.each(['expert', 'contractor', 'vendor', 'artisan', 'unauthorized'])('keeps project creation to clients (%s cannot)', (name) => {
    expect(hasPermission({ id: '2', role: { name } }, 'CAN_CREATE_PROJECT')).toBe(false);
    expect(hasPermission({ id: '2', role: { name } }, 'CAN_SEE_PROJECTS_VIEW')).toBe(false);
  });

  it.each(['contractor', 'vendor', 'artisan'])('lets a %s see requests and quote', (name) => {
    expect(hasPermission({ id: '5', role: { name } }, 'CAN_SEE_REQUESTS')).toBe(true);
    expect(hasPermission({ id: '5', role: { name } }, 'CAN_SUBMIT_QUOTE')).toBe(true);
  });

  it('gives experts inspections, not requests', () => {
    expect(hasPermission({ id: '6', role: { name: 'expert' } }, 'CAN_INSPECT')).toBe(true);
    expect(hasPermission({ id: '6', role: { name: 'expert' } }, 'CAN_SEE_REQUESTS')).toBe(false);
  });

  it('treats a missing user or role as unauthorized', () => {
    expect(roleOf(false)).toBe('unauthorized');
    expect(roleOf(null)).toBe('unauthorized');
    expect(roleOf({ id: '3' })).toBe('unauthorized');
    expect(roleOf({ id: '3', role: null })).toBe('unauthorized');
    expect(hasPermission(false, 'CAN_SEE_PROJECTS_VIEW')).toBe(false);
  });

  it('gives a role the table does not know no permissions', () => {
    expect(hasPermission({ id: '4', role: { name: 'broker' } }, 'CAN_CREATE_PROJECT')).toBe(false);
  });
});
