// Tensors in wasm memory (location 'wasm'): Tensor.allocate, preferredOutputLocation 'wasm',
// getData, dispose, reshape, preallocated outputs, memory growth while tensors are alive, and
// the misuse errors (use after dispose, stale views, tensors of another module instance).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init, InferenceSession, memoryStats, Node, runtimeInfo, Tensor } from '../../dist/index.node.mjs';
import { oneNodeModel } from './helpers/model-writer.mjs';
import { prng } from './helpers/prng.mjs';

await init();

const rowSums = (values, rows, cols) => Array.from({ length: rows }, (_, r) => values.slice(r * cols, (r + 1) * cols).reduce((a, b) => a + b, 0));
const cumsum = (values) => { let s = 0; return values.map((v) => (s += v)); };
const sumRows = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 13 });
const axis1 = new Tensor('int64', [1n], [1]);
const axis0 = new Tensor('int64', [0n], []);
const cumSum = Node.create({ opType: 'CumSum', opset: 14 });

function filled(type, dims, seed) {
  const t = Tensor.allocate(type, dims);
  const rng = prng(seed);
  const data = t.data;
  for (let i = 0; i < data.length; ++i) data[i] = rng.int(-20, 20);
  return t;
}

test('Tensor.allocate/gives a zero-filled wasm tensor with the dims asked for', () => {
  const t = Tensor.allocate('float32', [2, 3]);
  assert.equal(t.location, 'wasm');
  assert.equal(t.type, 'float32');
  assert.deepEqual(t.dims, [2, 3]);
  assert.equal(t.size, 6);
  assert.ok(t.data instanceof Float32Array);
  assert.deepEqual(Array.from(t.data), [0, 0, 0, 0, 0, 0]);
  assert.ok(t instanceof Tensor);
  t.dispose();
});

test('Tensor.allocate/rejects unknown types and bad dims', () => {
  assert.throws(() => Tensor.allocate('string', [2]), { name: 'TypeError', message: /Tensor.allocate: unknown type 'string'/ });
  assert.throws(() => Tensor.allocate('float32', [2, -1]), { name: 'RangeError', message: /dims\[1\]/ });
  assert.throws(() => Tensor.allocate('float32', 3), { name: 'TypeError', message: /dims must be an array/ });
});

test('wasm tensor/filled in place feeds a run without a copy and gives the right sums', () => {
  const x = filled('float32', [3, 4], 1);
  const values = Array.from(x.data);
  const [y] = sumRows.run([x, axis1]);
  assert.equal(y.location, 'cpu');
  assert.deepEqual(Array.from(y.data), rowSums(values, 3, 4));
  x.dispose();
});

test('preferredOutputLocation wasm/keeps outputs in wasm memory and chains them into the next node', async () => {
  const x = filled('float64', [4, 5], 2);
  const values = Array.from(x.data);
  const [c] = cumSum.run([x, axis1], { preferredOutputLocation: 'wasm' });
  assert.equal(c.location, 'wasm');
  assert.deepEqual(c.dims, [4, 5]);
  const [s] = sumRows.run([c, axis1], { preferredOutputLocation: 'wasm' });
  const rows = Array.from({ length: 4 }, (_, r) => cumsum(values.slice(r * 5, r * 5 + 5)));
  assert.deepEqual(Array.from(await s.getData()), rows.map((r) => r.reduce((a, b) => a + b, 0)));
  assert.deepEqual(Array.from(await c.getData()), rows.flat());
  for (const t of [x, c, s]) t.dispose();
});

test('getData/copies the data out and, with releaseData, disposes the tensor', async () => {
  const t = filled('int32', [5], 3);
  const copy = await t.getData();
  assert.deepEqual(Array.from(copy), Array.from(t.data));
  copy[0] = 12345;
  assert.notEqual(t.data[0], 12345);
  const last = await t.getData(true);
  assert.deepEqual(Array.from(last.subarray(1)), Array.from(copy.subarray(1)));
  assert.throws(() => t.data, /disposed/);
});

