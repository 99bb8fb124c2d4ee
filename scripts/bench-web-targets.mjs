// The pure parts of `pnpm bench:web`: which pages are measured in which
// languages, the targets each row is held to, a row's verdict and the table.

/** The public pages (prerendered, one HTML per language) and the signed-in page, each measured in every locale. */
export const PUBLIC_PAGES = ['/', '/contractors', '/terms', '/privacy', '/catalog', '/login', '/register'];
export const SIGNED_IN_PAGES = ['/main/projects'];
export const LOCALES = ['en', 'fr'];

/**
 * Targets: a public page must be fast on its own figures, for a first visit
 * (nothing of the site in the browser's cache). A signed-in page is held to
 * its score as a returning client meets it: a client has a session because
 * they used the site before, so its files are in their browser's cache (the
 * `kept` row). The same page with an empty cache is measured beside it, for
 * comparison, with no target.
 */
export const PUBLIC_TARGETS = { score: 95, lcp: 2000, tbt: 150, cls: 0.05 };
export const SIGNED_IN_TARGETS = { score: 95 };

/**
 * A comma-separated choice (BENCH_PAGES, BENCH_LOCALES) checked against what
 * can be measured; empty or unset means all. A name that is not known is an
 * error rather than a row silently left out.
 */
export function parseChoice(value, known, name) {
  if (value === undefined || value.trim() === '') return [...known];
  const asked = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = asked.filter((item) => !known.includes(item));
  if (unknown.length) throw new Error(`${name}: ${unknown.join(', ')} not among ${known.join(', ')}`);
  return known.filter((item) => asked.includes(item));
}

/**
 * The rows of a run: every page asked for, in every locale asked for, in page
 * order then locale order; a signed-in page twice per locale, with the
 * browser's cache kept from an earlier visit, then empty.
 */
export function benchRows({ pages = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES], locales = LOCALES } = {}) {
  return pages.flatMap((path) =>
    locales.flatMap((locale) => {
      if (!SIGNED_IN_PAGES.includes(path)) return [{ path, locale, signedIn: false, cache: 'empty', targets: PUBLIC_TARGETS }];
      return [
        { path, locale, signedIn: true, cache: 'kept', targets: SIGNED_IN_TARGETS },
        { path, locale, signedIn: true, cache: 'empty', targets: {} },
      ];
    }),
  );
}

/**
 * Lighthouse's failures of its own trace, not of the page: the trace lost the
 * navigation's start (NO_NAVSTART) now and then, on any page, in any hour.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART']);

/**
 * A row's runs, `take` called once a run: a run that failed on Lighthouse's
 * own trace is taken again, at most `retakes` times a row, and `retaken` names
 * those failures for the report; a failure of the page (no paint, an error) is
 * kept and fails the row, as does a trace failure past the retakes.
 */
export async function takeRuns(take, { runs, retakes }) {
  const taken = [];
  const retaken = [];
  while (taken.length < runs) {
    const result = await take();
    if (result.error && TRACE_FAILURES.has(result.error) && retaken.length < retakes) retaken.push(result.error);
    else taken.push(result);
  }
  return { runs: taken, retaken };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One row's figures from its runs: the median of each figure, and what every
 * run saw (the page's language, the language of the HTML the server sent, the
 * path the page ended on), so one run in the wrong language fails the row.
 */
export function summarize(runs) {
  const ok = runs.filter((run) => !run.error);
  const figure = (key) => (ok.length ? median(ok.map((run) => run[key])) : undefined);
  return {
    score: figure('score'),
    lcp: figure('lcp'),
    tbt: figure('tbt'),
    cls: figure('cls'),
    seen: ok.map(({ lang, served, path }) => ({ lang, served, path })),
    errors: runs.filter((run) => run.error).map((run) => run.error),
  };
}

/** The values that are not the wanted one, each once, a missing one named by `missing`. */
const differing = (values, wanted, missing) => [...new Set(values.filter((value) => value !== wanted).map((value) => value || missing))];

/**
 * What a row misses, empty when it passes: its targets, the language it was
 * asked in (both the page the visitor reads and, for a prerendered public
 * page, the HTML the server sent), and for a signed-in page that it stayed
 * signed in rather than ending on the sign-in page. A run that failed fails
 * the row.
 */
export function verdict(row, summary) {
  const misses = [...new Set(summary.errors)].map((error) => `audit failed: ${error}`);
  if (summary.score === undefined) return misses;
  const { targets } = row;
  if (targets.score !== undefined && summary.score < targets.score) misses.push(`score < ${targets.score}`);
  if (targets.lcp !== undefined && summary.lcp > targets.lcp) misses.push(`LCP > ${targets.lcp} ms`);
  if (targets.tbt !== undefined && summary.tbt > targets.tbt) misses.push(`TBT > ${targets.tbt} ms`);
  if (targets.cls !== undefined && summary.cls > targets.cls) misses.push(`CLS > ${targets.cls}`);
  const lang = differing(
    summary.seen.map((run) => run.lang),
    row.locale,
    'no language',
  );
  if (lang.length) misses.push(`page in ${lang.join('/')}, not ${row.locale}`);
  if (row.signedIn) {
    const paths = differing(
      summary.seen.map((run) => run.path),
      row.path,
      'no page',
    );
    if (paths.length) misses.push(`ended on ${paths.join(', ')}, not signed in`);
  } else {
    const served = differing(
      summary.seen.map((run) => run.served),
      row.locale,
      'unprerendered',
    );
    if (served.length) misses.push(`server sent ${served.join('/')} HTML, not ${row.locale}`);
  }
  return misses;
}

function cell(value, digits) {
  return value === undefined ? '—' : value.toFixed(digits);
}

/** The rows as a Markdown table (figures as Lighthouse gives them, then the verdict), ready for the README. */
export function renderTable(results) {
  const header = ['Page', 'Lang', 'Score', 'LCP ms', 'TBT ms', 'CLS', 'Verdict'];
  const lines = results.map(({ row, summary, misses }) => [
    `\`${row.path}\`${row.signedIn ? ` (signed in${row.cache === 'empty' ? ', empty cache' : ''})` : ''}`,
    row.locale,
    cell(summary.score, 0),
    cell(summary.lcp, 0),
    cell(summary.tbt, 0),
    cell(summary.cls, 3),
    misses.length ? `MISS: ${misses.join(', ')}` : Object.keys(row.targets).length ? 'pass' : 'no target',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const numeric = new Set([2, 3, 4, 5]);
  const format = (line) => `| ${line.map((text, i) => (numeric.has(i) ? text.padStart(widths[i]) : text.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (numeric.has(i) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}
