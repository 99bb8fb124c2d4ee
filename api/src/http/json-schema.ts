import * as v from 'valibot';
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';

export function isValibotSchema(schema: unknown): schema is v.GenericSchema {
  return typeof schema === 'object' && schema !== null && (schema as { kind?: unknown }).kind === 'schema' && '~run' in schema;
}

/** A schema marked as a file answer (`FileResponseSchema`): bytes, never serialised as JSON. */
export function isFileSchema(schema: v.GenericSchema): boolean {
  const metadata: Record<string, unknown> | undefined = v.getMetadata(schema as Parameters<typeof v.getMetadata>[0]);
  return metadata?.file === true;
}

/**
 * The JSON Schema of a request or response part. Requests are described by
 * what the client sends (before transforms); the few valibot checks JSON
 * Schema cannot express (custom checks, transforms) are left out of the
 * document, not of the validation, which valibot itself still runs.
 */
export function jsonSchemaOf(schema: v.GenericSchema, target: 'draft-07' | 'draft-2020-12' = 'draft-07'): JsonSchema {
  if (isFileSchema(schema))
    return { type: 'string', format: 'binary', description: v.getDescription(schema as Parameters<typeof v.getDescription>[0]) };
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input', target });
  return rest;
}
