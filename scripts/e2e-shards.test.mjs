import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shardArgs, shardPort } from './e2e-shards.mjs';

// What one browser run listens on (e2e/playwright.config.ts): the product, the stand-in Google,
// the dead-remote server and the prerender server.
const OFFSETS = [0, 50, 500, 700];

test('shards never share a port, up to four side by side', () => {
  for (let count = 1; count <= 4; count += 1) {
    const ports = [];
    for (let index = 1; index <= count; index += 1) ports.push(...OFFSETS.map((offset) => shardPort(3100, index) + offset));
    assert.equal(new Set(ports).size, ports.length, `${count} shards`);
  }
});

test('one run is the plain suite; several split it and keep the caller’s arguments', () => {
  assert.deepEqual(shardArgs(1, 1, ['tests/escrow.spec.ts']), ['exec', 'playwright', 'test', 'tests/escrow.spec.ts']);
  assert.deepEqual(shardArgs(2, 2, ['--grep', 'fund']), ['exec', 'playwright', 'test', '--shard=2/2', '--grep', 'fund']);
});
