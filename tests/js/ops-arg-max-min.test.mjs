// ArgMax / ArgMin through the JS API: every version (1, 11, 12, 13) and element type against a
// plain JS reference written from the definition (first or last index of the extreme; a NaN
// is the extreme), errors, shape inference, one-node models, and large inputs (streamed
// through a small wasm buffer) giving the reference indices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, inferModelShapes, memoryStats } from '../../dist/index.node.mjs';
import { oneNodeModel } from './helpers/model-writer.mjs';
import { prng } from './helpers/prng.mjs';
import { elements } from './helpers/values.mjs';

await init();

const V1_TYPES = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64'];
const typesAt = (opset) => (opset >= 13 ? [...V1_TYPES, 'bfloat16'] : V1_TYPES);

// Indices along `axis` of the extreme of every slice of a C-order tensor (values: numbers,
// bigints or NaN), in output order.
function referenceArg(values, dims, axis, { max, last }) {
  const n = dims[axis];
  const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const out = [];
  for (let o = 0; o < outer; ++o) {
    for (let j = 0; j < inner; ++j) {
      const at = (i) => values[(o * n + i) * inner + j];
      let best = -1;
      for (let i = 0; i < n; ++i) if (Number.isNaN(at(i)) && (best < 0 || last)) best = i;
      if (best < 0) {
        best = 0;
        for (let i = 1; i < n; ++i) {
          const v = at(i), b = at(best);
          if ((max ? v > b : v < b) || (last && v == b)) best = i; // eslint-disable-line eqeqeq
        }
      }
      out.push(BigInt(best));
    }
  }
  return out;
}

// Small values with ties (exactly representable in every type).
function tieValues(rng, type, count) {
  const unsigned = type.startsWith('uint');
  return Array.from({ length: count }, () => rng.int(0, 6) - (unsigned ? 0 : 3));
}

const asData = (type, values) => (type.endsWith('64') && type.includes('int') ? values.map(BigInt) : values);

test('ArgMax/every version and type gives the reference indices for each axis, keepdims and select_last_index', () => {
  const dims = [3, 4, 5];
  const rng = prng(13);
  for (const op of ['ArgMax', 'ArgMin']) {
    for (const opset of [1, 11, 12, 13]) {
      for (const type of typesAt(opset)) {
        const values = tieValues(rng, type, 60);
        const x = new Tensor(type, asData(type, values), dims);
        for (const axis of [0, 1, 2, -1]) {
          for (const keepdims of [0, 1]) {
            for (const last of opset >= 12 ? [0, 1] : [undefined]) {
              const attributes = { axis, keepdims, ...(last === undefined ? {} : { select_last_index: last }) };
              const [y] = Node.create({ opType: op, opset, attributes }).run([x]);
              const a = axis < 0 ? axis + 3 : axis;
              const what = `${op}-${opset} ${type} axis ${axis} keepdims ${keepdims} last ${last}`;
              assert.equal(y.type, 'int64', what);
              assert.deepEqual(Array.from(y.dims), dims.flatMap((d, i) => (i !== a ? [d] : keepdims ? [1] : [])), what);
              assert.deepEqual(Array.from(y.data), referenceArg(values, dims, a, { max: op === 'ArgMax', last: last === 1 }), what);
            }
          }
        }
      }
    }
  }
});

test('ArgMax/a NaN is the extreme: the first one, or the last with select_last_index', () => {
  const x = new Tensor('float32', [1, NaN, Infinity, NaN, -Infinity], [5]);
  for (const op of ['ArgMax', 'ArgMin']) {
    const node = (last) => Node.create({ opType: op, opset: 13, attributes: { select_last_index: last } });
    assert.deepEqual(Array.from(node(0).run([x])[0].data), [1n]);
    assert.deepEqual(Array.from(node(1).run([x])[0].data), [3n]);
  }
});

test('ArgMax/bfloat16 arrives in version 13, select_last_index in version 12', () => {
  const bf = new Tensor('bfloat16', [1, 2], [2]);
  assert.throws(() => Node.create({ opType: 'ArgMax', opset: 12 }).run([bf]), (e) => e instanceof TypeError && /bfloat16/.test(e.message));
  assert.throws(() => Node.create({ opType: 'ArgMin', opset: 11, attributes: { select_last_index: 1 } }),
    (e) => e instanceof RangeError && /unknown attribute 'select_last_index'/.test(e.message));
});

