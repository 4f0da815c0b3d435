// TopK through the JS API: a node returning two tensors (Values, Indices) for every version
// and a few types against a plain JS reference (a stable sort, a NaN larger than every
// number), errors, shape inference of both outputs, and the backend test_top_k models in an
// InferenceSession (two graph outputs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { init, Tensor, Node, InferenceSession, readTensorProto, float16BitsToNumber, memoryStats } from '../../dist/index.node.mjs';
import { BACKEND_DIR, dataSets, modelBytes } from './helpers/backend-tests.mjs';
import { prng } from './helpers/prng.mjs';

await init();

// Indices of the k first elements of every row along `axis`, in output order.
function referenceTopK(values, dims, axis, k, largest) {
  const n = dims[axis];
  const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const out = new Array(outer * k * inner);
  const rank = (v) => (Number.isNaN(v) ? Infinity : v);
  for (let o = 0; o < outer; ++o) {
    for (let c = 0; c < inner; ++c) {
      const at = (i) => values[(o * n + i) * inner + c];
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
        const x = at(a), y = at(b);
        if (Number.isNaN(x) || Number.isNaN(y)) {
          if (Number.isNaN(x) && Number.isNaN(y)) return a - b;
          return (Number.isNaN(x) === largest) ? -1 : 1;
        }
        return (largest ? rank(y) - rank(x) : rank(x) - rank(y)) || a - b;
      });
      for (let j = 0; j < k; ++j) out[(o * k + j) * inner + c] = BigInt(order[j]);
    }
  }
  return out;
}

const run = (opset, x, k, attributes = {}) => (opset === 1
  ? Node.create({ opType: 'TopK', opset, attributes: { ...attributes, k } }).run([x])
  : Node.create({ opType: 'TopK', opset, attributes }).run([x, new Tensor('int64', [BigInt(k)], [1])]));

test('TopK/a node returns Values and Indices matching the reference for each version, axis, largest and K', () => {
  const rng = prng(24);
  const dims = [3, 4, 5];
  const values = Array.from({ length: 60 }, () => rng.int(0, 8) - 4);
  values[7] = NaN;
  for (const opset of [1, 10, 11, 24]) {
    for (const type of opset >= 11 ? ['float32', 'float16', 'int32'] : ['float32', 'float64']) {
      const data = type === 'int32' ? values.map((v) => (Number.isNaN(v) ? 9 : v)) : values;
      const x = new Tensor(type, data, dims);
      for (const axis of [0, 1, 2, -1]) {
        const a = axis < 0 ? axis + 3 : axis;
        for (const largest of opset >= 11 ? [1, 0] : [1]) {
          for (const k of [1, 2, dims[a]]) {
            const attributes = { axis, ...(opset >= 11 ? { largest } : {}) };
            const out = run(opset, x, k, attributes);
            const what = `TopK-${opset} ${type} axis ${axis} largest ${largest} k ${k}`;
            assert.equal(out.length, 2, what);
            const [v, i] = out;
            const want = referenceTopK(data, dims, a, k, largest === 1);
            assert.equal(v.type, type, what);
            assert.equal(i.type, 'int64', what);
            assert.deepEqual(Array.from(i.dims), dims.map((d, j) => (j === a ? k : d)), what);
            assert.deepEqual(Array.from(i.data), want, what);
            const inner = dims.slice(a + 1).reduce((p, q) => p * q, 1);
            const got = Array.from(v.data, type === 'float16' ? float16BitsToNumber : Number);
            want.forEach((idx, j) => {
              const c = j % inner, o = Math.floor(j / inner / k);
              const src = data[(o * dims[a] + Number(idx)) * inner + c];
              assert.ok(Object.is(got[j], src) || (Number.isNaN(got[j]) && Number.isNaN(src)), `${what} value ${j}`);
            });
          }
        }
      }
    }
  }
});

test('TopK/K = 0 gives empty outputs; K above the axis size, k = 0 at version 1 and a bad K are errors', () => {
  const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  const [v, i] = run(11, x, 0);
  assert.deepEqual([Array.from(v.dims), Array.from(i.dims)], [[2, 0], [2, 0]]);
  assert.throws(() => run(11, x, 4), (e) => e instanceof RangeError && /TopK \(opset 11\)/.test(e.message) && /'K' is 4/.test(e.message));
  assert.throws(() => run(1, x, 0), (e) => e instanceof RangeError && /attribute 'k' must be positive/.test(e.message));
  assert.throws(() => Node.create({ opType: 'TopK', opset: 11 }).run([x, new Tensor('int32', [1], [1])]),
    (e) => e instanceof TypeError && /'K' must be int64/.test(e.message));
});

