// init(): idempotent and concurrent calls, use before init(), wasmBinary / wasmPath, bytes that
// are not wasm; and what the entries show of themselves (throw lines, class names).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { init, Tensor, Node, InferenceSession } from '../../dist/index.node.mjs';
import { ENTRY, f32, fresh } from './helpers/api-calls.mjs';

await init();

const DIST = new URL('../../dist/', import.meta.url);

test('init/is idempotent: repeated and concurrent calls keep the one loaded module', async () => {
  // A node made before re-initialising lives in the loaded module: were init() to load a
  // second module, its handle would not exist there and run() would fail.
  const n = Node.create({ opType: 'ReduceSum', opset: 13 });
  const results = await Promise.all([init(), init(), init()]);
  assert.deepEqual(results, [undefined, undefined, undefined]);
  await init();
  assert.deepEqual(Array.from(n.run([f32([1, 2])])[0].data), [3]);
  n.dispose();
});

test('init/using the API before init throws an Error telling to call init()', () => {
  const out = fresh(`
    const m = await import(${JSON.stringify(ENTRY)});
    try { m.Node.create({ opType: 'ReduceSum' }); console.log('no error'); }
    catch (e) { console.log(e.constructor.name + ': ' + e.message); }`);
  assert.match(out, /^Error: .*init\(\)/);
});

test('init/accepts wasmBinary (bytes the caller read) and wasmPath', () => {
  const wasm = fileURLToPath(new URL('onnx-reduce-wasm.wasm', DIST));
  for (const opt of [`{ wasmBinary: readFileSync(${JSON.stringify(wasm)}) }`, `{ wasmPath: ${JSON.stringify(wasm)} }`]) {
    const out = fresh(`
      import { readFileSync } from 'node:fs';
      const m = await import(${JSON.stringify(ENTRY)});
      await m.init(${opt});
      await m.init(${opt});
      const [y] = m.Node.create({ opType: 'ReduceProd', opset: 13 }).run([new m.Tensor('float32', [2, 3, 4])]);
      console.log(Array.from(y.data).join(','));`);
    assert.equal(out, '24', opt);
  }
});

// Each entry, with a later init() that loads: the Node entry from a path, the single-file one
// its embedded wasm.
const ENTRIES_AFTER_BAD_BYTES = [
  ['the Node entry', ENTRY, `{ wasmPath: ${JSON.stringify(fileURLToPath(new URL('onnx-reduce-wasm.wasm', DIST)))} }`],
  ['the single-file entry', fileURLToPath(new URL('single.mjs', DIST)), ''],
];
for (const [name, entry, goodOptions] of ENTRIES_AFTER_BAD_BYTES) {
  test(`init/${name}: bytes that are not wasm reject with the compile error, and a later init works`, () => {
    const out = fresh(`
      const m = await import(${JSON.stringify(entry)});
      try { await m.init({ wasmBinary: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]) }); console.log('no error'); }
      catch (e) { console.log(e.constructor.name); }
      await m.init(${goodOptions});
      const [y] = m.Node.create({ opType: 'ReduceSum', opset: 13 }).run([new m.Tensor('float32', [2, 3])]);
      console.log(Array.from(y.data).join(','));`);
    assert.equal(out, 'CompileError\n5');
  });
}

test("errors/an uncaught error in Node shows the package's throw line, not a minified bundle", () => {
  // Node prints the source line an uncaught error came from: the Node entries are not minified.
  for (const [flag, entry, load] of [['--input-type=module', 'index.node.mjs', (u) => `const m = await import(${JSON.stringify(u)});`],
    ['--input-type=commonjs', 'index.cjs', (u) => `(async () => { const m = require(${JSON.stringify(fileURLToPath(u))});`]]) {
    const url = new URL(entry, DIST).href;
    const tail = flag === '--input-type=module' ? '' : ' })();';
    const script = `${load(url)} await m.init({ numThreads: 1 }); m.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { axes: [1] } });${tail}`;
    let stderr = '';
    try {
      execFileSync(process.execPath, [flag, '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      stderr = e.stderr;
    }
    assert.match(stderr, /RangeError: ReduceSum \(opset 13\): unknown attribute 'axes'/, entry);
    const longest = Math.max(...stderr.split('\n').map((l) => l.length));
    assert.ok(longest < 400, `${entry}: the longest stderr line has ${longest} characters`);
    assert.match(stderr, /at fail \(/, `${entry}: stack frames name the package's functions`);
  }
});

test('API classes keep their names in the minified bundles (what util.inspect and stack traces show)', async () => {
  assert.deepEqual([Tensor.name, Node.name, InferenceSession.name], ['Tensor', 'Node', 'InferenceSession']);
  assert.match((await import('node:util')).inspect(new Tensor('float32', [1])), /^Tensor /);
  const browser = readFileSync(new URL('index.mjs', DIST), 'utf8');
  // Each class is a property's value there, so V8's own messages name it too.
  for (const name of ['Tensor', 'Node', 'InferenceSession']) assert.ok(browser.includes(`{${name}:class`), `${name} in dist/index.mjs`);
  for (const C of [Tensor, Node, InferenceSession]) {
    assert.throws(() => C(), { name: 'TypeError', message: new RegExp(`^Class constructor ${C.name} cannot be invoked without 'new'`) });
  }
});
