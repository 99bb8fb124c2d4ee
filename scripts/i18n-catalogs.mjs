// What the compiled catalogs cannot show: a message left untranslated, and one
// message translated two ways. Every remote adds its catalog to the one i18n
// instance the page shares, keyed by the message and its context; where two
// catalogs disagree, the words on screen depend on which remote loaded last,
// and a prerendered page no longer matches the page that adopts it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import PO from 'pofile';

/** Every .po catalog of the workspace's packages, by locale. */
export function workspaceCatalogs(root) {
  const files = [];
  for (const pkg of readdirSync(root)) {
    const folder = join(root, pkg, 'src', 'locales');
    if (!existsSync(join(root, pkg, 'lingui.config.ts')) || !existsSync(folder)) continue;
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.po'))) files.push(join(folder, name));
  }
  return files;
}

/** The problems of a set of catalogs, as sentences naming the file and the message. */
export function catalogProblems(files, { root = '', sourceLocale = 'en' } = {}) {
  const problems = [];
  // locale → "context\u0004message" → translation → the files that give it
  const seen = new Map();
  for (const file of files) {
    const po = PO.parse(readFileSync(file, 'utf8'));
    const locale = po.headers.Language;
    const name = relative(root, file) || file;
    for (const item of po.items) {
      if (item.obsolete) continue;
      const label = item.msgctxt ? `"${item.msgid}" (${item.msgctxt})` : `"${item.msgid}"`;
      const translation = item.msgstr.join('');
      if (locale !== sourceLocale && translation === '') {
        problems.push(`${name}: ${label} is not translated`);
        continue;
      }
      const key = `${item.msgctxt ?? ''}\u0004${item.msgid}`;
      if (!seen.has(locale)) seen.set(locale, new Map());
      const byMessage = seen.get(locale);
      if (!byMessage.has(key)) byMessage.set(key, { label, translations: new Map() });
      const entry = byMessage.get(key);
      entry.translations.set(translation, [...(entry.translations.get(translation) ?? []), name]);
    }
  }
  for (const [locale, byMessage] of seen) {
    for (const { label, translations } of byMessage.values()) {
      if (translations.size < 2) continue;
      const ways = [...translations].map(([translation, names]) => `"${translation}" in ${names.join(', ')}`).join('; ');
      problems.push(`${label} is translated into ${locale} in different ways: ${ways} (one translation, or a context in the source)`);
    }
  }
  return problems;
}