test('TopK/inferShapes gives both outputs', () => {
  const node = Node.create({ opType: 'TopK', opset: 1, attributes: { k: 2, axis: 1 } });
  assert.deepEqual(node.inferShapes([{ type: 'float32', dims: ['N', 7] }]),
    [{ type: 'float32', dims: ['N', 2] }, { type: 'int64', dims: ['N', 2] }]);
});

test('TopK/the backend test_top_k* models run in an InferenceSession with two outputs', async () => {
  for (const name of ['test_top_k', 'test_top_k_negative_axis', 'test_top_k_smallest', 'test_top_k_uint64',
    'test_top_k_same_values', 'test_top_k_same_values_2d', 'test_top_k_same_values_largest']) {
    const dir = join(BACKEND_DIR, 'post-processing', name);
    const session = await InferenceSession.create(modelBytes(dir));
    assert.equal(session.outputNames.length, 2, name);
    for (const ds of dataSets(dir)) {
      const feeds = {};
      ds.inputs.forEach((bytes, j) => { feeds[session.inputNames[j]] = readTensorProto(bytes).tensor; });
      const results = await session.run(feeds);
      ds.outputs.forEach((bytes, j) => {
        const want = readTensorProto(bytes).tensor;
        const got = results[session.outputNames[j]];
        assert.deepEqual(Array.from(got.dims), Array.from(want.dims), `${name} output ${j}`);
        assert.deepEqual(Array.from(got.data), Array.from(want.data), `${name} output ${j}`);
      });
    }
    await session.release();
  }
});

// A large X (over the 1 MiB from which runs stream input 0 in pieces) through Node.run and
// through a session listing both outputs: each piece selected as it arrives, the same indices
// and values as the reference, along the last axis and a middle one.
test('TopK/large inputs (streamed) give the reference Values and Indices', async () => {
  const { next: rand } = prng(77);
  for (const [dims, axis] of [[[256, 2000], 1], [[8, 300, 250], 1]]) {
    const size = dims.reduce((a, b) => a * b, 1);
    const data = Float32Array.from({ length: size }, () => Math.round(rand() * 2000) / 8 - 125);
    const x = new Tensor('float32', data, dims);
    for (const largest of [1, 0]) {
      const [values, indices] = run(11, x, 7, { axis, largest });
      const want = referenceTopK(data, dims, axis, 7, largest === 1);
      assert.deepEqual(Array.from(indices.data), want, `dims [${dims}] axis ${axis} largest ${largest}`);
      const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
      values.data.forEach((v, i) => {
        const c = i % inner, o = Math.floor(i / inner / 7);
        assert.equal(v, data[(o * dims[axis] + Number(want[i])) * inner + c]);
      });
    }
  }
  const dims = [512, 1000];
  const data = Float32Array.from({ length: 512000 }, () => rand() * 10);
  const { makeModel } = await import('../../dist/index.node.mjs');
  const model = makeModel({
    opset: 11, inputs: [{ name: 'x', type: 'float32', dims }], outputs: [{ name: 'v', type: 'float32' }, { name: 'i', type: 'int64' }],
    initializers: { k: new Tensor('int64', [3n], [1]) },
    nodes: [{ opType: 'TopK', inputs: ['x', 'k'], outputs: ['v', 'i'] }],
  });
  const session = await InferenceSession.create(model);
  const out = await session.run({ x: new Tensor('float32', data, dims) });
  assert.deepEqual(Array.from(out.i.data), referenceTopK(data, dims, 1, 3, true));
  assert.deepEqual(out.v.dims, [512, 3]);
  await session.release();
});

test('TopK/a streamed input is never held whole in wasm memory', () => {
  const x = new Tensor('float32', new Float32Array(8 << 20), [2048, 4096]);  // 32 MiB
  const before = memoryStats().memoryBytes;
  const [values, indices] = run(11, x, 4, { axis: 1 });
  assert.deepEqual([values.dims, indices.dims], [[2048, 4], [2048, 4]]);
  assert.ok(memoryStats().memoryBytes - before < 8 << 20, `wasm memory grew by ${memoryStats().memoryBytes - before} bytes`);
});
