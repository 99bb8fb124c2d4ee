import { test } from 'node:test';
import assert from 'node:assert/strict';
import { benchRows, parseChoice, renderTable, summarize, takeRuns, verdict, LOCALES, PUBLIC_PAGES, SIGNED_IN_PAGES } from './bench-web-targets.mjs';

const publicRow = (locale = 'en', path = '/contractors') => benchRows({ pages: [path], locales: [locale] })[0];
const signedInRow = (locale = 'en') => benchRows({ pages: ['/main/projects'], locales: [locale] }).find((row) => row.cache === 'kept');
const signedInColdRow = (locale = 'en') => benchRows({ pages: ['/main/projects'], locales: [locale] }).find((row) => row.cache === 'empty');
const run = (overrides = {}) => ({ score: 97, lcp: 1500, tbt: 80, cls: 0.01, lang: 'en', served: 'en', path: '/contractors', ...overrides });

test('a full run measures every public page in English and in French, and the signed-in page both ways in each', () => {
  const rows = benchRows();
  assert.equal(rows.length, 18);
  for (const path of ['/', '/contractors', '/terms', '/privacy', '/catalog', '/login', '/register']) {
    assert.deepEqual(
      rows.filter((row) => row.path === path).map((row) => `${row.locale} ${row.cache}`),
      ['en empty', 'fr empty'],
      path,
    );
  }
  assert.deepEqual(
    rows.filter((row) => row.signedIn).map((row) => `${row.path} ${row.locale} ${row.cache}`),
    ['/main/projects en kept', '/main/projects en empty', '/main/projects fr kept', '/main/projects fr empty'],
  );
});

test('public pages are held to score, LCP, TBT and CLS; the signed-in page, as a returning client has it, to its score', () => {
  assert.deepEqual(publicRow().targets, { score: 95, lcp: 2000, tbt: 150, cls: 0.05 });
  assert.deepEqual(signedInRow().targets, { score: 95 });
  assert.deepEqual(signedInColdRow().targets, {});
});

test('the signed-in page with an empty cache is shown for comparison: any figures, but still signed in and in its language', () => {
  const row = signedInColdRow('fr');
  const figures = { lang: 'fr', served: undefined, path: '/main/projects', score: 40, lcp: 6000, tbt: 2000, cls: 0.3 };
  assert.deepEqual(verdict(row, summarize([run(figures)])), []);
  assert.deepEqual(verdict(row, summarize([run({ ...figures, path: '/login' })])), ['ended on /login, not signed in']);
  assert.deepEqual(verdict(row, summarize([run({ ...figures, lang: 'en' })])), ['page in en, not fr']);
});

test('BENCH_PAGES and BENCH_LOCALES pick a subset, all when unset, and refuse a name that is not measured', () => {
  assert.deepEqual(parseChoice(undefined, LOCALES, 'BENCH_LOCALES'), ['en', 'fr']);
  assert.deepEqual(parseChoice('', LOCALES, 'BENCH_LOCALES'), ['en', 'fr']);
  assert.deepEqual(parseChoice(' fr ', LOCALES, 'BENCH_LOCALES'), ['fr']);
  const known = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES];
  assert.deepEqual(parseChoice('/main/projects,/', known, 'BENCH_PAGES'), ['/', '/main/projects']);
  assert.throws(() => parseChoice('/nowhere', known, 'BENCH_PAGES'), /BENCH_PAGES: \/nowhere/);
  assert.throws(() => parseChoice('de', LOCALES, 'BENCH_LOCALES'), /BENCH_LOCALES: de/);
});

test('a row takes the median of its runs', () => {
  const summary = summarize([run({ score: 90, lcp: 2100 }), run({ score: 99, lcp: 1200 }), run({ score: 96, lcp: 1800 })]);
  assert.equal(summary.score, 96);
  assert.equal(summary.lcp, 1800);
});

test('a public page within every target passes', () => {
  assert.deepEqual(verdict(publicRow(), summarize([run(), run()])), []);
});

test('a public page at exactly its targets passes', () => {
  assert.deepEqual(verdict(publicRow(), summarize([run({ score: 95, lcp: 2000, tbt: 150, cls: 0.05 })])), []);
});

test('each missed target is named', () => {
  const row = publicRow();
  assert.deepEqual(verdict(row, summarize([run({ score: 94 })])), ['score < 95']);
  assert.deepEqual(verdict(row, summarize([run({ lcp: 2001 })])), ['LCP > 2000 ms']);
  assert.deepEqual(verdict(row, summarize([run({ tbt: 151 })])), ['TBT > 150 ms']);
  assert.deepEqual(verdict(row, summarize([run({ cls: 0.051 })])), ['CLS > 0.05']);
  assert.deepEqual(verdict(row, summarize([run({ score: 80, lcp: 3000, tbt: 400, cls: 0.2 })])), [
    'score < 95',
    'LCP > 2000 ms',
    'TBT > 150 ms',
    'CLS > 0.05',
  ]);
});

test('a page measured in French that showed English fails, even for one run in three', () => {
  const row = publicRow('fr');
  const french = run({ lang: 'fr', served: 'fr' });
  assert.deepEqual(verdict(row, summarize([french, french, french])), []);
  assert.deepEqual(verdict(row, summarize([french, run({ served: 'fr' }), french])), ['page in en, not fr']);
});

