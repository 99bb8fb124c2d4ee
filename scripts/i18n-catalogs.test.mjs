import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogProblems, workspaceCatalogs } from './i18n-catalogs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A catalog file with the given entries ([context, message, translation]). */
function catalog(folder, name, language, entries) {
  const body = entries
    .map(([context, message, translation]) => `${context ? `msgctxt "${context}"\n` : ''}msgid "${message}"\nmsgstr "${translation}"`)
    .join('\n\n');
  const file = join(folder, name);
  writeFileSync(file, `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\n${body}\n`);
  return file;
}

test('names a message two catalogs translate differently, and one left untranslated', () => {
  const folder = mkdtempSync(join(tmpdir(), 'catalogs-'));
  const shell = catalog(folder, 'shell-fr.po', 'fr', [
    ['', 'Sign up', "S'inscrire"],
    ['', 'Retry', ''],
  ]);
  const landing = catalog(folder, 'landing-fr.po', 'fr', [
    ['', 'Sign up', 'Inscrivez-vous'],
    // The same words with a context of their own are another message.
    ['date range', 'From', 'Du'],
    ['', 'From', 'De'],
  ]);
  const source = catalog(folder, 'landing-en.po', 'en', [['', 'Retry', '']]);
  const problems = catalogProblems([shell, landing, source], { root: folder });
  assert.deepEqual(problems, [
    'shell-fr.po: "Retry" is not translated',
    `"Sign up" is translated into fr in different ways: "S'inscrire" in shell-fr.po; "Inscrivez-vous" in landing-fr.po (one translation, or a context in the source)`,
  ]);
});

test('the workspace catalogs give each message one translation, and French has them all', () => {
  const files = workspaceCatalogs(root);
  assert.ok(files.length >= 14, `only ${files.length} catalogs found`);
  assert.deepEqual(catalogProblems(files, { root }), []);
});
