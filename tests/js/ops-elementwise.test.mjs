// The element-wise ops (Abs, Exp, Log, Sqrt, Neg, Reciprocal, Add, Sub, Mul, Div, Cast, CastLike)
// and Constant through the JS API:
// Node.create/run on every element type's TypedArray (bool, int64 BigInts and the half types
// included), shape inference of broadcasting, errors, and a model of a Reduce function body
// through InferenceSession. References are computed here with Math.* and plain loops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ort from 'onnxruntime-web';
import { init, Tensor, Node, InferenceSession, inferModelShapes } from '../../dist/index.node.mjs';
import { encodeModel, oneNodeModel } from './helpers/model-writer.mjs';
import { prng } from './helpers/prng.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await init();

const run1 = (spec, inputs) => {
  const node = Node.create(spec);
  try {
    const [y] = node.run(inputs);
    return y;
  } finally {
    node.dispose();
  }
};
const ONNX = { float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, bool: 9, float16: 10, float64: 11, uint32: 12, uint64: 13, bfloat16: 16 };

test('elementwise/Abs of every signed type, the most negative integer wrapping as numpy', () => {
  const cases = [
    ['int8', Int8Array.of(-128, -3, 4), [-128, 3, 4]],
    ['int16', Int16Array.of(-32768, -3, 4), [-32768, 3, 4]],
    ['int32', Int32Array.of(-(2 ** 31), -3, 4), [-(2 ** 31), 3, 4]],
    ['int64', BigInt64Array.of(-(2n ** 63n), -3n, 4n), [-(2n ** 63n), 3n, 4n]],
    ['float32', Float32Array.of(-0, -1.5, Infinity), [0, 1.5, Infinity]],
    ['float64', Float64Array.of(-2.25, -Infinity, 3), [2.25, Infinity, 3]],
  ];
  for (const [type, data, want] of cases) {
    const y = run1({ opType: 'Abs', opset: 13 }, [new Tensor(type, data, [3])]);
    assert.equal(y.type, type);
    assert.deepEqual(Array.from(y.data), want, type);
  }
  const h = run1({ opType: 'Abs', opset: 13 }, [new Tensor('float16', Uint16Array.of(0xbc00, 0x3c00), [2])]);
  assert.deepEqual(Array.from(h.data), [0x3c00, 0x3c00], 'float16 clears the sign bit');
});

test('elementwise/Exp, Log and Sqrt of float32 and float64 agree with Math within 2 float32 ulps', () => {
  const r = prng(7);
  const x = Array.from({ length: 257 }, () => r.next() * 40 - 20);
  const pos = x.map((v) => Math.abs(v) + 1e-3);
  for (const [op, input, fn] of [['Exp', x, Math.exp], ['Log', pos, Math.log], ['Sqrt', pos, Math.sqrt]]) {
    for (const type of ['float32', 'float64']) {
      const t = new Tensor(type, input, [input.length]);
      const y = run1({ opType: op, opset: 13 }, [t]);
      assert.equal(y.type, type);
      y.data.forEach((got, i) => {
        const want = fn(t.data[i]);
        const tol = type === 'float64' ? 4e-16 * Math.abs(want) : 2.5e-7 * Math.abs(want);
        assert.ok(Math.abs(got - want) <= tol, `${op} ${type}(${t.data[i]}): got ${got}, want ${want}`);
      });
    }
  }
});

test('elementwise/Mul broadcasts like numpy, int64 as BigInt and uint8 wrapping', () => {
  const a = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  const b = new Tensor('float32', [10, 100, 1000], [3]);
  const y = run1({ opType: 'Mul', opset: 14 }, [a, b]);
  assert.deepEqual(Array.from(y.dims), [2, 3]);
  assert.deepEqual(Array.from(y.data), [10, 200, 3000, 40, 500, 6000]);
  const col = run1({ opType: 'Mul', opset: 14 }, [new Tensor('int64', [2n, 3n], [2, 1]), new Tensor('int64', [5n, 7n], [1, 2])]);
  assert.deepEqual(Array.from(col.data), [10n, 14n, 15n, 21n]);
  const u8 = run1({ opType: 'Mul', opset: 14 }, [new Tensor('uint8', [16, 3], [2]), new Tensor('uint8', [17, 5], [2])]);
  assert.deepEqual(Array.from(u8.data), [(16 * 17) % 256, 15]);
});

