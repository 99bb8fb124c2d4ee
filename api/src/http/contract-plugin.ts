import fp from 'fastify-plugin';
import fastJson from 'fast-json-stringify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as v from 'valibot';
import { isFileSchema, isValibotSchema, jsonSchemaOf, serializerSchemaOf } from './json-schema';

/** A request part refused by its schema: answered 422 with the messages per field, in the caller's language. */
export class RequestSchemaError extends Error {
  readonly statusCode = 422;
  constructor(readonly issues: readonly v.BaseIssue<unknown>[]) {
    super('request does not match its schema');
    this.name = 'RequestSchemaError';
  }
}

/** An answer the route's own schema refuses: a defect of ours, answered 500 and logged. */
export class ResponseSchemaError extends Error {
  readonly statusCode = 500;
  constructor(route: string, problem: string) {
    super(`response of ${route} does not match its schema: ${problem}`);
    this.name = 'ResponseSchemaError';
  }
}

/** The first place where two JSON values differ, as a dotted path; undefined when they are equal. */
export function firstDifference(expected: unknown, actual: unknown, path = '$'): string | undefined {
  if (Object.is(expected, actual)) return undefined;
  if (typeof expected !== 'object' || typeof actual !== 'object' || expected === null || actual === null) return path;
  if (Array.isArray(expected) !== Array.isArray(actual)) return path;
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const key of keys) {
    const found = firstDifference((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

export interface ContractPluginOptions {
  /** Check every answer against its schema (a mismatch is a 500): on in development and tests. */
  strictResponses: boolean;
  version: string;
}

/**
 * Routes declare their requests and answers with the valibot schemas of
 * `shared/contract`. This plugin makes those schemas do three jobs:
 * validate requests (422 with translated messages, as the forms expect),
 * serialise answers (fast-json-stringify, which also drops any field the
 * schema does not publish), and describe the API (OpenAPI 3.1 at
 * /api/docs/json, a browsable reference at /api/docs).
 */
export const contractPlugin = fp<ContractPluginOptions>(
  async (app, { strictResponses, version }) => {
    app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
      if (!isValibotSchema(schema)) throw new Error(`${method} ${url}: the ${httpPart} schema must be a valibot schema from shared/contract`);
      return (data: unknown) => {
        const result = v.safeParse(schema, data ?? {});
        return result.success ? { value: result.output } : { error: new RequestSchemaError(result.issues) };
      };
    });

    app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
      if (!isValibotSchema(schema)) throw new Error(`${method} ${url}: the ${httpStatus} schema must be a valibot schema from shared/contract`);
      if (isFileSchema(schema)) return (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
      const stringify = fastJson(serializerSchemaOf(schema) as Parameters<typeof fastJson>[0]);
      if (!strictResponses) return stringify;
      const route = `${method} ${url} ${httpStatus}`;
      return (data: unknown) => {
        // What a plain JSON.stringify would have sent: the schema must describe exactly that.
        const plain: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
        const checked = v.safeParse(schema, plain);
        if (!checked.success) {
          const issue = checked.issues[0];
          throw new ResponseSchemaError(route, `${v.getDotPath(issue) ?? '$'}: ${issue.message}`);
        }
        const text = stringify(data);
        const difference = firstDifference(plain, JSON.parse(text));
        if (difference) throw new ResponseSchemaError(route, `${difference} is not written as the schema says (missing from the schema?)`);
        return text;
      };
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fundament API',
          version,
          description:
            'Construction, renovation and home-services marketplace with milestone escrow. Signed-in calls send `Authorization: Bearer <token>`; money-moving calls send an `Idempotency-Key`. Every refusal is `{ message, errors? }`, translated into the `Accept-Language` of the call (English or French).',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: ({ schema, url }) => {
        // The web front ends and the reference itself are not part of the API.
        if (!url.startsWith('/api/v1') || !schema) return { schema: { ...schema, hide: true }, url };
        const { params, querystring, body, headers, response, ...rest } = schema as Record<string, unknown>;
        const convert = (part: unknown) => (isValibotSchema(part) ? jsonSchemaOf(part, 'draft-2020-12') : part);
        const converted: Record<string, unknown> = { ...rest };
        if (params) converted.params = convert(params);
        if (querystring) converted.querystring = convert(querystring);
        if (body) converted.body = convert(body);
        if (headers) converted.headers = convert(headers);
        if (response) {
          converted.response = Object.fromEntries(Object.entries(response as Record<string, unknown>).map(([code, part]) => [code, convert(part)]));
        }
        return { schema: converted, url };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  },
  { name: 'contract' },
);