test('ArgMax/a rank-0 input, an axis out of range and a size-0 axis are RangeErrors naming the op and axis', () => {
  const argmax = (attributes = {}) => Node.create({ opType: 'ArgMax', opset: 13, attributes });
  assert.throws(() => argmax().run([new Tensor('float32', [1], [])]), (e) => e instanceof RangeError && /ArgMax/.test(e.message) && /rank 0/.test(e.message));
  assert.throws(() => argmax({ axis: 2 }).run([new Tensor('float32', [1, 2], [1, 2])]),
    (e) => e instanceof RangeError && /attribute 'axis': axis 2 is out of range for rank 2/.test(e.message));
  assert.throws(() => argmax({ axis: 1 }).run([new Tensor('float32', [], [2, 0])]),
    (e) => e instanceof RangeError && /axis 1/.test(e.message) && /\[2,0\]/.test(e.message));
  // And the next valid call works.
  assert.deepEqual(Array.from(argmax().run([new Tensor('float32', [1, 3], [2])])[0].data), [1n]);
});

test('ArgMax/inferShapes gives int64 with the axis kept or dropped, symbols passing through', () => {
  const node = Node.create({ opType: 'ArgMin', opset: 13, attributes: { axis: -1, keepdims: 0 } });
  assert.deepEqual(node.inferShapes([{ type: 'float16', dims: ['N', 3, 7] }]), [{ type: 'int64', dims: ['N', 3] }]);
});

test('ArgMax/one-node models run in InferenceSession and inferModelShapes', async () => {
  const model = oneNodeModel({ opType: 'ArgMax', opset: 13, attributes: { axis: 1 }, inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }],
    output: { name: 'y', type: 'int64', dims: null } });
  assert.deepEqual(inferModelShapes(model).y, { type: 'int64', dims: ['N', 1] });
  const session = await InferenceSession.create(model);
  const { y } = await session.run({ x: new Tensor('float32', [0, 5, 5, 1, 9, 2, 3, 9], [2, 4]) });
  await session.release();
  assert.deepEqual([Array.from(y.dims), Array.from(y.data)], [[2, 1], [1n, 0n]]);
});

test('ArgMax/large inputs (streamed) give the reference indices on every pattern', async () => {
  // 4 MB of float32 (and 1 MB of uint8) [1024, 1024]: axis 1 reduces rows (KR), axis 0
  // columns (RK); [1048576] one long slice (R).
  const rng = prng(7);
  for (const [type, Data] of [['float32', Float32Array], ['uint8', Uint8Array]]) {
    const x = new Data(1024 * 1024);
    for (let i = 0; i < x.length; ++i) x[i] = rng.int(0, 200);
    if (type === 'float32') x[777777] = NaN;
    const values = Array.from(x);
    for (const [dims, axis] of [[[1024, 1024], 1], [[1024, 1024], 0], [[1024 * 1024], 0]]) {
      for (const op of ['ArgMax', 'ArgMin']) {
        for (const last of [0, 1]) {
          const node = Node.create({ opType: op, opset: 13, attributes: { axis, select_last_index: last } });
          const [y] = node.run([new Tensor(type, x, dims)]);
          assert.deepEqual(Array.from(y.data), referenceArg(values, dims, axis, { max: op === 'ArgMax', last: last === 1 }),
            `${op} ${type} [${dims}] axis ${axis} last ${last}`);
          const model = oneNodeModel({ opType: op, opset: 13, attributes: { axis, select_last_index: last },
            inputs: [{ name: 'x', type, dims }], output: { name: 'y', type: 'int64', dims: null } });
          const session = await InferenceSession.create(model);
          const { y: fromSession } = session.runSync({ x: new Tensor(type, x, dims) });
          await session.release();
          assert.deepEqual(elements(fromSession), elements(y));
        }
      }
    }
  }
});

// The large-input case above holds whether or not the run streamed; this one observes that it
// did: a 32 MiB input held whole would grow wasm memory by at least 32 MiB.
test('ArgMax/a streamed input is never held whole in wasm memory', () => {
  const x = new Float32Array(8 << 20);  // [2048, 4096] float32: 32 MiB
  x[4096 * 2047 + 4095] = 1;
  const node = Node.create({ opType: 'ArgMax', opset: 13, attributes: { axis: 1 } });
  const before = memoryStats().memoryBytes;
  const [y] = node.run([new Tensor('float32', x, [2048, 4096])]);
  const grew = memoryStats().memoryBytes - before;
  node.dispose();
  assert.deepEqual([y.dims, y.data[2047], y.data[0]], [[2048, 1], 4095n, 0n]);
  assert.ok(grew < 8 << 20, `wasm memory grew by ${grew} bytes for a 32 MiB input: the run did not stream`);
});
