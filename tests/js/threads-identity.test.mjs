// Every thread count gives the bits of one thread in wasm: the same battery of ops (every
// family that splits its work, copy mode and zero-copy) run in child processes with
// ORW_NUM_THREADS 1, 2, 3 and 4, their outputs' hashes compared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./helpers/thread-digest.mjs', import.meta.url));

function digests(threads) {
  const r = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8', env: { ...process.env, ORW_NUM_THREADS: String(threads) }, timeout: 120_000 });
  assert.equal(r.status, 0, `ORW_NUM_THREADS=${threads}: exit ${r.status} ${r.signal ?? ''}; stderr: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

test('thread identity/1, 2, 3 and 4 threads give the same bits for every family, copied or zero-copy', () => {
  const one = digests(1);
  assert.equal(one.numThreads, 1);
  const names = Object.keys(one.digests);
  assert.ok(names.length > 100, `${names.length} cases`);
  // Hashes of real outputs differ from case to case (equal hashes everywhere would compare nothing).
  const distinct = new Set(Object.values(one.digests).map(([copied]) => copied)).size;
  assert.ok(distinct > names.length * 0.9, `only ${distinct} distinct hashes over ${names.length} cases`);
  for (const [name, [copied, zeroCopy]] of Object.entries(one.digests)) assert.equal(copied, zeroCopy, `${name}: copy mode vs zero-copy`);
  for (const threads of [2, 3, 4]) {
    const many = digests(threads);
    assert.equal(many.numThreads, threads);
    for (const name of names) assert.deepEqual(many.digests[name], one.digests[name], `${name} with ${threads} threads`);
  }
});
