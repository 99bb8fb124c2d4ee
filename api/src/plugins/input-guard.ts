import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import { INPUT_MESSAGES } from 'shared/schemas';
import { HttpError } from './error-handler';

/*
 * Two kinds of input no route has a use for, refused once here, before any
 * route reads the request, so a route added later cannot forget to:
 *  - a NUL character: PostgreSQL cannot store one in text, so it would only
 *    surface as a database error (a 500) halfway through a request;
 *  - JSON nested deeper than any of our bodies: code that walks a value
 *    recursively (schemas, the idempotency hash) would run out of stack.
 */

/** Far deeper than any body of ours (a quote's milestones are three levels down). */
export const MAX_DEPTH = 32;

export interface InputProblems {
  /** Fields holding a NUL, as dot paths like the schema errors use (`milestones.0.title`). */
  nul: string[];
  /** Top-level fields nested deeper than {@link MAX_DEPTH}. */
  tooDeep: string[];
}

interface Node {
  value: unknown;
  key: string;
  parent: Node | undefined;
  depth: number;
}

const pathOf = (node: Node): string => {
  const keys: string[] = [];
  for (let at: Node | undefined = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
};

const topLevelKey = (node: Node): string => {
  let at = node;
  while (at.parent?.parent) at = at.parent;
  return at.parent ? at.key : '_';
};

/** Walks a parsed value without recursion (a hostile body may be nested thousands deep). */
export function inputProblems(value: unknown): InputProblems {
  const problems: InputProblems = { nul: [], tooDeep: [] };
  const stack: Node[] = [{ value, key: '', parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) problems.nul.push(pathOf(node));
      continue;
    }
    if (node.value === null || typeof node.value !== 'object' || Buffer.isBuffer(node.value)) continue;
    if (node.depth >= MAX_DEPTH) {
      const field = topLevelKey(node);
      if (!problems.tooDeep.includes(field)) problems.tooDeep.push(field);
      continue;
    }
    for (const [key, item] of Object.entries(node.value)) {
      const child: Node = { value: item, key, parent: node, depth: node.depth + 1 };
      // A NUL in a key names the key itself (shown without the NUL).
      if (key.includes('\u0000')) problems.nul.push(pathOf(child).replaceAll('\u0000', '\uFFFD'));
      else stack.push(child);
    }
  }
  return problems;
}

/** Throws the API's 422 naming every field of `values` (objects of fields) with a NUL or nested too deep. */
export function refuseHostileInput(request: FastifyRequest, ...values: unknown[]): void {
  const errors: Record<string, string[]> = {};
  for (const value of values) {
    const { nul, tooDeep } = inputProblems(value);
    for (const field of nul) errors[field] = [request.t(INPUT_MESSAGES.nulCharacter)];
    for (const field of tooDeep) errors[field] = [request.t(INPUT_MESSAGES.tooDeep)];
  }
  if (Object.keys(errors).length > 0) throw new HttpError(422, request.t(M.invalidFields), errors);
}

/** Checks the path parameters, the query and a parsed body of every request. */
export const inputGuardPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: it runs on every request and has nothing to wait for.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        refuseHostileInput(request, request.params, request.query, request.body);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    });
  },
  { name: 'input-guard', dependencies: ['i18n', 'error-handler'] },
);