test('elementwise/Cast to and from bool, int64 and the half types', () => {
  const x = new Tensor('float32', [0, -0.5, 2.75, NaN, 1e10, -1e10], [6]);
  const cast = (to, t = x, opset = 21) => run1({ opType: 'Cast', opset, attributes: { to: ONNX[to] } }, [t]);
  const b = cast('bool');
  assert.equal(b.type, 'bool');
  assert.ok(b.data instanceof Uint8Array);
  assert.deepEqual(Array.from(b.data), [0, 1, 1, 1, 1, 1]);
  assert.deepEqual(Array.from(cast('int32').data), [0, 0, 2, 0, 2 ** 31 - 1, -(2 ** 31)], 'trunc, NaN -> 0, saturation');
  assert.deepEqual(Array.from(cast('int64').data), [0n, 0n, 2n, 0n, 10000000000n, -10000000000n]);
  assert.deepEqual(Array.from(cast('uint8').data), [0, 0, 2, 0, 255, 0]);
  assert.deepEqual(Array.from(cast('float16').data).slice(0, 3), [0x0000, 0xb800, 0x4180]);
  assert.deepEqual(Array.from(cast('bfloat16').data).slice(0, 3), [0x0000, 0xbf00, 0x4030]);
  const fromBool = cast('float64', new Tensor('bool', Uint8Array.of(0, 1, 1), [3]));
  assert.deepEqual(Array.from(fromBool.data), [0, 1, 1]);
  const big = cast('float32', new Tensor('uint64', [2n ** 64n - 1n], [1]));
  assert.equal(big.data[0], 2 ** 64);
  assert.deepEqual(Array.from(run1({ opType: 'Cast', opset: 1, attributes: { to: 'INT8' } }, [x]).data), [0, 0, 2, 0, 127, -128]);
});

test('elementwise/CastLike takes the type of its second input', () => {
  const y = run1({ opType: 'CastLike', opset: 15 }, [new Tensor('int32', [0, 7], [2]), new Tensor('bool', Uint8Array.of(1), [1])]);
  assert.equal(y.type, 'bool');
  assert.deepEqual(Array.from(y.data), [0, 1]);
});

test('elementwise/inferShapes broadcasts symbolic dims and gives Cast its target type', () => {
  const mul = Node.create({ opType: 'Mul', opset: 14 });
  assert.deepEqual(mul.inferShapes([{ type: 'float32', dims: ['N', 1] }, { type: 'float32', dims: [1, 'D'] }]), [{ type: 'float32', dims: ['N', 'D'] }]);
  assert.deepEqual(mul.inferShapes([{ type: 'float32', dims: ['N'] }, { type: 'float32', dims: ['M'] }]), [{ type: 'float32', dims: [null] }]);
  mul.dispose();
  const cast = Node.create({ opType: 'Cast', opset: 13, attributes: { to: ONNX.float64 } });
  assert.deepEqual(cast.inferShapes([{ type: 'float32', dims: ['N', 3] }]), [{ type: 'float64', dims: ['N', 3] }]);
  cast.dispose();
});

test('elementwise/bad inputs are errors naming the op, the input or attribute and the reason', () => {
  const f = (dims) => new Tensor('float32', new Array(dims.reduce((p, d) => p * d, 1)).fill(1), dims);
  assert.throws(() => run1({ opType: 'Mul', opset: 14 }, [f([2, 3]), f([2])]),
    { name: 'RangeError', message: "Mul (opset 14): input 0 'A' of shape [2,3] and input 1 'B' of shape [2] do not broadcast (dim 1 of the output: 3 vs 2)" });
  assert.throws(() => run1({ opType: 'Mul', opset: 14 }, [f([2]), new Tensor('float64', [1, 2], [2])]), { name: 'TypeError', message: /input 1 'B' has element type float64 but input 0 'A' has float32/ });
  assert.throws(() => run1({ opType: 'Exp', opset: 13 }, [new Tensor('int32', [1], [1])]), { name: 'TypeError', message: /Exp \(opset 13\): input 0 'input' has element type int32/ });
  // The newer types are known to shape inference: the node is made, a run of it is refused.
  const toFloat8 = Node.create({ opType: 'Cast', opset: 19, attributes: { to: 17 } });
  assert.deepEqual(toFloat8.inferShapes([{ type: 'float32', dims: [2] }]), [{ type: 'float8e4m3fn', dims: [2] }]);
  assert.throws(() => toFloat8.run([f([2])]), {
    message: "Cast (opset 19): attribute 'to' is float8e4m3fn, an element type the runtime does not run (known to shape inference only)",
  });
  assert.throws(() => Node.create({ opType: 'Cast', opset: 19, attributes: { to: 22 } }), { name: 'RangeError', message: /attribute 'to' is int4 \(22\), which Cast accepts only from version 21/ });
  assert.throws(() => Node.create({ opType: 'Cast', opset: 13, attributes: { to: 8 } }), { name: 'TypeError', message: /attribute 'to' is string \(8\)/ });
  assert.throws(() => Node.create({ opType: 'Cast', opset: 13 }), { name: 'RangeError', message: /attribute 'to' is required/ });
  assert.throws(() => Node.create({ opType: 'CastLike', opset: 14 }), { name: 'Error', message: /CastLike does not exist in opset 14/ });
  // The runtime stays usable.
  assert.deepEqual(Array.from(run1({ opType: 'Sqrt', opset: 13 }, [new Tensor('float32', [4], [1])]).data), [2]);
});

