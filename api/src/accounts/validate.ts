import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { fieldErrors } from 'shared/schemas';
import { API_MESSAGES as M } from 'shared/messages';
import { HttpError } from '../plugins/error-handler';

/**
 * Validates with a shared schema; on failure answers 422 with the schema's
 * messages translated into the caller's language, field by field.
 */
export function parseWith<const TSchema extends v.GenericSchema>(schema: TSchema, input: unknown, request: FastifyRequest): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  throw new HttpError(
    422,
    request.t(M.invalidFields),
    fieldErrors(result.issues, (descriptor) => request.t(descriptor)),
  );
}
