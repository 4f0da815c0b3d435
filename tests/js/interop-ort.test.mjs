// onnxruntime-web (ORT) interop: ORT's tensors go into our nodes and sessions, ours into ORT's
// sessions; each library's outputs feed the other's next step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ort from 'onnxruntime-web';
import { init, InferenceSession, Node, Tensor } from '../../dist/index.node.mjs';
import { oneNodeModel } from './helpers/model-writer.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await init();

// y = CumSum(x, axis 1) over [2, 3] float32, as an ORT session.
const CUMSUM_MODEL = oneNodeModel({
  opType: 'CumSum', opset: 14,
  inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }, { name: 'axis', type: 'int64', dims: [] }],
  output: { name: 'y', type: 'float32', dims: [2, 3] },
  initializers: { axis: { type: 'int64', data: BigInt64Array.of(1n), dims: [] } },
});
const X = [1, 2, 3, 4, 5, 6];
const CUMSUM_ROWS = [1, 3, 6, 4, 9, 15];

test('ORT tensors/are accepted as Node.run inputs', () => {
  const n = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 13 });
  const [y] = n.run([new ort.Tensor('float32', Float32Array.from(X), [2, 3]), new ort.Tensor('int64', BigInt64Array.of(1n), [1])]);
  assert.deepEqual(Array.from(y.data), [6, 15]);
});

test('ORT tensors/are accepted as InferenceSession feeds', async () => {
  const s = await InferenceSession.create(CUMSUM_MODEL);
  const { y } = await s.run({ x: new ort.Tensor('float32', Float32Array.from(X), [2, 3]) });
  assert.deepEqual(Array.from(y.data), CUMSUM_ROWS);
  await s.release();
});

test('ORT session outputs/feed our nodes', async () => {
  const ortSession = await ort.InferenceSession.create(CUMSUM_MODEL);
  const { y } = await ortSession.run({ x: new ort.Tensor('float32', Float32Array.from(X), [2, 3]) });
  const n = Node.create({ opType: 'ReduceMax', attributes: { keepdims: 0, axes: [1] }, opset: 13 });
  const [m] = n.run([y]);
  assert.deepEqual(Array.from(m.data), [6, 15]);
  await ortSession.release();
});

test('our outputs/feed ORT sessions', async () => {
  const n = Node.create({ opType: 'CumSum', opset: 14 });
  const [ours] = n.run([new Tensor('float32', X, [2, 3]), new Tensor('int64', [0n], [])]);
  assert.equal(ours.location, 'cpu');
  const ortSession = await ort.InferenceSession.create(CUMSUM_MODEL);
  const { y } = await ortSession.run({ x: ours });
  // Column cumsum, then row cumsum.
  const cols = [1, 2, 3, 5, 7, 9];
  assert.deepEqual(Array.from(y.data), [cols[0], cols[0] + cols[1], cols[0] + cols[1] + cols[2], cols[3], cols[3] + cols[4], cols[3] + cols[4] + cols[5]]);
  await ortSession.release();
});

test('ORT tensors/non-cpu locations are refused with a clear error', () => {
  const n = Node.create({ opType: 'ReduceSum', opset: 13 });
  const gpuLike = { type: 'float32', dims: [2], location: 'gpu-buffer', get data() { throw new Error('not on cpu'); } };
  assert.throws(() => n.run([gpuLike]), { name: 'TypeError', message: /inputs\[0\] has location 'gpu-buffer'; only 'cpu' tensors are accepted/ });
});

test('ORT tensors/with mismatched data and dims get our Tensor errors', () => {
  const n = Node.create({ opType: 'ReduceSum', opset: 13 });
  const bad = { type: 'float32', data: new Float32Array(3), dims: [2], location: 'cpu' };
  assert.throws(() => n.run([bad]), { name: 'RangeError', message: /data has 3 elements but dims \[2\]/ });
});

test('our Tensor/has the members ORT code uses', async () => {
  const t = new Tensor('float32', X, [2, 3]);
  for (const member of ['type', 'data', 'dims', 'size', 'location']) assert.ok(member in t, member);
  for (const method of ['getData', 'dispose', 'reshape']) assert.equal(typeof t[method], 'function', method);
  assert.deepEqual(Array.from(await t.getData()), X);
});

test('interop/a structuredClone of a cpu Tensor is accepted as an onnxruntime-web-shaped tensor', () => {
  const sum = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
  const clone = structuredClone(new Tensor('float32', [1, 2, 3, 4], [2, 2]));
  assert.ok(!(clone instanceof Tensor));
  assert.deepEqual(Array.from(sum.run([clone])[0].data), [10]);
  sum.dispose();
});

test("interop/a structuredClone of a 'wasm' Tensor throws a TypeError that says what to send instead", () => {
  const sum = Node.create({ opType: 'ReduceSum', opset: 13 });
  const t = Tensor.allocate('float32', [2]);
  t.data.set([3, 4]);
  const says = { name: 'TypeError', message: /^Tensor: a 'wasm' tensor cannot be cloned, posted, spread or JSON'd \(its data is a view of wasm memory\): send await tensor\.getData\(\)$/ };
  assert.throws(() => structuredClone(t), says);
  assert.throws(() => JSON.stringify(t), says);
  assert.throws(() => ({ ...t }), says);
  // Nothing is lost: the tensor still runs, and its getData() copy clones as a 'cpu' array.
  assert.deepEqual(Array.from(sum.run([t])[0].data), [7]);
  assert.deepEqual(Array.from(structuredClone(new Tensor('float32', t.data.slice(), t.dims)).data), [3, 4]);
  t.dispose();
  sum.dispose();
});