test('elementwise/a ReduceLogSumExp function body runs in InferenceSession and matches the op', async () => {
  const model = encodeModel({
    opset: 18,
    nodes: [
      { opType: 'Cast', inputs: ['data'], outputs: ['d'], attributes: { to: ONNX.float64 } },
      { opType: 'Exp', inputs: ['d'], outputs: ['e'] },
      { opType: 'ReduceSum', inputs: ['e', 'axes'], outputs: ['s'], attributes: { keepdims: 0 } },
      { opType: 'Log', inputs: ['s'], outputs: ['l'] },
      { opType: 'CastLike', inputs: ['l', 'data'], outputs: ['y'] },
    ],
    inputs: [{ name: 'data', type: 'float32', dims: ['N', 4] }, { name: 'axes', type: 'int64', dims: [1] }],
    outputs: [{ name: 'y', type: 'float32', dims: null }],
  });
  assert.deepEqual(inferModelShapes(model).d, { type: 'float64', dims: ['N', 4] });
  assert.equal(inferModelShapes(model).y.type, 'float32');
  const session = await InferenceSession.create(model);
  const data = new Tensor('float32', [0.5, 1, -2, 3, 0, 0, 0, 0], [2, 4]);
  const { y } = await session.run({ data, axes: new Tensor('int64', [1n], [1]) });
  await session.release();
  const want = [[0.5, 1, -2, 3], [0, 0, 0, 0]].map((row) => Math.log(row.reduce((s, v) => s + Math.exp(v), 0)));
  assert.equal(y.type, 'float32');
  assert.deepEqual(Array.from(y.dims), [2]);
  y.data.forEach((v, i) => assert.ok(Math.abs(v - want[i]) <= 1e-6 * Math.abs(want[i]), `row ${i}: ${v} vs ${want[i]}`));
});

test('elementwise/agrees with onnxruntime-web: Cast of in-range values, Exp/Log/Sqrt/Abs/Neg/Reciprocal, broadcast Add/Sub/Mul/Div', async () => {
  const r = prng(99);
  const ARR = { float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: BigInt64Array, uint8: Uint8Array, bool: Uint8Array };
  const values = (type, n) => {
    if (type === 'bool') return Uint8Array.from({ length: n }, () => r.int(0, 1));
    if (type === 'uint8') return Uint8Array.from({ length: n }, () => r.int(0, 255));
    if (type === 'int64') return BigInt64Array.from({ length: n }, () => BigInt(r.int(-100000, 100000)));
    if (type === 'int32') return Int32Array.from({ length: n }, () => r.int(-100000, 100000));
    return ARR[type].from({ length: n }, () => (r.next() - 0.5) * 500);  // within every target's range but uint8's
  };
  const cases = [];
  for (const from of ['float32', 'float64', 'int32', 'int64', 'bool']) {
    for (const to of ['float32', 'float64', 'int32', 'int64', 'bool']) {
      cases.push({ opType: 'Cast', opset: 13, attributes: { to: ONNX[to] }, inputs: [[from, [3, 5]]], out: to });
    }
  }
  for (const op of ['Exp', 'Log', 'Sqrt', 'Abs', 'Neg', 'Reciprocal']) cases.push({ opType: op, opset: 13, inputs: [['float32', [4, 9]]], out: 'float32' });
  for (const op of ['Add', 'Sub', 'Div']) {
    cases.push({ opType: op, opset: 14, inputs: [['float32', [3, 1, 5]], ['float32', [4, 1]]], out: 'float32', dims: [3, 4, 5] });
    cases.push({ opType: op, opset: 14, inputs: [['int32', [2, 3]], ['int32', [3]]], out: 'int32', dims: [2, 3] });
    cases.push({ opType: op, opset: 14, inputs: [['int64', [4]], ['int64', []]], out: 'int64', dims: [4] });
  }
  cases.push({ opType: 'Mul', opset: 14, inputs: [['float32', [3, 1, 5]], ['float32', [4, 1]]], out: 'float32', dims: [3, 4, 5] });
  cases.push({ opType: 'Mul', opset: 14, inputs: [['int32', [2, 3]], ['int32', [3]]], out: 'int32', dims: [2, 3] });
  for (const c of cases) {
    const feeds = {};
    const ours = {};
    const infos = c.inputs.map(([type, dims], i) => {
      let data = values(type, dims.reduce((p, d) => p * d, 1));
      if (c.opType === 'Log' || c.opType === 'Sqrt') data = data.map(Math.abs);
      if (c.opType === 'Div' && i === 1) data = data.map((v) => (typeof v === 'bigint' ? (v === 0n ? 7n : v) : v === 0 ? 7 : v));
      feeds[`x${i}`] = new ort.Tensor(type, data, dims);
      ours[`x${i}`] = new Tensor(type, data, dims);
      return { name: `x${i}`, type, dims };
    });
    const model = oneNodeModel({ opType: c.opType, attributes: c.attributes, opset: c.opset, inputs: infos, output: { name: 'y', type: c.out, dims: null } });
    const session = await ort.InferenceSession.create(model);
    const want = (await session.run(feeds)).y;
    await session.release();
    const mine = await InferenceSession.create(model);
    const { y } = await mine.run(ours);
    await mine.release();
    const what = `${c.opType} ${c.inputs.map((i) => i[0]).join(',')} -> ${c.out}`;
    assert.equal(y.type, want.type, what);
    assert.deepEqual(Array.from(y.dims), Array.from(want.dims), what);
    Array.from(y.data).forEach((v, i) => {
      const w = want.data[i];
      if (typeof v === 'bigint' || typeof w === 'bigint' || !c.out.startsWith('float')) assert.equal(v, w, `${what} [${i}]`);
      else assert.ok(v === w || Math.abs(v - w) <= 2.5e-7 * Math.abs(w), `${what} [${i}]: ${v} vs ${w}`);
    });
  }
});

