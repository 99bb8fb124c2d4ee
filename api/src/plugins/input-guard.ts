import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import { INPUT_MESSAGES } from 'shared/schemas';
import { HttpError } from './error-handler';

/*
 * PostgreSQL cannot store a NUL character in text, and no field of ours has a
 * use for one: it would only surface as a database error (a 500) halfway
 * through a request. Every request is checked once, here, before any route
 * reads it, so a route added later cannot forget to.
 */

const MAX_DEPTH = 64;

/**
 * The fields holding a NUL, as dot paths like the schema errors use
 * (`milestones.0.title`); a NUL in a key names the key itself.
 */
export function fieldsWithNul(value: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path || '_');
  } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) found.push(at.replace(/\u0000/g, '\uFFFD'));
      else fieldsWithNul(item, at, found, depth + 1);
    }
  }
  return found;
}

/** Throws the API's 422 naming every field of `values` that holds a NUL. */
export function refuseNul(request: FastifyRequest, ...values: unknown[]): void {
  const fields = values.flatMap((value) => fieldsWithNul(value));
  if (fields.length === 0) return;
  const message = request.t(INPUT_MESSAGES.nulCharacter);
  throw new HttpError(422, request.t(M.invalidFields), Object.fromEntries(fields.map((field) => [field, [message]])));
}

/** Refuses a NUL in the path parameters, the query and a parsed body of every request. */
export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      refuseNul(request, request.params, request.query, request.body);
    });
  },
  { name: 'input-guard', dependencies: ['i18n', 'error-handler'] },
);
