import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import { API_MESSAGES as M } from 'shared/messages';
import { INPUT_MESSAGES } from 'shared/schemas';
import { HttpError } from './error-handler';
import { MAX_DEPTH } from './input-guard';

/**
 * The largest JSON body of any route, with room to spare: a quote of 20
 * milestones with their notes is about 50 KB. Uploads are multipart, with
 * limits of their own.
 */
export const JSON_BODY_LIMIT = 256 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
/** A top-level key is remembered up to this many bytes, to name the field in the refusal. */
const KEY_BYTES = 200;

/**
 * Follows the nesting of JSON text as it arrives, a chunk at a time, without
 * parsing it: `JSON.parse` of a megabyte of `[[[…` holds the event loop for
 * hundreds of milliseconds before any check of the value could run. Only
 * brackets outside strings count.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private rootIsObject = false;
  private keyBytes: number[] = [];
  private lastString: string | undefined;
  /** The top-level field being read when the nesting went too deep (`_` for the body itself). */
  tooDeepField: string | undefined;

  constructor(private readonly maxDepth = MAX_DEPTH) {}

  /** Reads a chunk; false once the text is nested deeper than allowed. */
  push(chunk: Buffer): boolean {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.depth === 1 && this.rootIsObject && this.keyBytes.length < KEY_BYTES) this.keyBytes.push(byte);
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.depth === 1 && this.rootIsObject) this.lastString = this.decodeKey();
        }
        continue;
      }
      if (byte === QUOTE) {
        this.inString = true;
        this.keyBytes = [];
      } else if (byte === 0x5b || byte === 0x7b) {
        if (this.depth === 0) this.rootIsObject = byte === 0x7b;
        this.depth += 1;
        if (this.depth > this.maxDepth) {
          this.tooDeepField = this.rootIsObject && this.currentKey !== undefined ? this.currentKey : '_';
          return false;
        }
      } else if (byte === 0x5d || byte === 0x7d) {
        this.depth -= 1;
      } else if (byte === COLON && this.depth === 1 && this.rootIsObject) {
        this.currentKey = this.lastString;
      }
    }
    return true;
  }

  private currentKey: string | undefined;

  private decodeKey(): string {
    // The closing quote was collected too.
    const raw = Buffer.from(this.keyBytes.slice(0, -1)).toString('utf8');
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return raw;
    }
  }
}

/**
 * Replaces the JSON body parser: reads the body itself, refusing it (422)
 * as soon as its nesting passes MAX_DEPTH and (413) past `limit` bytes,
 * before `JSON.parse` ever sees it. The browser client sends
 * `Content-Type: application/json` on every call, also on calls without a
 * body (sign-out, mark as read): an empty body is read as no body.
 */
export function registerJsonBodyParser(app: FastifyInstance, limit = JSON_BODY_LIMIT): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { bodyLimit: limit }, (request: FastifyRequest, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    const scanner = new JsonDepthScanner();
    const chunks: Buffer[] = [];
    let received = 0;
    let finished = false;
    const finish = (error: Error | null, body?: unknown) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      // The rest of a refused body is drained, not read: the answer goes out at once.
      if (error) payload.resume();
      done(error, body);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (!scanner.push(chunk)) {
        const field = scanner.tooDeepField ?? '_';
        return finish(new HttpError(422, request.t(M.invalidFields), { [field]: [request.t(INPUT_MESSAGES.tooDeep)] }));
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (Number.isFinite(declared) && declared !== received) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return finish(null, undefined);
      // Fastify's own parser for the text: it refuses `__proto__` and `constructor.prototype` keys.
      parseJson(request, text, (error, body) => finish(error, body));
    };
    const onError = (error: Error) => finish(error);
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}
