import type { FastifyTypeProvider } from 'fastify';
import type * as v from 'valibot';

/**
 * What a handler may return for a response schema: the schema's input, except
 * that a timestamp may still be the `Date` the database gave (it is written
 * as ISO 8601 on the way out).
 */
export type Wire<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends Uint8Array | { pipe: (...args: never[]) => unknown }
    ? T
    : T extends readonly (infer TItem)[]
      ? readonly Wire<TItem>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

/**
 * Route schemas are the valibot schemas of `shared/contract`: handlers get
 * the parsed request types and are checked against the response schemas.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? Wire<v.InferInput<this['schema']>> : unknown;
}
