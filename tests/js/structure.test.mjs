// The structure check (scripts/check-structure.mjs) passes on this tree and fails, naming the
// file, on each kind of violation planted in a copy of it: an include the rooms table of
// docs/architecture.md does not allow (and the cycle it makes), bindings/ reaching a family
// directly, a room with no row, a JS import cycle, a file over the line limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'check-structure.mjs');

function check(root) {
  const r = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

// A copy of what the check reads, changed by plant(dir), checked.
function checkPlanted(plant) {
  const dir = mkdtempSync(join(tmpdir(), 'orw-structure-'));
  try {
    for (const part of ['src', 'bindings', 'docs/architecture.md']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
    plant(dir);
    return check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const prepend = (file, line) => writeFileSync(file, `${line}\n${readFileSync(file, 'utf8')}`);

test('structure/the tree passes the structure check', () => {
  const { status, out } = check(ROOT);
  assert.equal(status, 0, out);
  assert.match(out, /structure: \d+ rooms, 0 room cycles, 0 JS import cycles, 0 files over 400 lines/);
});

test('structure/a planted violation of each kind fails the check, naming it', () => {
  const cases = [
    ['core including a family (a cycle too)', (d) => prepend(join(d, 'src/core/tensor.h'), '#include "reduce/reduce.h"'),
      [/src\/core\/tensor\.h -> "reduce\/reduce\.h": core\/ may include no other room/, /src rooms include each other: .*core.*reduce/]],
    ['a family including one its row does not name', (d) => prepend(join(d, 'src/arg/arg.h'), '#include "scan/scan.h"'),
      [/src\/arg\/arg\.h -> "scan\/scan\.h": arg\/ may include .*not scan\//]],
    ['bindings including a family', (d) => prepend(join(d, 'bindings/nodes.cc'), '#include "reduce/reduce.h"'),
      [/bindings\/nodes\.cc -> "reduce\/reduce\.h": bindings\/ reaches the families only through runtime\/ and registry\//]],
    ['a room with no row', (d) => { mkdirSync(join(d, 'src/extra')); writeFileSync(join(d, 'src/extra/extra.h'), '#pragma once\n'); },
      [/src\/extra\/: no row in docs\/architecture\.md/]],
    ['a JS import cycle', (d) => {
      writeFileSync(join(d, 'bindings/js/cycle-a.mjs'), "import { b } from './cycle-b.mjs';\nexport const a = 1;\n");
      writeFileSync(join(d, 'bindings/js/cycle-b.mjs'), "import { a } from './cycle-a.mjs';\nexport const b = 2;\n");
    }, [/JS modules import each other: bindings\/js\/cycle-(a|b)\.mjs -> /]],
    ['a file over 400 lines', (d) => appendFileSync(join(d, 'src/core/dtype.cc'), '//\n'.repeat(400)),
      [/src\/core\/dtype\.cc: \d+ lines \(> 400\)/]],
  ];
  for (const [what, plant, patterns] of cases) {
    const { status, out } = checkPlanted(plant);
    assert.equal(status, 1, `${what}: the check passed\n${out}`);
    for (const re of patterns) assert.match(out, re, what);
  }
});
