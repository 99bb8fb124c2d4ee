import type { AdminMe, Me } from '../contract/accounts';

/** A signed-in client as `GET /auth/me` answers it; tests name only the fields they are about. */
export function testClientUser(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Obi',
    phone_number: '+237 6 12 34 56 78',
    country: 'CM',
    city: 'Douala',
    locale: 'en',
    photo_url: null,
    email_verified: true,
    verified: false,
    account_type: 'client',
    specialist_kind: null,
    role: { name: 'client' },
    permissions: [],
    ...overrides,
  };
}

/** A signed-in admin as `GET /admin/auth/me` answers it. */
export function testAdminUser(overrides: Partial<AdminMe> = {}): AdminMe {
  return {
    id: 'a1',
    email: 'admin@example.com',
    first_name: 'Grace',
    last_name: 'Admin',
    role: { name: 'admin' },
    permissions: [],
    ...overrides,
  };
}
