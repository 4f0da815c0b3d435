// init({ numThreads }) and runtimeInfo() in Node: which build each choice loads, the
// ORW_NUM_THREADS default, invalid counts, a later init() asking for another count, a script
// using the threaded build ending by itself, errors keeping their JS classes there, and large
// reductions giving the same bits on one thread and on two. A process loads one build only,
// so each case runs in a child Node process of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init, runtimeInfo } from '../../dist/index.node.mjs';

const ENTRY = new URL('../../dist/index.node.mjs', import.meta.url).href;
const CJS = new URL('../../dist/index.cjs', import.meta.url);
const PRNG = new URL('./helpers/prng.mjs', import.meta.url).href;

// Runs an ES module script in a fresh Node process, ORW_NUM_THREADS set to `envThreads` (or
// unset), with a time limit: a script that does not end by itself is killed and fails here.
function child(script, { envThreads, timeout = 60_000, type = 'module' } = {}) {
  const env = { ...process.env };
  delete env.ORW_NUM_THREADS;
  if (envThreads !== undefined) env.ORW_NUM_THREADS = envThreads;
  const r = spawnSync(process.execPath, [`--input-type=${type}`, '-e', script], { encoding: 'utf8', env, timeout });
  assert.equal(r.error?.code, r.signal ? 'ETIMEDOUT' : undefined, String(r.error));
  assert.equal(r.signal, null, `the child did not end by itself within ${timeout} ms (killed by ${r.signal}); stderr: ${r.stderr}`);
  assert.equal(r.status, 0, `child exit status ${r.status}; stderr: ${r.stderr}`);
  return r.stdout.trim();
}

// runtimeInfo() after init(options) (a JS source text) in a fresh process.
const infoAfter = (options, envThreads) => JSON.parse(child(`
  const m = await import(${JSON.stringify(ENTRY)});
  await m.init(${options});
  console.log(JSON.stringify(m.runtimeInfo()));`, { envThreads }));

test('threads/numThreads 1 loads the single-threaded build, and runtimeInfo() says why', () => {
  const info = infoAfter('{ numThreads: 1 }');
  assert.deepEqual({ ...info, reason: undefined }, { numThreads: 1, simd: true, crossOriginIsolated: false, build: 'single-threaded', reason: undefined });
  assert.match(info.reason, /numThreads: 1/);
});

test('threads/numThreads 2 and 3 load the threaded build with that many threads', () => {
  for (const n of [2, 3]) {
    assert.deepEqual(infoAfter(`{ numThreads: ${n} }`), { numThreads: n, simd: true, crossOriginIsolated: false, build: 'threaded' });
  }
});

test('threads/numThreads left out or 0: automatic, one thread (the single-threaded build), and runtimeInfo() says why', () => {
  for (const options of ['{}', '{ numThreads: 0 }', '']) {
    const info = infoAfter(options);
    assert.equal(info.numThreads, 1, options);
    assert.equal(info.build, 'single-threaded', options);
    assert.match(info.reason, /^automatic: one thread .*ask for them with numThreads/, options);
  }
});

test('threads/ORW_NUM_THREADS is the default when numThreads is left out, not when it is given', () => {
  const one = infoAfter('{}', '1');
  assert.equal(one.build, 'single-threaded');
  assert.match(one.reason, /ORW_NUM_THREADS=1/);
  assert.deepEqual([infoAfter('{}', '3').numThreads, infoAfter('{}', '3').build], [3, 'threaded']);
  assert.equal(infoAfter('{}', '0').numThreads, 1);
  assert.equal(infoAfter('{}', '').numThreads, 1, 'an empty value counts as unset');
  assert.equal(infoAfter('{ numThreads: 2 }', '1').build, 'threaded');
  assert.equal(infoAfter('{ numThreads: 1 }', '2').build, 'single-threaded');
});

test('threads/an invalid ORW_NUM_THREADS rejects init() with a RangeError naming it', () => {
  for (const bad of ['abc', '-1', '1.5', '65']) {
    const out = child(`
      const m = await import(${JSON.stringify(ENTRY)});
      try { await m.init(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }`, { envThreads: bad });
    assert.match(out, /^RangeError: .*ORW_NUM_THREADS.*init\(\{ numThreads \}\)/, bad);
  }
});

