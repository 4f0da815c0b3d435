// package.json says Node 18 or newer. An ES module's named import of a builtin's export is
// resolved when the module links, so a name added in a later 18.x (os.availableParallelism:
// 18.14) makes the whole entry fail to load on 18.0, whatever runtime guard sits beside it.
// The built modules may import by name only what Node 18.0 has (the list below); anything else
// goes through the namespace (`import * as os`) and is checked where it is used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

// Exports of Node 18.0.0's builtins that the package imports by name (each checked in the
// Node 18.0.0 documentation). Add a name here only after checking it is in 18.0.0.
const NODE_18_0 = {
  'fs': ['readFileSync', 'existsSync'],
  'fs/promises': ['readFile'],
  'module': ['createRequire'],
  'path': ['join', 'dirname', 'resolve'],
  'url': ['fileURLToPath', 'pathToFileURL'],
};

const builtin = (spec) => {
  const name = spec.replace(/^node:/, '');
  return builtinModules.includes(name) ? name : null;
};

// Static imports `import { a, b as c } from '...'`, `import x from`, `import * as x from`.
function builtinImports(text) {
  const out = [];
  for (const m of text.matchAll(/\bimport\s*([^'";]*?)\s*from\s*(['"])([^'"]+)\2/g)) {
    const mod = builtin(m[3]);
    if (!mod) continue;
    const named = m[1].match(/\{([^}]*)\}/);
    const names = named ? named[1].split(',').map((s) => s.trim().split(/\s+as\s+/)[0]).filter(Boolean) : [];
    out.push({ mod, names, clause: m[0] });
  }
  return out;
}

test('package/engines still says Node 18 (the list below is for it)', () => {
  assert.equal(pkg.engines.node, '>=18');
});

test('package/the built ES modules import by name from builtins only what Node 18.0 has', () => {
  const files = readdirSync(dist).filter((f) => f.endsWith('.mjs'));
  assert.ok(files.includes('index.node.mjs') && files.includes('cli.mjs'));
  const bad = [];
  let seen = 0;
  for (const f of files) {
    for (const { mod, names, clause } of builtinImports(readFileSync(join(dist, f), 'utf8'))) {
      ++seen;
      for (const n of names) if (!(NODE_18_0[mod] ?? []).includes(n)) bad.push(`${f}: ${clause}`);
    }
  }
  assert.ok(seen >= 4, 'the Node entry imports builtins (the scan found them)');
  assert.deepEqual(bad, []);
});

test('package/the check catches a named import of a later export', () => {
  const found = builtinImports('import { availableParallelism, cpus as c } from "node:os";');
  assert.deepEqual(found.map((i) => [i.mod, i.names]), [['os', ['availableParallelism', 'cpus']]]);
  assert.ok(!NODE_18_0.os?.includes('availableParallelism'));
});