test('a public page whose server HTML was not in the asked language, or not prerendered, fails', () => {
  const row = publicRow('fr');
  assert.deepEqual(verdict(row, summarize([run({ lang: 'fr', served: 'en' })])), ['server sent en HTML, not fr']);
  assert.deepEqual(verdict(row, summarize([run({ lang: 'fr', served: undefined })])), ['server sent unprerendered HTML, not fr']);
});

test('a signed-in page is held to its score only, whatever its LCP, TBT and CLS', () => {
  const row = signedInRow('fr');
  const figures = { lang: 'fr', served: undefined, path: '/main/projects', lcp: 3000, tbt: 400, cls: 0.2 };
  assert.deepEqual(verdict(row, summarize([run({ ...figures, score: 95 })])), []);
  assert.deepEqual(verdict(row, summarize([run({ ...figures, score: 94 })])), ['score < 95']);
});

test('a signed-in page that ended on the sign-in page fails, however fast', () => {
  const row = signedInRow();
  assert.deepEqual(verdict(row, summarize([run({ path: '/login', score: 100 })])), ['ended on /login, not signed in']);
});

test('a failed audit fails the row, with or without figures from the other runs', () => {
  const row = publicRow();
  assert.deepEqual(verdict(row, summarize([run({ error: 'NO_FCP' })])), ['audit failed: NO_FCP']);
  assert.deepEqual(verdict(row, summarize([run(), run({ error: 'NO_FCP' })])), ['audit failed: NO_FCP']);
});

test('the table has a column per figure and a verdict per row', () => {
  const rows = benchRows({ pages: ['/', '/main/projects'], locales: ['fr'] });
  const results = [
    { row: rows[0], summary: summarize([run({ lang: 'fr', served: 'fr', lcp: 1534.4, tbt: 42.6, cls: 0.0123 })]) },
    { row: rows[1], summary: summarize([run({ lang: 'fr', path: '/login', score: 88 })]) },
    { row: rows[2], summary: summarize([run({ lang: 'fr', path: '/main/projects', score: 61 })]) },
  ].map((result) => ({ ...result, misses: verdict(result.row, result.summary) }));
  const lines = renderTable(results).split('\n');
  assert.equal(lines.length, 5);
  assert.deepEqual(
    lines[0].split('|').map((text) => text.trim()),
    ['', 'Page', 'Lang', 'Score', 'LCP ms', 'TBT ms', 'CLS', 'Verdict', ''],
  );
  assert.deepEqual(
    lines[2].split('|').map((text) => text.trim()),
    ['', '`/`', 'fr', '97', '1534', '43', '0.012', 'pass', ''],
  );
  assert.deepEqual(
    lines[3].split('|').map((text) => text.trim()),
    ['', '`/main/projects` (signed in)', 'fr', '88', '1500', '80', '0.010', 'MISS: score < 95, ended on /login, not signed in', ''],
  );
  assert.deepEqual(
    lines[4].split('|').map((text) => text.trim()),
    ['', '`/main/projects` (signed in, empty cache)', 'fr', '61', '1500', '80', '0.010', 'no target', ''],
  );
});

test('a row whose every run failed shows no figures', () => {
  const row = publicRow();
  const summary = summarize([run({ error: 'NO_FCP' })]);
  const line = renderTable([{ row, summary, misses: verdict(row, summary) }]).split('\n')[2];
  assert.deepEqual(
    line.split('|').map((text) => text.trim()),
    ['', '`/contractors`', 'en', '—', '—', '—', '—', 'MISS: audit failed: NO_FCP', ''],
  );
});

/** A stand-in for Lighthouse: answers the given results one call after the other. */
const answering = (...results) => {
  let call = 0;
  return async () => results[call++];
};

test('a run Lighthouse could not trace (NO_NAVSTART) is taken again, and the row says so', async () => {
  const taken = await takeRuns(answering(run(), { error: 'NO_NAVSTART' }, run({ tbt: 90 }), run({ tbt: 70 })), { runs: 3, retakes: 2 });
  assert.deepEqual(
    taken.runs.map((result) => result.tbt),
    [80, 90, 70],
  );
  assert.deepEqual(taken.retaken, ['NO_NAVSTART']);
  assert.deepEqual(verdict(publicRow(), summarize(taken.runs)), []);
});

test("a failure of the page itself is never taken again, and past the retakes Lighthouse's own failure fails the row", async () => {
  const pageFailed = await takeRuns(answering(run(), { error: 'NO_FCP' }, run()), { runs: 3, retakes: 2 });
  assert.deepEqual(pageFailed.retaken, []);
  assert.deepEqual(verdict(publicRow(), summarize(pageFailed.runs)), ['audit failed: NO_FCP']);
  const untraceable = await takeRuns(answering(run(), { error: 'NO_NAVSTART' }, { error: 'NO_NAVSTART' }, { error: 'NO_NAVSTART' }, run()), {
    runs: 3,
    retakes: 2,
  });
  assert.equal(untraceable.runs.length, 3);
  assert.deepEqual(untraceable.retaken, ['NO_NAVSTART', 'NO_NAVSTART']);
  assert.deepEqual(verdict(publicRow(), summarize(untraceable.runs)), ['audit failed: NO_NAVSTART']);
});
