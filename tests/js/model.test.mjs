// makeModel and makeNode: models built in JS run in InferenceSession and inferModelShapes, and
// give the same values and shapes as onnxruntime-web (ORT) on the same bytes. ORT parses the
// bytes with its own protobuf reader, so it is also the check that they are valid ONNX. The
// validation errors are in model-errors.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-web';
import { init, inferModelShapes, InferenceSession, makeModel, makeNode, Node, readTensorProto, Tensor } from '../../dist/index.node.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await init();

// Runs the model in both runtimes on the same feeds ({ name: Tensor }); returns
// { ours, theirs }: { outputName: { type, dims, data: plain array } } each.
async function runBoth(model, feeds) {
  const plain = (t) => ({ type: t.type, dims: Array.from(t.dims), data: Array.from(t.data) });
  const session = await InferenceSession.create(model);
  const ortSession = await ort.InferenceSession.create(model);
  try {
    const ours = session.runSync(feeds);
    const theirs = await ortSession.run(Object.fromEntries(Object.entries(feeds).map(([k, t]) => [k, new ort.Tensor(t.type, t.data, t.dims)])));
    const each = (r) => Object.fromEntries(Object.entries(r).map(([k, t]) => [k, plain(t)]));
    return { ours: each(ours), theirs: each(theirs) };
  } finally {
    await session.release();
    await ortSession.release();
  }
}

// Float data with small integer values, so that sums are exact in any order.
const ints = (n, seed) => Float32Array.from({ length: n }, (_, i) => ((i * 7 + seed) % 11) - 5);

test('makeModel/ReduceSum with an axes graph input runs as in onnxruntime-web', async () => {
  const model = makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3, 4] }, { name: 'axes', type: 'int64', dims: [1] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ opType: 'ReduceSum', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } }],
  });
  assert.ok(model instanceof Uint8Array);
  for (const axis of [0, 1, -1]) {
    const { ours, theirs } = await runBoth(model, { x: new Tensor('float32', ints(24, 1), [2, 3, 4]), axes: new Tensor('int64', [BigInt(axis)], [1]) });
    assert.deepEqual(ours, theirs, `axis ${axis}`);
  }
});

test('makeModel/an initializer feeds a node input (axes), in a session and in shape inference', async () => {
  const model = makeModel({
    opset: 18,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3, 4] }],
    outputs: [{ name: 'y', type: 'float32', dims: [2, 1, 4] }],
    initializers: { axes: new Tensor('int64', [1n], [1]) },
    nodes: [{ opType: 'ReduceMean', inputs: ['x', 'axes'], outputs: ['y'] }],
  });
  const { ours, theirs } = await runBoth(model, { x: new Tensor('float32', ints(24, 3), [2, 3, 4]) });
  assert.deepEqual(ours, theirs);
  assert.deepEqual(ours.y.dims, [2, 1, 4]);
  assert.deepEqual(inferModelShapes(model).y, { type: 'float32', dims: [2, 1, 4] });
});