test('dispose/any later use throws a clear error, and disposing twice is harmless', async () => {
  const t = filled('float32', [2, 2], 4);
  t.dispose();
  t.dispose();
  assert.throws(() => t.data, { message: /Tensor.data: this wasm tensor was disposed/ });
  await assert.rejects(t.getData(), /disposed/);
  assert.throws(() => sumRows.run([t, axis1]), { message: /^ReduceSum \(opset 13\): run: inputs\[0\] \('input0'\): this wasm tensor was disposed/ });
  assert.throws(() => t.reshape([4]), /disposed/);
  assert.throws(() => sumRows.run([new Tensor('float32', [1, 2, 3, 4], [2, 2]), axis1], { outputs: [t] }), /outputs\[0\]: this wasm tensor was disposed/);
});

// In the threaded build wasm memory is a SharedArrayBuffer, which growth never detaches: an old
// view still shows the same elements there (the memory is the same), a view of the old size.
test('memory growth/tensors alive across it keep their data; views re-made; an old view is empty (threaded build: the same), not stale', () => {
  const a = filled('float32', [64], 5);
  const before = Array.from(a.data);
  const oldView = a.data;
  const grownFrom = memoryStats().memoryBytes;
  const big = Tensor.allocate('uint8', [grownFrom]); // larger than all of memory: it must grow
  assert.ok(memoryStats().memoryBytes > grownFrom);
  if (runtimeInfo().build === 'threaded') {
    assert.deepEqual(Array.from(oldView), before);
    assert.notEqual(a.data.buffer, oldView.buffer, 'a.data is a view of the grown memory');
  } else {
    assert.equal(oldView.length, 0);
    assert.equal(oldView[0], undefined);
    assert.throws(() => new Tensor('float32', oldView, [64]), { name: 'RangeError', message: /detached view.*read tensor.data again/ });
  }
  assert.deepEqual(Array.from(a.data), before);
  const square = a.reshape([8, 8]);
  const [y] = sumRows.run([square, axis1]);
  assert.deepEqual(Array.from(y.data), rowSums(before, 8, 8));
  for (const t of [big, a, square]) t.dispose();
});

test('memory growth/during a run with a wasm input and wasm outputs leaves the input intact', async () => {
  const x = filled('float32', [16], 6);
  const values = Array.from(x.data);
  const outs = [];
  // Each kept output allocates; enough of them grow memory while x is alive.
  const start = memoryStats().memoryBytes;
  const big = Tensor.allocate('float32', [1 << 20]);
  while (memoryStats().memoryBytes === start) outs.push(...cumSum.run([big, axis0], { preferredOutputLocation: 'wasm' }));
  assert.deepEqual(Array.from(x.data), values);
  const [c] = cumSum.run([x, axis0], { preferredOutputLocation: 'wasm' });
  assert.deepEqual(Array.from(await c.getData(true)), cumsum(values));
  for (const t of [x, big, ...outs]) t.dispose();
});

test('reshape/shares the buffer; each tensor is disposed on its own', () => {
  const t = filled('int32', [2, 3], 7);
  const r = t.reshape([3, 2]);
  assert.equal(r.location, 'wasm');
  assert.deepEqual(r.dims, [3, 2]);
  r.data[0] = 99;
  assert.equal(t.data[0], 99);
  t.dispose();
  assert.equal(r.data[0], 99);
  assert.throws(() => r.reshape([5]), { name: 'RangeError', message: /hold 5 elements, the tensor has 6/ });
  r.dispose();
  const cpu = new Tensor('float32', [1, 2, 3, 4], [4]).reshape([2, 2]);
  assert.deepEqual(cpu.dims, [2, 2]);
  assert.equal(cpu.location, 'cpu');
});

test('cpu tensors/have the onnxruntime-web members: location, getData, dispose, reshape', async () => {
  const t = new Tensor('float32', [1, 2, 3], [3]);
  assert.equal(t.location, 'cpu');
  assert.equal(await t.getData(), t.data);
  t.dispose();
  assert.deepEqual(Array.from(t.data), [1, 2, 3]);
});

