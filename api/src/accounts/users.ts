import type { Me } from 'shared/contract';
import { ROLE_PERMISSIONS } from 'shared/permissions';
import type { SpecialistKind } from 'shared/schemas';
import type { Queryable } from '../db/database';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone_number: string;
  country: string;
  city: string;
  locale: Me['locale'];
  account_type: 'client' | 'specialist';
  specialist_kind: SpecialistKind | null;
  email_verified_at: Date | string | null;
  photo_file: string | null;
  status: 'active' | 'suspended';
  /** Set by an admin once the four verification checks pass (specialists only). */
  verified_at?: Date | string | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [normalizeEmail(email)]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export function photoUrl(file: string): string;
export function photoUrl(file: string | null): string | null;
export function photoUrl(file: string | null): string | null {
  return file ? `/api/v1/media/photos/${file}` : null;
}

/** The role of docs/product.md §6: a client, or the specialist's kind. */
export function roleName(user: Pick<UserRow, 'account_type' | 'specialist_kind'>): string | null {
  return user.account_type === 'client' ? 'client' : user.specialist_kind;
}

/** The user as `GET /auth/me` answers it. */
export function publicUser(user: UserRow): Me {
  const role = roleName(user);
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    country: user.country,
    city: user.city,
    locale: user.locale,
    photo_url: photoUrl(user.photo_file),
    email_verified: user.email_verified_at !== null,
    // The verified badge: specialists receive project requests only once verified.
    verified: user.account_type === 'specialist' && Boolean(user.verified_at),
    account_type: user.account_type,
    specialist_kind: user.specialist_kind,
    role: role ? { name: role } : null,
    permissions: [...(ROLE_PERMISSIONS[role ?? 'unauthorized'] ?? [])],
  };
}
