import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, computed once. Its middleware
 * is run against a stand-in response; dynamic directives are resolved here,
 * so the options should hold plain values.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * helmet's headers that govern a document (what it may load, frame, open or
 * leak) and do nothing on a script or a style sheet, which a cold load of a
 * page asks for a dozen of: about 600 bytes each, sent uncompressed. A script
 * keeps what acts on it: nosniff, HTTPS only, who may embed it.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export interface SecurityHeadersOptions {
  /** The other origins the pages load from; the same list (by identity) until it changes. */
  origins: () => readonly string[];
  /** helmet's options for those origins. */
  policy: (origins: readonly string[]) => HelmetOptions;
}

/**
 * helmet's headers on every answer. @fastify/helmet builds a helmet
 * middleware anew for each request (parsing the whole policy each time),
 * which cost more processor time than the rest of a small answer: here the
 * headers are built once and again only when the origins change (a redeploy
 * of a remote), and each answer just copies them.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { origins, policy }) => {
    let builtFor = origins();
    let headers = helmetHeaders(policy(builtFor));
    const current = () => {
      const now = origins();
      if (now !== builtFor) {
        headers = helmetHeaders(policy(now));
        builtFor = now;
      }
      return headers;
    };
    app.addHook('onRequest', (_request, reply, done) => {
      // On the raw response, as helmet's middleware does: a route or the static files may still
      // set one of them otherwise (remote files allow other origins to load them).
      for (const [name, value] of Object.entries(current())) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
