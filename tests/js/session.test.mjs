// InferenceSession: create from bytes, buffers, paths and URLs; run and runSync; release;
// initializers; graph order; input and output metadata; options; symbolic dims.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { init, Tensor, InferenceSession, readTensorProto } from '../../dist/index.node.mjs';
import { encodeModel, oneNodeModel } from './helpers/model-writer.mjs';
import { tensorMismatch } from './helpers/values.mjs';
import { BACKEND_DIR, dataSets } from './helpers/backend-tests.mjs';
import { f32 } from './helpers/api-calls.mjs';

await init();

// InferenceSession

const SUM_TEST = BACKEND_DIR && `${BACKEND_DIR}/node/test_reduce_sum_keepdims_example`;
const sumFeeds = () => {
  const [ds] = dataSets(SUM_TEST);
  const [data, axes] = ds.inputs.map((b) => readTensorProto(b).tensor);
  return { data, axes, expected: readTensorProto(ds.outputs[0]).tensor };
};

test('InferenceSession/create from bytes, an ArrayBuffer, a file path and a file URL', async () => {
  assert.ok(SUM_TEST, 'backend test data present');
  const bytes = readFileSync(`${SUM_TEST}/model.onnx`);
  const sources = {
    Uint8Array: new Uint8Array(bytes),
    ArrayBuffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    path: `${SUM_TEST}/model.onnx`,
    URL: pathToFileURL(`${SUM_TEST}/model.onnx`),
  };
  const { data, axes, expected } = sumFeeds();
  for (const [kind, source] of Object.entries(sources)) {
    const s = await InferenceSession.create(source);
    assert.deepEqual(s.inputNames, ['data', 'axes'], kind);
    assert.deepEqual(s.outputNames, ['reduced'], kind);
    const out = await s.run({ data, axes });
    assert.equal(tensorMismatch(out.reduced, expected), null, kind);
    await s.release();
  }
});

test('InferenceSession/run is async (a Promise) and runSync gives the same result', async () => {
  const s = await InferenceSession.create(`${SUM_TEST}/model.onnx`);
  const { data, axes, expected } = sumFeeds();
  const pending = s.run({ data, axes });
  assert.ok(pending instanceof Promise);
  const a = await pending;
  const b = s.runSync({ data, axes });
  assert.deepEqual(Object.keys(a), ['reduced']);
  assert.ok(a.reduced instanceof Tensor);
  assert.equal(tensorMismatch(a.reduced, expected), null);
  assert.equal(tensorMismatch(b.reduced, expected), null);
  assert.notEqual(a.reduced.data.buffer, b.reduced.data.buffer);
  await s.release();
});

test('InferenceSession/release resolves and can be called twice', async () => {
  const s = await InferenceSession.create(`${SUM_TEST}/model.onnx`);
  assert.equal(await s.release(), undefined);
  await s.release();
});

test('InferenceSession/initializers are not graph inputs and feed their node', async () => {
  const model = oneNodeModel({
    opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 },
    inputs: [{ name: 'x', type: 'int32', dims: [2, 3] }, { name: 'axes', type: 'int64', dims: [1] }],
    output: { name: 'y', type: 'int32', dims: [2] },
    initializers: { axes: { type: 'int64', data: BigInt64Array.of(-1n), dims: [1] } },
  });
  const s = await InferenceSession.create(model);
  assert.deepEqual(s.inputNames, ['x']);
  assert.deepEqual(s.outputNames, ['y']);
  const { y } = await s.run({ x: new Tensor('int32', [1, 2, 3, 4, 5, 6], [2, 3]) });
  assert.deepEqual(Array.from(y.data), [6, 15]);
  await s.release();
});

test('InferenceSession/runs the nodes of a graph in topological order, whatever their order in the file', async () => {
  // y = ReduceSum(CumSum(x, axis=1), axes=[0], keepdims=0), with the consumer listed first.
  const model = encodeModel({
    opset: 18,
    nodes: [
      { opType: 'ReduceSum', inputs: ['c', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } },
      { opType: 'CumSum', inputs: ['x', 'axis'], outputs: ['c'] },
    ],
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
    outputs: [{ name: 'y', type: 'float32', dims: [3] }],
    initializers: {
      axes: { type: 'int64', data: BigInt64Array.of(0n), dims: [1] },
      axis: { type: 'int64', data: BigInt64Array.of(1n), dims: [] },
    },
  });
  const s = await InferenceSession.create(model);
  const { y } = s.runSync({ x: f32([1, 2, 3, 4, 5, 6], [2, 3]) });
  assert.deepEqual(Array.from(y.data), [5, 12, 21]); // cumsum rows [1,3,6] + [4,9,15]
  await s.release();
});

test('InferenceSession/inputMetadata lists declared types and dims with onnxruntime-web\'s fields', async () => {
  const s = await InferenceSession.create(`${SUM_TEST}/model.onnx`);
  assert.deepEqual(s.inputMetadata, [
    { name: 'data', isTensor: true, type: 'float32', shape: [3, 2, 2], dims: [3, 2, 2] },
    { name: 'axes', isTensor: true, type: 'int64', shape: [1], dims: [1] },
  ]);
  await s.release();
});

test('InferenceSession/outputMetadata lists declared outputs, unknown dims and shapes as null', async () => {
  const model = oneNodeModel({
    opType: 'ReduceMax', opset: 20, attributes: { keepdims: 0 },
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 2] }],
    output: { name: 'y', type: 'float32', dims: [null] },
  });
  const s = await InferenceSession.create(model);
  assert.deepEqual(s.outputMetadata, [{ name: 'y', isTensor: true, type: 'float32', shape: [null], dims: [null] }]);
  const noShape = await InferenceSession.create(oneNodeModel({
    opType: 'ReduceMax', opset: 20, inputs: [{ name: 'x', type: 'float32', dims: null }], output: { name: 'y', type: 'float32', dims: null },
  }));
  assert.deepEqual(noShape.outputMetadata, [{ name: 'y', isTensor: true, type: 'float32', shape: null, dims: null }]);
  await s.release();
  await noShape.release();
});

test("InferenceSession/onnxruntime-web's other session options are accepted and ignored; freeDimensionOverrides warns once", async () => {
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(m);
  try {
    const options = { executionProviders: ['wasm'], graphOptimizationLevel: 'all', logSeverityLevel: 3, freeDimensionOverrides: { N: 2 } };
    const a = await InferenceSession.create(`${SUM_TEST}/model.onnx`, options);
    const b = await InferenceSession.create(`${SUM_TEST}/model.onnx`, options);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /InferenceSession\.create: options\.freeDimensionOverrides is ignored/);
    await a.release();
    await b.release();
  } finally {
    console.warn = warn;
  }
});

test('InferenceSession/symbolic input dims accept any size', async () => {
  const model = oneNodeModel({
    opType: 'ReduceMax', opset: 20, attributes: { keepdims: 0 },
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 2] }],
    output: { name: 'y', type: 'float32', dims: null },
  });
  const s = await InferenceSession.create(model);
  for (const n of [1, 3, 0]) {
    const { y } = s.runSync({ x: f32(new Array(2 * n).fill(1), [n, 2]) });
    assert.deepEqual(Array.from(y.dims), [], `N=${n}`);
  }
  await s.release();
});