test('threads/invalid numThreads reject with a RangeError naming init({ numThreads }), before or after loading', async () => {
  await init();
  for (const bad of [-1, 1.5, NaN, 65, Infinity, '2', null, 2n]) {
    await assert.rejects(init({ numThreads: bad }), (e) => e instanceof RangeError && /init\(\{ numThreads \}\)/.test(e.message), String(bad));
  }
  assert.ok(init({ numThreads: 64 }) instanceof Promise);
});

test('threads/wasmBinary or wasmPath without numThreads keep the single-threaded build they name', () => {
  const wasm = new URL('../../dist/onnx-reduce-wasm.wasm', import.meta.url);
  const info = infoAfter(`{ wasmPath: new URL(${JSON.stringify(wasm.href)}) }`, '2');
  assert.equal(info.build, 'single-threaded');
  assert.match(info.reason, /wasmBinary or wasmPath/);
  const mt = new URL('../../dist/onnx-reduce-wasm-mt.wasm', import.meta.url);
  assert.equal(infoAfter(`{ numThreads: 2, wasmPath: new URL(${JSON.stringify(mt.href)}) }`).build, 'threaded');
});

test('threads/a later init() with another count resolves to the loaded module; runtimeInfo() tells the truth', () => {
  const out = JSON.parse(child(`
    const m = await import(${JSON.stringify(ENTRY)});
    await m.init({ numThreads: 2 });
    await m.init({ numThreads: 1 });
    await m.init({ numThreads: 2 });
    const [y] = m.Node.create({ opType: 'ReduceSum', opset: 13 }).run([new m.Tensor('float32', [1, 2, 3])]);
    console.log(JSON.stringify({ ...m.runtimeInfo(), y: y.data[0] }));`));
  assert.equal(out.build, 'threaded');
  assert.equal(out.numThreads, 2);
  assert.match(out.reason, /numThreads: 1.*came after the module was loaded with 2$/);
  assert.equal(out.y, 6);
});