test('elementwise/Add, Sub and Div broadcast; integer Div truncates toward zero', () => {
  const a = new Tensor('int32', Int32Array.of(7, -7, 9, -9), [2, 2]);
  const b = new Tensor('int32', Int32Array.of(2, -4), [2]);
  assert.deepEqual(Array.from(run1({ opType: 'Div', opset: 14 }, [a, b]).data), [3, 1, 4, 2]);
  assert.deepEqual(Array.from(run1({ opType: 'Add', opset: 14 }, [a, b]).data), [9, -11, 11, -13]);
  assert.deepEqual(Array.from(run1({ opType: 'Sub', opset: 14 }, [a, b]).data), [5, -3, 7, -5]);
  const u = new Tensor('uint8', Uint8Array.of(0, 1), [2]);
  assert.deepEqual(Array.from(run1({ opType: 'Sub', opset: 14 }, [u, new Tensor('uint8', Uint8Array.of(1, 1), [2])]).data), [255, 0]);
});

test('elementwise/integer division by zero is a RangeError naming the op, the input and the index; the node stays usable', () => {
  const node = Node.create({ opType: 'Div', opset: 14 });
  const a = new Tensor('int64', BigInt64Array.of(1n, 2n), [2]);
  assert.throws(() => node.run([a, new Tensor('int64', BigInt64Array.of(1n, 0n), [2])]),
    { name: 'RangeError', message: "Div (opset 14): input 1 'B' holds 0 at index 1; integer division by zero has no result" });
  assert.deepEqual(Array.from(node.run([a, new Tensor('int64', BigInt64Array.of(1n, 2n), [2])])[0].data), [1n, 1n]);
  node.dispose();
});

test('elementwise/Neg flips signs (the most negative integer wraps), Reciprocal inverts', () => {
  assert.deepEqual(Array.from(run1({ opType: 'Neg', opset: 13 }, [new Tensor('int8', Int8Array.of(-128, 3), [2])]).data), [-128, -3]);
  assert.deepEqual(Array.from(run1({ opType: 'Reciprocal', opset: 13 }, [new Tensor('float64', Float64Array.of(4, -0), [2])]).data), [0.25, -Infinity]);
});

test('elementwise/Constant takes a Tensor value or the value_* forms, and its attributes read back', () => {
  const value = new Tensor('float32', Float32Array.of(1, 2, 3, 4), [2, 2]);
  const node = Node.create({ opType: 'Constant', opset: 13, attributes: { value } });
  const [y] = node.run([]);
  assert.deepEqual([y.type, y.dims, Array.from(y.data)], ['float32', [2, 2], [1, 2, 3, 4]]);
  const back = node.attributes.value;
  assert.ok(back instanceof Tensor);
  assert.deepEqual([back.type, back.dims, Array.from(back.data)], ['float32', [2, 2], [1, 2, 3, 4]]);
  assert.deepEqual(node.inferShapes([]), [{ type: 'float32', dims: [2, 2] }]);
  node.dispose();
  const ints = run1({ opType: 'Constant', opset: 13, attributes: { value_ints: [0, -1] } }, []);
  assert.deepEqual([ints.type, ints.dims, Array.from(ints.data)], ['int64', [2], [0n, -1n]]);
  assert.throws(() => run1({ opType: 'Constant', opset: 13 }, []), { name: 'RangeError', message: /Constant \(opset 13\): needs exactly one value attribute/ });
});
