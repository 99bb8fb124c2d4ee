import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { REMOTE_PACKAGES } from 'shared/federation';
import { findRoute } from 'shared/routing/route-table';
import type { AppConfig } from '../config';
import { DOCUMENT_ONLY_HEADERS } from '../plugins/security-headers';
import { remotePublicPath, type RemotesSource } from './remotes-json';
import { chooseLocale, createPrerenderedPages } from './prerendered-pages';
import { createStartHints, watchedFile } from './start-hints';

/** Files named by content hash never change: cache them for a year. Entry points must be revalidated. */
const HASHED = /\.[0-9a-f]{8}(\.chunk)?\.(js|css)$|\/assets\/.+\.[0-9a-f]{8}\.\w+$/;

interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
  removeHeader(name: string): unknown;
}

/** @fastify/static hands `setHeaders` the raw response (`reply.raw`); its types name only part of it. */
const rawResponse = (res: SetHeadersResponse) => res as unknown as HeaderTarget;

/** Scripts and style sheets, or a build's compressed copy of one. */
const SUBRESOURCE = /\.(m?js|css)(\.(br|gz))?$/;

/** A build's compressed copy (`x.js.br`, `x.js.gz`) is cached like the file it stands for. */
const COMPRESSED_COPY = /\.(br|gz)$/;

function cacheHeaders(res: HeaderTarget, filePath: string): void {
  res.setHeader('Cache-Control', HASHED.test(filePath.replace(COMPRESSED_COPY, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The same address answers brotli, gzip or plain bytes depending on the request: caches must keep them apart.
  // In lower case: the compression plugin, compressing a file that has no copy, looks for exactly that before adding its own.
  res.setHeader('Vary', 'accept-encoding');
  if (SUBRESOURCE.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

export interface ServeWebOptions {
  config: AppConfig;
  /** The remotes.json the server publishes (generated, with the override file applied). */
  remotes: RemotesSource;
}

/**
 * Production: the built shell at `/` with history fallback, each built remote
 * under `/remotes/<name>/`, and a generated `/remotes.json`.
 */
export const serveWeb: FastifyPluginAsync<ServeWebOptions> = async (app, { config, remotes }) => {
  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  if (!existsSync(path.join(shellDist, 'index.html'))) {
    throw new Error(`No built front end in ${shellDist}: run "pnpm build" first`);
  }

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return remotes.current();
  });

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    // `/` itself is the shell page, answered by the not-found handler below like every client route.
    index: false,
    wildcard: true,
    // Production builds write brotli (quality 11) and gzip copies of their scripts and styles:
    // smaller than what compressing per request could afford, and no processor time per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => cacheHeaders(rawResponse(res), filePath),
  });
  for (const pkg of Object.values(REMOTE_PACKAGES)) {
    const dist = path.join(config.webRoot, pkg, 'dist');
    if (!existsSync(dist)) {
      app.log.warn({ remote: pkg }, 'remote not built; its pages will show the fallback');
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: remotePublicPath(pkg),
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        cacheHeaders(rawResponse(res), filePath);
        // A remote (or the chat embed script) may be loaded by a page on another origin.
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  const prerendered = createPrerenderedPages(config.prerenderDir ?? path.join(shellDist, 'prerendered'), remotes, (message) => app.log.warn(message));
  const shellPage = watchedFile(path.join(shellDist, 'index.html'), (text) => text);
  const startHints = createStartHints(config.webRoot, remotes);

  /**
   * A public page arrives as its prerendered HTML in the visitor's language,
   * which the shell hydrates; every other page (and a public one with no
   * current prerender) gets the empty shell page, rendered in the browser.
   * Either carries remotes.json and the hints for the path's remote
   * (start-hints); a prerendered page has its remote's files hinted already.
   */
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    const pathname = request.url.split('?')[0] ?? '/';
    const locale = chooseLocale(request.cookies?.locale);
    const page = prerendered.find(pathname, locale);
    const html = page ?? shellPage();
    if (html === undefined) return reply.type('text/html').sendFile('index.html', shellDist);
    // The same URL has one page per language: caches must key it on what the choice is made from.
    if (page !== undefined) reply.header('Vary', 'Cookie').header('Content-Language', locale);
    const head = startHints.forPath(pathname, { remoteFiles: page === undefined });
    let sent = html.replace('</head>', () => `${head}</head>`);
    // The start-up page (shell/src/index.html) draws the header's bar until the shell has started; the signed-in
    // areas' header is two rows high on a laptop, and the bar is drawn so for their paths.
    // (The build's minifier may leave the attribute unquoted.)
    if (page === undefined && findRoute(pathname)?.auth) sent = sent.replace(/<div class="?boot"?(?=[\s>])/, '<div class="boot boot--signed-in"');
    return reply.type('text/html; charset=utf-8').send(sent);
  };
  app.get('/', (request, reply) => sendShell(request, reply));

  // History mode: any other page GET gets the shell, which routes on the client.
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/remotes/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.status(404).send({ message: 'Not found' });
    return sendShell(request, reply);
  });
};