test('threads/without the threaded files (a bundle that did not carry them): automatic runs, asked-for threads reject', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orw-no-mt-'));
  try {
    for (const f of ['index.node.mjs', 'onnx-reduce-wasm.wasm']) copyFileSync(fileURLToPath(new URL(`../../dist/${f}`, import.meta.url)), join(dir, f));
    const entry = JSON.stringify(pathToFileURL(join(dir, 'index.node.mjs')).href);
    const auto = JSON.parse(child(`
      const m = await import(${entry});
      await m.init();
      const [y] = m.Node.create({ opType: 'ReduceSum', opset: 13 }).run([new m.Tensor('float32', [1, 2, 3])]);
      console.log(JSON.stringify({ ...m.runtimeInfo(), y: y.data[0] }));`, { timeout: 20_000 }));
    assert.equal(auto.build, 'single-threaded');
    assert.equal(auto.y, 6);
    assert.match(auto.reason, /^automatic: one thread/);
    const asked = child(`
      const m = await import(${entry});
      try { await m.init({ numThreads: 2 }); console.log('no error'); } catch (e) { console.log(e.name + ': ' + e.message); }
      await m.init({ numThreads: 1 });
      console.log(m.runtimeInfo().build);`, { timeout: 20_000 });
    const [error, build] = asked.split('\n');
    assert.match(error, /^Error: onnx-reduce-wasm: init\(\): the .wasm file .*onnx-reduce-wasm-mt\.wasm does not exist/);
    assert.equal(build, 'single-threaded', 'a later init() may retry');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('threads/the single-file entry checks numThreads and runs single-threaded, saying why', () => {
  const single = JSON.stringify(new URL('../../dist/single.mjs', import.meta.url).href);
  const out = JSON.parse(child(`
    const m = await import(${single});
    let error;
    try { await m.init({ numThreads: -1 }); } catch (e) { error = e.name + ': ' + e.message; }
    await m.init({ numThreads: 2 });
    console.log(JSON.stringify({ ...m.runtimeInfo(), error }));`));
  assert.match(out.error, /^RangeError: .*init\(\{ numThreads \}\)/);
  assert.equal(out.build, 'single-threaded');
  assert.equal(out.numThreads, 1);
  assert.match(out.reason, /single-file entry .* has no threaded build/);
});

test('threads/runtimeInfo() before init() throws an Error telling to call init()', () => {
  const out = child(`
    const m = await import(${JSON.stringify(ENTRY)});
    try { m.runtimeInfo(); console.log('no error'); } catch (e) { console.log(e.constructor.name + ': ' + e.message); }`);
  assert.match(out, /^Error: .*runtimeInfo\(\).*init\(\)/);
});

test('threads/this process: runtimeInfo() matches the build ORW_NUM_THREADS picked', async () => {
  await init();
  const info = runtimeInfo();
  const env = process.env.ORW_NUM_THREADS;
  const expected = env === undefined || env === "" || env === "0" ? 1 : Number(env);
  assert.equal(info.numThreads, expected);
  assert.equal(info.build, expected > 1 ? 'threaded' : 'single-threaded');
  info.numThreads = 99;
  assert.equal(runtimeInfo().numThreads, expected, 'a copy each call');
});

test('threads/a script that used the threaded build ends by itself (ESM and require())', () => {
  const work = `
    await m.init({ numThreads: 2 });
    const x = new m.Tensor('float32', new Float32Array(1 << 20).fill(1), [1024, 1024]);
    const [y] = m.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } }).run([x]);
    console.log(m.runtimeInfo().build, y.data[0]);`;
  assert.equal(child(`const m = await import(${JSON.stringify(ENTRY)});${work}`, { timeout: 20_000 }), 'threaded 1048576');
  assert.equal(child(`(async () => { const m = require(${JSON.stringify(CJS.pathname)});${work} })();`, { timeout: 20_000, type: 'commonjs' }), 'threaded 1048576');
});

test('threads/errors from C++ keep their JS classes and messages in the threaded build', () => {
  const out = child(`
    const m = await import(${JSON.stringify(ENTRY)});
    await m.init({ numThreads: 2 });
    const x = new m.Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
    const node = m.Node.create({ opType: 'ReduceProd', opset: 18 });
    for (let i = 0; i < 2; ++i) {
      try { node.run([x, new m.Tensor('int64', [-3n])]); console.log('no error'); }
      catch (e) { console.log(e.constructor.name + ': ' + e.message); }
    }
    console.log(node.run([x, new m.Tensor('int64', [1n])])[0].data.join(','));`);
  const [first, second, after] = out.split('\n');
  assert.match(first, /^RangeError: .*ReduceProd.*axis -3.*out of range/);
  assert.equal(second, first);
  assert.equal(after, '6,120', 'the module still runs after the errors');
});

// The bits of large reductions (4M float32 elements, several axis patterns) on `n` threads:
// each output's SHA-256.
const reductionBits = (n) => child(`
  const m = await import(${JSON.stringify(ENTRY)});
  const { prng } = await import(${JSON.stringify(PRNG)});
  const { createHash } = await import('node:crypto');
  await m.init({ numThreads: ${n} });
  const r = prng(7);
  const data = new Float32Array(1 << 22);
  for (let i = 0; i < data.length; ++i) data[i] = (r.next() - 0.5) * 2 ** r.int(-8, 8);
  const x = new m.Tensor('float32', data, [64, 256, 256]);
  const out = { build: m.runtimeInfo().build };
  for (const op of ['ReduceSum', 'ReduceMean']) {
    for (const axes of [[0, 1, 2], [2], [1], [0], [0, 2]]) {
      const [y] = m.Node.create({ opType: op, opset: 11, attributes: { axes, keepdims: 0 } }).run([x]);
      const bytes = new Uint8Array(y.data.buffer, y.data.byteOffset, y.data.byteLength);
      out[op + ' ' + axes] = { elements: y.size, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
  }
  console.log(JSON.stringify(out));`, { timeout: 120_000 });

test('threads/ReduceSum and ReduceMean of 4M float32 elements: the same bits on 1 and on 2 threads', () => {
  const one = JSON.parse(reductionBits(1));
  const two = JSON.parse(reductionBits(2));
  assert.equal(one.build, 'single-threaded');
  assert.equal(two.build, 'threaded');
  const keys = Object.keys(one).filter((k) => k !== 'build');
  assert.equal(keys.length, 10);
  for (const key of keys) assert.deepEqual(two[key], one[key], `${key}: bits differ`);
});
