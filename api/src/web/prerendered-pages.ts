import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from 'shared/i18n/locale';
import type { RemotesSource } from './remotes-json';

/** What `pnpm prerender` writes beside the pages: which page answers which path, and what it was made from. */
export interface PrerenderIndex {
  pages: Record<
    string,
    {
      /** The remote that renders the page, and the manifest URL remotes.json gave it when the page was prerendered. */
      remote: string;
      manifest: string;
      /** Locale → file, relative to the index. */
      files: Partial<Record<Locale, string>>;
    }
  >;
  /** Paths answered with another path's page (`/register` is the sign-up page). */
  aliases?: Record<string, string>;
}

export const PRERENDER_INDEX = 'pages.json';

/**
 * The visitor's language as the shell picks it: the `locale` cookie the shell
 * writes with its stored choice, else English (the spec's default; the
 * browser's language is not consulted, so server and shell never disagree).
 */
export function chooseLocale(cookie: string | undefined): Locale {
  return cookie && (LOCALES as readonly string[]).includes(cookie) ? (cookie as Locale) : DEFAULT_LOCALE;
}

/** The page pattern (`/professionals/:id`) a path falls under; a `:param` stands for one non-empty segment. */
function patternFor(patterns: string[], pathname: string): string | undefined {
  const actual = pathname.split('/');
  return patterns.find((pattern) => {
    if (!pattern.includes(':')) return false;
    const expected = pattern.split('/');
    return expected.length === actual.length && expected.every((part, i) => (part.startsWith(':') ? actual[i] !== '' : part === actual[i]));
  });
}

export interface PrerenderedPages {
  /** The prerendered HTML of a path in a locale; undefined for a path without one or a page made from another remote release. */
  find(pathname: string, locale: Locale): string | undefined;
}

/**
 * The prerendered public pages, re-read when `pnpm prerender` rewrites them
 * (one stat() of the index per request), so a redeploy needs no restart. A
 * page made with a remote that remotes.json no longer points at is not
 * served: until the next prerender the visitor gets the plain shell page,
 * never HTML the running remote would not hydrate.
 */
export function createPrerenderedPages(dir: string, remotes: RemotesSource, warn: (message: string) => void = () => undefined): PrerenderedPages {
  const indexFile = path.join(dir, PRERENDER_INDEX);
  let stamp = 'none';
  let index: PrerenderIndex = { pages: {} };
  const html = new Map<string, string>();

  const refresh = () => {
    const stat = statSync(indexFile, { throwIfNoEntry: false });
    const next = stat ? `${stat.mtimeMs}:${stat.size}` : 'none';
    if (next === stamp) return;
    try {
      index = next === 'none' ? { pages: {} } : (JSON.parse(readFileSync(indexFile, 'utf8')) as PrerenderIndex);
      html.clear();
      stamp = next;
    } catch (error) {
      warn(`${indexFile} could not be read (${(error as Error).message}); keeping the previous prerendered pages`);
    }
  };

  return {
    find(pathname, locale) {
      refresh();
      const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const key = index.aliases?.[normalised] ?? normalised;
      const page = Object.hasOwn(index.pages, key) ? index.pages[key] : index.pages[patternFor(Object.keys(index.pages), key) ?? ''];
      const file = page?.files[locale];
      if (!page || !file) return undefined;
      if ((remotes.current() as Record<string, string | undefined>)[page.remote] !== page.manifest) return undefined;
      const full = path.join(dir, file);
      let text = html.get(full);
      if (text === undefined) {
        try {
          text = readFileSync(full, 'utf8');
        } catch {
          return undefined;
        }
        html.set(full, text);
      }
      return text;
    },
  };
}
