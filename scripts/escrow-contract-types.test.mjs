// The escrow answers are described once, in shared/src/contract/escrow.ts. These checks fail when a
// front end writes its own copy of one again (the copies drifted before: money as integer() in one
// and number() in the other, a report nullable in one only) instead of importing it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contractFile = join(root, 'shared/src/contract/escrow.ts');

/** Every type and schema the escrow contract exports, with the names the old copies used. */
function contractNames() {
  const source = readFileSync(contractFile, 'utf8');
  const names = new Set(['Contract', 'Milestone', 'Dispute', 'Statement', 'StatementEntry', 'Account', 'FileView', 'EntryKind', 'PartyRole']);
  for (const [, name] of source.matchAll(/^export (?:type|const|interface) (\w+)/gm)) {
    names.add(name);
    if (name.endsWith('Schema')) names.add(name.slice(0, -'Schema'.length));
  }
  return names;
}

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'locales') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

function frontEndFiles() {
  const packages = readdirSync(root).filter((name) => name.startsWith('mfe-') || name === 'shell');
  return packages.flatMap((name) => {
    try {
      return sourceFiles(join(root, name, 'src'));
    } catch {
      return [];
    }
  });
}

/** Declarations of a contract name: a type, an interface, or a value (a schema or a list) under that name. */
export function declaredContractNames(text, names) {
  // Imports and re-exports name a contract type without declaring one.
  const source = text.replace(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"][^'"]+['"]/gm, '');
  const declared = [];
  for (const [, name] of source.matchAll(/\b(?:type|interface|enum|class)\s+([A-Z]\w*)/g)) if (names.has(name)) declared.push(name);
  for (const [, name] of source.matchAll(/\b(?:const|let|var)\s+([A-Z]\w*)\s*[:=]/g)) {
    if (names.has(name) || (name.endsWith('Schema') && names.has(name.slice(0, -'Schema'.length)))) declared.push(name);
  }
  return declared;
}

test('the check finds a copied answer type, schema or status list, and lets a component or an import through', () => {
  const names = contractNames();
  assert.deepEqual(declaredContractNames('export interface Milestone { id: string }', names), ['Milestone']);
  assert.deepEqual(declaredContractNames('export type ContractView = { id: string };', names), ['ContractView']);
  assert.deepEqual(declaredContractNames('const ContractSchema = v.object({});', names), ['ContractSchema']);
  assert.deepEqual(declaredContractNames("export const MILESTONE_STATUSES = ['draft'] as const;", names), ['MILESTONE_STATUSES']);
  assert.deepEqual(declaredContractNames("import type { ContractView as Contract } from 'shared/contract';", names), []);
  assert.deepEqual(declaredContractNames("import {\n  ContractViewSchema,\n  type ContractView,\n} from 'shared/contract';", names), []);
  assert.deepEqual(declaredContractNames('export function ContractView({ contract }: Props) {}', names), []);
  assert.deepEqual(declaredContractNames('interface ContractViewProps { contract: Contract }', names), []);
});

test('no front end declares its own copy of an escrow answer', () => {
  const names = contractNames();
  const copies = [];
  for (const file of frontEndFiles()) {
    for (const name of declaredContractNames(readFileSync(file, 'utf8'), names)) copies.push(`${relative(root, file)}: ${name}`);
  }
  assert.deepEqual(copies, [], 'import these from shared/contract instead');
});

test('both remotes read the contract they show from shared/contract', () => {
  for (const remote of ['mfe-client', 'mfe-admin']) {
    const readers = sourceFiles(join(root, remote, 'src')).filter((file) =>
      /\bContractView(?:Schema)?\b[^;]*from 'shared\/contract'/.test(readFileSync(file, 'utf8')),
    );
    assert.ok(readers.length > 0, `${remote} reads no contract from shared/contract`);
  }
});
