// Tensor as a user builds it: type, data, dims and size, plain arrays and the onnxruntime-web
// form, float16/bfloat16 rounding, every dtype through a run, read-only fields, Node Buffers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node } from '../../dist/index.node.mjs';
import { f16ToNumber, bf16ToNumber } from './helpers/values.mjs';
import { f32, i64, run1 } from './helpers/api-calls.mjs';

await init();

test('Tensor/holds type, data, dims and size', () => {
  const t = new Tensor('float32', new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
  assert.equal(t.type, 'float32');
  assert.ok(t.data instanceof Float32Array);
  assert.deepEqual(Array.from(t.dims), [2, 3]);
  assert.equal(t.size, 6);
});

test('Tensor/dims default to [data.length]; a rank-0 tensor has dims [] and size 1', () => {
  assert.deepEqual(Array.from(new Tensor('int32', [1, 2, 3]).dims), [3]);
  const s = new Tensor('float64', [7], []);
  assert.deepEqual(Array.from(s.dims), []);
  assert.equal(s.size, 1);
});

test('Tensor/plain arrays become the TypedArray of the type', () => {
  const expected = {
    float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array,
    int8: Int8Array, uint8: Uint8Array, int32: Int32Array, uint32: Uint32Array,
    int64: BigInt64Array, uint64: BigUint64Array, bool: Uint8Array,
  };
  for (const [type, Array_] of Object.entries(expected)) {
    const t = new Tensor(type, [1, 0], [2]);
    assert.ok(t.data instanceof Array_, `${type} -> ${Array_.name}, got ${t.data.constructor.name}`);
  }
  assert.deepEqual(Array.from(new Tensor('bool', [true, false, true]).data), [1, 0, 1]);
  assert.deepEqual(Array.from(new Tensor('int64', [1, -2n]).data), [1n, -2n]);
});

test('Tensor/the ORT-web form new Tensor(typedArray, dims) infers the type', () => {
  assert.equal(new Tensor(new Float32Array(4), [2, 2]).type, 'float32');
  assert.equal(new Tensor(new BigInt64Array(2)).type, 'int64');
  assert.equal(new Tensor(new Uint8Array(2)).type, 'uint8');
});

test('Tensor/float16 from numbers rounds to nearest even, with overflow, subnormals and NaN', () => {
  const bits = (x) => new Tensor('float16', [x]).data[0];
  assert.equal(bits(1), 0x3c00);
  assert.equal(bits(-2), 0xc000);
  assert.equal(bits(65504), 0x7bff);
  assert.equal(bits(65520), 0x7c00, 'rounds up to +Infinity');
  assert.equal(bits(-Infinity), 0xfc00);
  assert.equal(bits(2 ** -24), 0x0001, 'smallest subnormal');
  assert.equal(bits(1 + 2 ** -11), 0x3c00, 'tie rounds to even (down)');
  assert.equal(bits(1 + 3 * 2 ** -11), 0x3c02, 'tie rounds to even (up)');
  assert.ok(Number.isNaN(f16ToNumber(bits(NaN))));
});

test('Tensor/bfloat16 from numbers rounds to nearest even and keeps NaN', () => {
  const bits = (x) => new Tensor('bfloat16', [x]).data[0];
  assert.equal(bits(1), 0x3f80);
  assert.equal(bits(-3.5), 0xc060);
  assert.equal(bits(1 + 2 ** -8), 0x3f80, 'tie rounds to even (down)');
  assert.equal(bits(1 + 3 * 2 ** -8), 0x3f82, 'tie rounds to even (up)');
  assert.ok(Number.isNaN(bf16ToNumber(bits(NaN))));
});

// ---------------------------------------------------------------------------------------------
// Every dtype through a Node run: the output has the same type and TypedArray, exact values.

const DTYPE_CASES = [
  // [title, spec, input tensor(s), expected type, expected TypedArray, expected values, expected dims]
  ['float32', { opType: 'ReduceSum', opset: 13 }, () => [f32([1.5, 2.25, -1])], 'float32', Float32Array, [2.75], [1]],
  ['float64 keeps double precision', { opType: 'ReduceMax', opset: 18 }, () => [new Tensor('float64', [1, 1 + 2 ** -40, -3])], 'float64', Float64Array, [1 + 2 ** -40], [1]],
  ['float16 as Uint16Array bits', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('float16', Uint16Array.of(0x3c00, 0x4000, 0x4300))], 'float16', Uint16Array, [0x4680], [1]],
  ['float16 from plain numbers', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('float16', [1, 2, 3.5])], 'float16', Uint16Array, [0x4680], [1]],
  ['bfloat16 as Uint16Array bits', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('bfloat16', Uint16Array.of(0x3f80, 0x4000, 0x4060))], 'bfloat16', Uint16Array, [0x40d0], [1]],
  ['bfloat16 from plain numbers', { opType: 'ReduceProd', opset: 18 }, () => [new Tensor('bfloat16', [2, -3.5])], 'bfloat16', Uint16Array, [0xc0e0], [1]],
  ['int8 (ReduceMin, opset 12)', { opType: 'ReduceMin', opset: 12 }, () => [new Tensor('int8', [5, -128, 127])], 'int8', Int8Array, [-128], [1]],
  ['int8 (ReduceMax, opset 20)', { opType: 'ReduceMax', opset: 20 }, () => [new Tensor('int8', Int8Array.of(5, -128, 127))], 'int8', Int8Array, [127], [1]],
  ['uint8 (ReduceMax, opset 12)', { opType: 'ReduceMax', opset: 12 }, () => [new Tensor('uint8', Uint8Array.of(7, 255, 0))], 'uint8', Uint8Array, [255], [1]],
  ['uint8 (ReduceMin, opset 13)', { opType: 'ReduceMin', opset: 13 }, () => [new Tensor('uint8', [7, 255, 3])], 'uint8', Uint8Array, [3], [1]],
  ['int32 wraps on overflow like numpy', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('int32', Int32Array.of(2 ** 31 - 1, 1))], 'int32', Int32Array, [-(2 ** 31)], [1]],
  ['int32 product wraps like numpy', { opType: 'ReduceProd', opset: 13 }, () => [new Tensor('int32', [65536, 65536, 3])], 'int32', Int32Array, [0], [1]],
  ['uint32', { opType: 'ReduceMax', opset: 13 }, () => [new Tensor('uint32', Uint32Array.of(1, 2 ** 32 - 1, 0))], 'uint32', Uint32Array, [2 ** 32 - 1], [1]],
  ['int64 via BigInt, exact beyond 2^53', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('int64', BigInt64Array.of(2n ** 53n + 1n, 0n, -2n))], 'int64', BigInt64Array, [2n ** 53n - 1n], [1]],
  ['int64 via BigInt wraps like numpy', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('int64', [2n ** 62n, 2n ** 62n])], 'int64', BigInt64Array, [-(2n ** 63n)], [1]],
  ['uint64 via BigInt above 2^63', { opType: 'ReduceMax', opset: 13 }, () => [new Tensor('uint64', BigUint64Array.of(0n, 2n ** 64n - 1n, 5n))], 'uint64', BigUint64Array, [2n ** 64n - 1n], [1]],
  ['uint64 from plain numbers and BigInts', { opType: 'ReduceSum', opset: 13 }, () => [new Tensor('uint64', [2n ** 63n, 5])], 'uint64', BigUint64Array, [2n ** 63n + 5n], [1]],
  ['bool (ReduceMax, opset 20)', { opType: 'ReduceMax', opset: 20, attributes: { keepdims: 0 } }, () => [new Tensor('bool', [true, false, false, false], [2, 2]), i64([1], [1])], 'bool', Uint8Array, [1, 0], [2]],
  ['bool (ReduceMin, opset 20)', { opType: 'ReduceMin', opset: 20 }, () => [new Tensor('bool', Uint8Array.of(1, 1, 0))], 'bool', Uint8Array, [0], [1]],
  ['float32 through CumProd (opset 26)', { opType: 'CumProd', opset: 26 }, () => [f32([1, 2, 3, 4]), i64([0], [])], 'float32', Float32Array, [1, 2, 6, 24], [4]],
  ['int64 through CumSum (opset 14), int32 axis', { opType: 'CumSum', opset: 14, attributes: { exclusive: 1 } }, () => [i64([1, 2, 3]), new Tensor('int32', [0], [])], 'int64', BigInt64Array, [0n, 1n, 3n], [3]],
];