test('preallocated outputs/a wasm tensor receives the output and is returned', () => {
  const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  const out = Tensor.allocate('float32', [2]);
  const before = memoryStats().wasmTensors;
  const [y] = sumRows.run([x, axis1], { outputs: [out] });
  assert.equal(y, out);
  assert.deepEqual(Array.from(out.data), [6, 15]);
  assert.equal(memoryStats().wasmTensors, before);
  out.dispose();
});

test('preallocated outputs/a wasm tensor is written in place: the run allocates no output of its own', () => {
  // In a process of its own, so the heap's free space is known: a 64 MB output written in
  // place leaves wasm memory as it was; the same run without the preallocated output grows it.
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
    const m = await import(${JSON.stringify(new URL('../../dist/index.node.mjs', import.meta.url).href)});
    await m.init();
    const n = 1 << 24;
    const x = m.Tensor.allocate('float32', [n]), y = m.Tensor.allocate('float32', [n]);
    x.data.fill(1);
    const scan = m.Node.create({ opType: 'CumSum', opset: 14 });
    const axis = new m.Tensor('int64', [0n], []);
    const before = m.memoryStats().memoryBytes;
    scan.run([x, axis], { outputs: [y] });
    const placed = m.memoryStats().memoryBytes - before;
    const last = y.data[n - 1];
    scan.run([x, axis], { preferredOutputLocation: 'wasm' });
    console.log(JSON.stringify({ placed, fresh: m.memoryStats().memoryBytes - before, last }));`], { encoding: 'utf8' });
  const { placed, fresh, last } = JSON.parse(out);
  assert.equal(last, 1 << 24);
  assert.equal(placed, 0);
  assert.ok(fresh >= 64 << 20, `the control run grew memory by ${fresh} bytes, not by its 64 MB output`);
});

test('preallocated outputs/an input given as its own output is read intact and then overwritten with the result', () => {
  const x = filled('float32', [64, 33], 7);
  const want = Array.from({ length: 64 }, (_, r) => cumsum(Array.from(x.data.slice(r * 33, r * 33 + 33)))).flat();
  const [y] = cumSum.run([x, new Tensor('int64', [1n], [])], { outputs: [x] });
  assert.equal(y, x);
  assert.deepEqual(Array.from(x.data), want);
  x.dispose();
});

test('preallocated outputs/a cpu tensor receives the output', () => {
  const out = new Tensor('float64', new Float64Array(3), [3]);
  const [y] = cumSum.run([new Tensor('float64', [1, 2, 3]), axis0], { outputs: [out] });
  assert.equal(y, out);
  assert.deepEqual(Array.from(out.data), [1, 3, 6]);
});

test('preallocated outputs/wrong dims or type are errors naming the output, and the next run works', () => {
  const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  const wrongDims = Tensor.allocate('float32', [3]);
  const wrongType = Tensor.allocate('float64', [2]);
  assert.throws(() => sumRows.run([x, axis1], { outputs: [wrongDims] }), { name: 'RangeError', message: /ReduceSum.*outputs\[0\]: the output has dims \[2\], the preallocated tensor \[3\]/ });
  assert.throws(() => sumRows.run([x, axis1], { outputs: [wrongType] }), { name: 'TypeError', message: /outputs\[0\]: the output is float32, the preallocated tensor float64/ });
  assert.deepEqual(Array.from(wrongDims.data), [0, 0, 0]);
  assert.deepEqual(Array.from(sumRows.run([x, axis1])[0].data), [6, 15]);
  wrongDims.dispose();
  wrongType.dispose();
});

test('run options/bad values are TypeErrors naming the option', () => {
  const x = new Tensor('float32', [1, 2], [1, 2]);
  assert.throws(() => sumRows.run([x, axis1], { preferredOutputLocation: 'gpu-buffer' }), { name: 'TypeError', message: /preferredOutputLocation must be 'cpu' or 'wasm', got "gpu-buffer"/ });
  assert.throws(() => sumRows.run([x, axis1], { outputs: x }), { name: 'TypeError', message: /options.outputs must be an array/ });
  assert.throws(() => sumRows.run([x, axis1], { outputs: [{}] }), { name: 'TypeError', message: /options.outputs\[0\] is not a Tensor/ });
  assert.throws(() => sumRows.run([x, axis1], { outputs: [null, null] }), { name: 'RangeError', message: /2 entries, the run has 1 outputs/ });
  assert.throws(() => sumRows.run([x, axis1], 'wasm'), { name: 'TypeError', message: /options must be an object/ });
});

test('another module instance/its wasm tensors are refused with a clear error, both ways', async () => {
  // A second copy of the package (as a bundle holding it twice would have) loads its own module.
  const copy = fileURLToPath(new URL('../../build/second-instance/', import.meta.url));
  rmSync(copy, { recursive: true, force: true });
  cpSync(fileURLToPath(new URL('../../dist/', import.meta.url)), copy, { recursive: true });
  const other = await import(pathToFileURL(`${copy}index.node.mjs`));
  await other.init();
  const theirs = other.Tensor.allocate('float32', [2, 2]);
  assert.throws(() => sumRows.run([theirs, axis1]), { name: 'TypeError', message: /inputs\[0\] is a 'wasm' tensor of another instance/ });
  const ours = Tensor.allocate('float32', [2, 2]);
  const theirNode = other.Node.create({ opType: 'ReduceSum', opset: 13 });
  assert.throws(() => theirNode.run([ours]), /another instance/);
  theirs.dispose();
  ours.dispose();
});

const SUM_MODEL = oneNodeModel({
  opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 },
  inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }, { name: 'axes', type: 'int64', dims: [1] }],
  output: { name: 'y', type: 'float32', dims: [2] },
  initializers: { axes: { type: 'int64', data: BigInt64Array.of(1n), dims: [1] } },
});

test('InferenceSession/preferredOutputLocation wasm at create keeps outputs in wasm memory', async () => {
  const s = await InferenceSession.create(SUM_MODEL, { preferredOutputLocation: 'wasm' });
  const x = filled('float32', [2, 3], 8);
  const values = Array.from(x.data);
  const { y } = await s.run({ x });
  assert.equal(y.location, 'wasm');
  assert.deepEqual(Array.from(y.data), rowSums(values, 2, 3));
  const { y: onCpu } = await s.run({ x }, { preferredOutputLocation: 'cpu' });
  assert.equal(onCpu.location, 'cpu');
  for (const t of [x, y]) t.dispose();
  await s.release();
});

test('InferenceSession/preferredOutputLocation per output name, and unknown names are errors', async () => {
  const s = await InferenceSession.create(SUM_MODEL, { preferredOutputLocation: { y: 'wasm' } });
  const { y } = s.runSync({ x: new Tensor('float32', [1, 1, 1, 2, 2, 2], [2, 3]) });
  assert.equal(y.location, 'wasm');
  assert.deepEqual(Array.from(y.data), [3, 6]);
  y.dispose();
  await s.release();
  await assert.rejects(InferenceSession.create(SUM_MODEL, { preferredOutputLocation: { z: 'wasm' } }), { name: 'RangeError', message: /'z' is not an output of this model/ });
  await assert.rejects(InferenceSession.create(SUM_MODEL, { preferredOutputLocation: 'gpu' }), { name: 'TypeError', message: /must be 'cpu' or 'wasm'/ });
});

test('InferenceSession/fetches with a preallocated output, as in onnxruntime-web', async () => {
  const s = await InferenceSession.create(SUM_MODEL);
  const out = Tensor.allocate('float32', [2]);
  const result = await s.run({ x: new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]) }, { y: out });
  assert.equal(result.y, out);
  assert.deepEqual(Array.from(out.data), [6, 15]);
  const named = await s.run({ x: new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]) }, ['y']);
  assert.deepEqual(Object.keys(named), ['y']);
  out.dispose();
  await s.release();
});

test('wasm tensors/none leak: every handle made above was released', () => {
  assert.equal(memoryStats().wasmTensors, 0);
});
