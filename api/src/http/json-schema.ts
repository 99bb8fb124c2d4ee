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

const isNullSchema = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && Object.keys(schema).length === 1 && (schema as { type?: unknown }).type === 'null';

/** `anyOf: [X, { type: 'null' }]` (either order), anywhere, as X marked `nullable`. */
function withNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullable);
  if (node === null || typeof node !== 'object') return node;
  const result = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullable(value)])) as Record<string, unknown>;
  const { anyOf, ...rest } = result;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return result;
  const other = isNullSchema(anyOf[0]) ? anyOf[1] : isNullSchema(anyOf[1]) ? anyOf[0] : undefined;
  if (typeof other !== 'object' || other === null || isNullSchema(other) || 'anyOf' in other) return result;
  return { ...rest, ...other, nullable: true };
}

/**
 * The schema fast-json-stringify writes an answer with. valibot's `nullable(X)`
 * is `anyOf: [X, { type: 'null' }]` in JSON Schema, which fast-json-stringify
 * resolves by checking every such value against the branches with ajv while
 * writing (compiling them on the first answer: about a second for the
 * contract views). Its own `nullable` says the same and is written without
 * any check. The published document keeps the standard `anyOf`.
 */
export function serializerSchemaOf(schema: v.GenericSchema): JsonSchema {
  return withNullable(jsonSchemaOf(schema)) as JsonSchema;
}
