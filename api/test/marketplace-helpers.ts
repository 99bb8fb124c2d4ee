import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import { bearer, createVerifiedUser, login } from './accounts-helpers';

export interface Person {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

async function person(app: FastifyInstance, db: Database, overrides: Record<string, unknown>): Promise<Person> {
  const email = await createVerifiedUser(app, overrides);
  const token = await login(app, email);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return { id: rows[0]!.id, email, token, headers: bearer(token) };
}

export const createClient = (app: FastifyInstance, db: Database, first_name = 'Amina') => person(app, db, { account_type: 'client', first_name });

/** A specialist with a profile; verified unless said otherwise (verification itself is the admin's work). */
export async function createSpecialist(
  app: FastifyInstance,
  db: Database,
  options: { kind?: string; verified?: boolean; categories?: string[]; country?: string; cities?: string[]; first_name?: string } = {},
): Promise<Person> {
  const specialist = await person(app, db, {
    account_type: 'specialist',
    specialist_kind: options.kind ?? 'contractor',
    first_name: options.first_name ?? 'Paul',
  });
  if (options.verified ?? true) await db.query('UPDATE users SET verified_at = now() WHERE id = $1', [specialist.id]);
  await db.query(
    `INSERT INTO specialist_profiles (user_id, company_name, categories, service_country, service_cities)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      specialist.id,
      `${options.first_name ?? 'Paul'} Builders`,
      options.categories ?? ['kitchen', 'masonry'],
      options.country ?? 'CM',
      options.cities ?? ['Douala'],
    ],
  );
  return specialist;
}

export interface Part {
  name: string;
  value?: string;
  file?: { name: string; type: string; data: Buffer };
}

/** A multipart/form-data body with fields and files, as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----fundament-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(part.file ? part.file.data : Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const projectFields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({
    title: 'Kitchen renovation in Bonapriso',
    description: 'Full kitchen renovation: new cabinets, worktops, tiling and plumbing for a family house.',
    category: 'kitchen',
    country: 'CM',
    city: 'Douala',
    currency: 'XAF',
    budget_min: '3000000',
    budget_max: '5000000',
    desired_start: '2027-02-01',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

/** A request the client posts through the API, open at once: built-in wardrobes in a trade and city. */
export async function postRequest(app: FastifyInstance, client: Person, where: { category: string; city: string; title?: string }): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: client.headers,
    payload: {
      title: 'Wardrobes for three bedrooms',
      description: 'Built-in wardrobes in oak for three bedrooms, fitted before the end of the year.',
      country: 'CM',
      currency: 'XAF',
      ...where,
    },
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { id: string }).id;
}