for (const [title, spec, inputs, type, ArrayType, values, dims] of DTYPE_CASES) {
  test(`dtypes/${title} round trips through ${spec.opType} (opset ${spec.opset})`, () => {
    const y = run1(spec, inputs());
    assert.equal(y.type, type);
    assert.ok(y.data instanceof ArrayType, `data is a ${y.data.constructor.name}, expected ${ArrayType.name}`);
    assert.deepEqual(Array.from(y.dims), dims);
    assert.deepEqual(Array.from(y.data), values);
  });
}

test('dtypes/float16 accepts a Float16Array where the runtime has one', (t) => {
  if (typeof Float16Array === 'undefined') {
    t.skip(`Float16Array does not exist in Node ${process.version}`);
    return;
  }
  // eslint-disable-next-line no-undef
  const y = run1({ opType: 'ReduceSum', opset: 13 }, [new Tensor('float16', Float16Array.of(1, 2, 3.5))]);
  assert.equal(y.type, 'float16');
  assert.equal(f16ToNumber(y.data[0]), 6.5);
});

test('dtypes/NaN and infinities pass through float reductions', () => {
  assert.ok(Number.isNaN(run1({ opType: 'ReduceMax', opset: 18 }, [f32([1, NaN, 3])]).data[0]));
  assert.equal(run1({ opType: 'ReduceSum', opset: 13 }, [f32([1, Infinity])]).data[0], Infinity);
  assert.ok(Number.isNaN(run1({ opType: 'ReduceProd', opset: 13 }, [f32([Infinity, 0])]).data[0]));
});