test('makeModel/a Softmax -> TopK chain gives the values and indices of onnxruntime-web', async () => {
  const model = makeModel({
    opset: 13,
    inputs: [{ name: 'logits', type: 'float32', dims: ['N', 6] }],
    outputs: [{ name: 'top', type: 'float32', dims: ['N', 2] }, { name: 'index', type: 'int64', dims: ['N', 2] }],
    initializers: { k: new Tensor('int64', [2n], [1]) },
    nodes: [
      { opType: 'Softmax', inputs: ['logits'], outputs: ['p'], attributes: { axis: -1 } },
      { opType: 'TopK', inputs: ['p', 'k'], outputs: ['top', 'index'], name: 'best2' },
    ],
  });
  const logits = Float32Array.from([0.5, 2, -1, 3, 0, 1, 4, -2, 0.25, 1.5, 3.5, -0.5, 0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  const { ours, theirs } = await runBoth(model, { logits: new Tensor('float32', logits, [3, 6]) });
  assert.deepEqual(ours.index, theirs.index);
  assert.deepEqual(ours.index.data, [3n, 1n, 0n, 4n, 5n, 4n]);
  assert.deepEqual(ours.top.dims, theirs.top.dims);
  // Softmax's exp is each runtime's own polynomial: the probabilities agree to float32 rounding.
  ours.top.data.forEach((v, i) => assert.ok(Math.abs(v - theirs.top.data[i]) <= 2e-7, `top[${i}]: ${v} vs ${theirs.top.data[i]}`));
  assert.deepEqual(inferModelShapes(model), {
    logits: { type: 'float32', dims: ['N', 6] },
    k: { type: 'int64', dims: [1] },
    p: { type: 'float32', dims: ['N', 6] },
    top: { type: 'float32', dims: ['N', 2] },
    index: { type: 'int64', dims: ['N', 2] },
  });
});

test('makeModel/symbolic dims flow through shape inference and run at any size', async () => {
  const model = makeModel({
    opset: 18,
    inputs: [{ name: 'x', type: 'float32', dims: ['batch', 'seq', 8] }],
    outputs: [{ name: 'm', type: 'float32', dims: ['batch', 1, 8] }],
    initializers: { axes: new Tensor('int64', [-2n], [1]) },
    nodes: [{ opType: 'ReduceMax', inputs: ['x', 'axes'], outputs: ['m'], attributes: { keepdims: 1 } }],
  });
  assert.deepEqual(inferModelShapes(model).m, { type: 'float32', dims: ['batch', 1, 8] });
  for (const [b, s] of [[1, 1], [2, 5]]) {
    const { ours, theirs } = await runBoth(model, { x: new Tensor('float32', ints(b * s * 8, b + s), [b, s, 8]) });
    assert.deepEqual(ours, theirs, `[${b}, ${s}, 8]`);
  }
});

test('makeModel/names, types and dims read back the same from our sessions and from onnxruntime-web', async () => {
  const model = makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float64', dims: ['N', null, 3] }, { name: 'axes', type: 'int64', dims: [1] }],
    outputs: [{ name: 'y', type: 'float64', dims: ['N', 3] }, { name: 'c', type: 'float64' }],
    nodes: [
      { opType: 'ReduceSum', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } },
      { opType: 'CumSum', inputs: ['y', 'axes'], outputs: ['c'] },
    ],
  });
  const session = await InferenceSession.create(model);
  assert.deepEqual(session.inputNames, ['x', 'axes']);
  assert.deepEqual(session.outputNames, ['y', 'c']);
  assert.deepEqual(session.inputMetadata.map((v) => [v.name, v.type, v.shape]), [['x', 'float64', ['N', null, 3]], ['axes', 'int64', [1]]]);
  assert.deepEqual(session.outputMetadata.map((v) => v.name), ['y', 'c']);
  await session.release();
  const theirs = await ort.InferenceSession.create(model);
  assert.deepEqual(theirs.inputNames, ['x', 'axes']);
  assert.deepEqual(theirs.outputNames, ['y', 'c']);
  assert.deepEqual(theirs.inputMetadata.map((v) => [v.name, v.type]), [['x', 'float64'], ['axes', 'int64']]);
  const [x, axes] = theirs.inputMetadata.map((v) => v.shape);
  // ORT-web has no null dim: an unknown one reads as a number that is no dim we wrote (2^32 - 1).
  assert.deepEqual([x.length, x[0], x[2], typeof x[1], axes], [3, 'N', 3, 'number', [1]]);
  // 'c' declares no shape: ORT fills in the one its own inference finds.
  assert.deepEqual(theirs.outputMetadata.map((v) => [v.name, v.type, v.shape]), [['y', 'float64', ['N', 3]], ['c', 'float64', ['N', 3]]]);
  await theirs.release();
});

test('makeModel/initializers may be given as [{ name, tensor }], as readTensorProto returns them', async () => {
  const axis = readTensorProto(Uint8Array.of(0x10, 6, 0x2a, 1, 1, 0x42, 1, 0x61)); // int32 scalar 1 named "a"
  assert.equal(axis.name, 'a');
  const model = makeModel({
    opset: 14,
    inputs: [{ name: 'x', type: 'int32', dims: [2, 3] }],
    outputs: [{ name: 'y', type: 'int32', dims: [2, 3] }],
    initializers: [axis],
    nodes: [{ opType: 'CumSum', inputs: ['x', 'a'], outputs: ['y'], attributes: { reverse: 1 } }],
  });
  const { ours, theirs } = await runBoth(model, { x: new Tensor('int32', [1, 2, 3, 4, 5, 6], [2, 3]) });
  assert.deepEqual(ours, theirs);
  assert.deepEqual(ours.y.data, [6, 5, 3, 15, 11, 6]);
});

test('makeModel/tensor attributes, optional inputs left out with \'\' and onnxruntime-web tensors as initializers', async () => {
  const model = makeModel({
    opset: 18,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 2] }],
    outputs: [{ name: 'z', type: 'float32', dims: [] }],
    initializers: { w: new ort.Tensor('float32', Float32Array.of(1, 10, 100, 1000), [2, 2]) },
    nodes: [
      { opType: 'Constant', outputs: ['two'], attributes: { value: new Tensor('float32', [2], []) } },
      { opType: 'Mul', inputs: ['x', 'w'], outputs: ['xw'] },
      { opType: 'Mul', inputs: ['xw', 'two'], outputs: ['xw2'] },
      { opType: 'ReduceSum', inputs: ['xw2', ''], outputs: ['z'], attributes: { keepdims: 0 } },
    ],
  });
  const { ours, theirs } = await runBoth(model, { x: new Tensor('float32', [1, 2, 3, 4], [2, 2]) });
  assert.deepEqual(ours, theirs);
  assert.deepEqual(ours.z.data, [2 * (1 + 20 + 300 + 4000)]);
});

