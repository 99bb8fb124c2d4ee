import * as v from 'valibot';

/**
 * The pieces every route of the API contract shares. Schemas here describe
 * what travels over the wire; the API validates requests and serialises
 * answers with them, the OpenAPI document is generated from them, and the
 * front ends read their types from them: one definition for all three.
 */

/** Every refusal: a translated message, and for a 422 the messages per field. */
export const ErrorBodySchema = v.pipe(
  v.object({
    message: v.string(),
    errors: v.optional(v.record(v.string(), v.array(v.string()))),
  }),
  v.title('Error'),
);
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** The statuses a route may refuse with, each answered by `ErrorBodySchema`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 502 | 503;

export function errorResponses<const TCodes extends readonly ErrorStatus[]>(...codes: TCodes): { [K in TCodes[number]]: typeof ErrorBodySchema } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema])) as { [K in TCodes[number]]: typeof ErrorBodySchema };
}

/** A resource addressed by its id in the path. */
export const IdParamsSchema = v.object({ id: v.string() });
export type IdParams = v.InferOutput<typeof IdParamsSchema>;

/** A call that only confirms: `{ ok: true }`. */
export const OkSchema = v.object({ ok: v.boolean() });
export type Ok = v.InferOutput<typeof OkSchema>;

/** A timestamp as the API writes it (ISO 8601, UTC). */
export const TimestampSchema = v.pipe(v.string(), v.description('ISO 8601 timestamp'));

/** An amount of money in the currency's minor units (cents; whole francs for XAF). */
export const MinorAmountSchema = v.pipe(v.number(), v.integer(), v.description('Amount in minor units of the currency'));

/**
 * A file, a CSV statement or a redirect: answered as bytes, not JSON. Routes
 * that answer one declare it with `produces`; it is documented, never serialised.
 */
export const FileResponseSchema = v.pipe(
  v.custom<FileBody>(() => true),
  v.description('The file itself (binary)'),
  v.metadata({ file: true }),
);

/** What a file answer is made of: its text, its bytes, or a stream of them. */
export type FileBody = string | Uint8Array | { pipe: (...args: never[]) => unknown };

/** The empty answer of a 204. */
export const NoContentSchema = v.pipe(v.null(), v.description('No content'));

/** A list answered whole: `{ data: [...] }`. */
export function listOf<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ data: v.array(item) });
}

/** Query-string numbers arrive as text: this reads an optional positive integer with a default. */
export function queryInteger(fallback: number, max = Number.MAX_SAFE_INTEGER) {
  return v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(max)), String(fallback));
}

/** `GET /health`: the API answers and so does its database. */
export const HealthSchema = v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']) });
export type Health = v.InferOutput<typeof HealthSchema>;

/**
 * `GET /ready`: whether this instance should be sent requests. Answered with
 * 200 when every check passes and 503 otherwise, the checks telling which failed.
 */
export const ReadinessSchema = v.object({
  status: v.picklist(['ready', 'unavailable']),
  checks: v.object({
    /** The database answered within a couple of seconds. */
    database: v.boolean(),
    /** Every migration this version of the API knows is applied. */
    migrations: v.boolean(),
    /** The instance is not shutting down. */
    accepting: v.boolean(),
  }),
});
export type Readiness = v.InferOutput<typeof ReadinessSchema>;