test('Tensor/is read-only once built: type, data, dims and size cannot be swapped', () => {
  const t = f32([1, 2, 3], [3]);
  // V8's own message names the class (not the minifier's name for it).
  assert.throws(() => { t.data = new Float32Array(100); }, { name: 'TypeError', message: /read only property 'data' of object '#<Tensor>'/ });
  assert.throws(() => { t.type = 'int8'; }, TypeError);
  assert.throws(() => { t.dims.push(2); }, TypeError);
  t.data[0] = 5; // the elements stay writable
  const [y] = Node.create({ opType: 'ReduceSum', opset: 13 }).run([t]);
  assert.deepEqual(Array.from(y.data), [10]);
});

test("Tensor/a 'wasm' tensor's data cannot be swapped either, and the message says what to do", () => {
  const t = Tensor.allocate('float32', [3]);
  assert.throws(() => { t.data = new Float32Array(3); }, { name: 'TypeError', message: /^Tensor\.data of a 'wasm' tensor is read-only: write into its elements \(tensor\.data\.set\(values\)\)$/ });
  t.data.set([1, 2, 3]);
  assert.deepEqual(Array.from(t.data), [1, 2, 3]);
  t.dispose();
});

test('Tensor: a Node Buffer is uint8 (or bool) data, a view of the same memory, as onnxruntime-web takes it', async () => {
  await init();
  const b = Buffer.from([1, 2, 3, 250]);
  const t = new Tensor('uint8', b, [4]);
  assert.equal(t.type, 'uint8');
  assert.equal(Object.getPrototypeOf(t.data), Uint8Array.prototype);
  assert.deepEqual(Array.from(t.data), [1, 2, 3, 250]);
  b[0] = 9;
  assert.equal(t.data[0], 9, 'the same memory, not a copy');
  assert.deepEqual([new Tensor(b).type, new Tensor(b).dims], ['uint8', [4]]);
  assert.equal(new Tensor('bool', Buffer.from([1, 0]), [2]).type, 'bool');
  const [y] = Node.create({ opType: 'ReduceMax', opset: 13, attributes: { keepdims: 0 } }).run([new Tensor('uint8', b, [4])]);
  assert.equal(y.data[0], 250);
  // Other types still need their own array: a Buffer is no Float32Array.
  assert.throws(() => new Tensor('float32', Buffer.from([1, 2, 3, 4]), [1]),
    (e) => e instanceof TypeError && /needs a Float32Array or a plain array, got Uint8Array$/.test(e.message));
});