test('makeModel/allowUnknownOps writes foreign ops for shape inference, with opsetImports for their domain', () => {
  const model = makeModel({
    opset: 13,
    opsetImports: { 'com.example': 1 },
    allowUnknownOps: true,
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }],
    outputs: [{ name: 'y', type: 'float32' }, { name: 'n', type: 'int64' }],
    nodes: [
      { opType: 'Gelu', domain: 'com.example', inputs: ['x'], outputs: ['g'], attributes: { approximate: 'tanh' } },
      { opType: 'ReduceSum', inputs: ['g'], outputs: ['y'], attributes: { keepdims: 0 } },
      { opType: 'ArgMax', inputs: ['x'], outputs: ['n'], attributes: { axis: 1 } },
    ],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.g, { type: 'unknown', dims: null });
  assert.deepEqual(shapes.n, { type: 'int64', dims: ['N', 1] });
  assert.equal(shapes.x.type, 'float32');
});

test('makeModel/writes a graph with no nodes (an input passed through)', async () => {
  const model = makeModel({ opset: 13, inputs: [{ name: 'x', type: 'int64', dims: [2] }], outputs: [{ name: 'x', type: 'int64', dims: [2] }], nodes: [] });
  assert.deepEqual(inferModelShapes(model), { x: { type: 'int64', dims: [2] } });
});

test('makeModel/a 16 MB initializer is written at copying speed and runs', async () => {
  const n = 1 << 22;
  const t0 = performance.now();
  const model = makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [n] }],
    outputs: [{ name: 'y', type: 'float32', dims: [n] }],
    initializers: { w: new Tensor('float32', new Float32Array(n).fill(3), [n]) },
    nodes: [{ opType: 'Mul', inputs: ['x', 'w'], outputs: ['y'] }],
  });
  // The data is copied once into the bytes (a writer that moved it a byte at a time took ~10 s).
  assert.ok(performance.now() - t0 < 3000, `${(performance.now() - t0).toFixed(0)} ms`);
  assert.ok(model.length > 4 * n && model.length < 4 * n + 200);
  const session = await InferenceSession.create(model);
  const { y } = session.runSync({ x: new Tensor('float32', new Float32Array(n).fill(2), [n]) });
  assert.deepEqual([y.data[0], y.data[n - 1]], [6, 6]);
  await session.release();
});

test('makeNode/bytes parse back (Node.fromBytes) to the same op, names, domain and attributes', () => {
  const bytes = makeNode({ opType: 'TopK', inputs: ['scores', 'k'], outputs: ['v', 'i'], name: 'top', attributes: { axis: -1, largest: 1, sorted: 1 }, opset: 11 });
  assert.ok(bytes instanceof Uint8Array);
  const node = Node.fromBytes(bytes, { opset: 11 });
  assert.deepEqual([node.opType, node.name, node.domain, node.inputs, node.outputs], ['TopK', 'top', '', ['scores', 'k'], ['v', 'i']]);
  assert.deepEqual(node.attributes, { axis: -1, largest: 1, sorted: 1 });
  const [v, i] = node.run([new Tensor('float32', [3, 1, 2], [3]), new Tensor('int64', [2n], [1])]);
  assert.deepEqual([Array.from(v.data), Array.from(i.data)], [[3, 2], [0n, 2n]]);
  node.dispose();
});

test('makeNode/a node of a foreign op with allowUnknownOps', () => {
  const bytes = makeNode({ opType: 'FusedThing', domain: 'com.example', inputs: ['a'], outputs: ['b'], allowUnknownOps: true, attributes: { alpha: 0.5 } });
  // NodeProto: input 1 "a", output 2 "b", op_type 4, attribute 5, domain 7.
  assert.deepEqual(Array.from(bytes.subarray(0, 6)), [0x0a, 1, 0x61, 0x12, 1, 0x62]);
  assert.match(new TextDecoder().decode(bytes), /FusedThing[^]*alpha[^]*com\.example$/);
});

test('makeModel/is exported by every entry: ESM (browser, Node, single) and CommonJS', async () => {
  const browser = await import('../../dist/index.mjs');
  const single = await import('../../dist/single.mjs');
  const cjs = createRequire(import.meta.url)('../../dist/index.cjs');
  for (const [name, m] of [['index.mjs', browser], ['single.mjs', single], ['index.cjs', cjs]]) {
    assert.equal(typeof m.makeModel, 'function', `${name}: makeModel`);
    assert.equal(typeof m.makeNode, 'function', `${name}: makeNode`);
  }
  await single.init();
  const model = single.makeModel({ opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [3] }], outputs: [{ name: 'y', type: 'float32', dims: [3] }], nodes: [{ opType: 'Abs', inputs: ['x'], outputs: ['y'] }] });
  const session = await InferenceSession.create(model);
  assert.deepEqual(Array.from(session.runSync({ x: new Tensor('float32', [-1, 2, -3]) }).y.data), [1, 2, 3]);
  await session.release();
});
