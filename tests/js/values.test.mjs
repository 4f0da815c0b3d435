// Values across the boundary: the JS half-float converters round once, exactly as the wasm Cast
// from float64 (every rounding boundary of both formats); ReduceMax/ReduceMin give one NaN
// whatever the slice length; int64 attributes read back exactly (BigInt beyond 2^53) and can
// be given again; '__proto__' is an ordinary name for attributes, values and outputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  init, Tensor, Node, InferenceSession, inferModelShapes, makeModel,
  numberToFloat16Bits, numberToBfloat16Bits, float16BitsToNumber, bfloat16BitsToNumber,
} from '../../dist/index.node.mjs';

await init();

// Every finite value of a format (positive and negative), the midpoints between neighbours
// (ties), and the doubles just below and above each midpoint.
function boundaries(toNumber, maxFinite) {
  const out = [];
  for (let b = 0; b < maxFinite; ++b) {
    const lo = toNumber(b), hi = toNumber(b + 1);
    const mid = (lo + hi) / 2;  // exact in double
    const step = Math.max(Math.abs(mid) * 2 ** -45, 2 ** -160);
    out.push(lo, mid, mid - step, mid + step);
  }
  out.push(toNumber(maxFinite));
  return out.flatMap((v) => [v, -v]);
}

for (const [type, to, toBits, toNumber, maxFinite] of [
  ['float16', 10, numberToFloat16Bits, float16BitsToNumber, 0x7bff],
  ['bfloat16', 16, numberToBfloat16Bits, bfloat16BitsToNumber, 0x7f7f],
]) {
  test(`values/numberTo${type === 'float16' ? 'Float16' : 'Bfloat16'}Bits rounds as the wasm Cast on every rounding boundary`, () => {
    const xs = boundaries(toNumber, maxFinite);
    // Beyond the largest finite value: the tie to infinity and its neighbours.
    const top = toNumber(maxFinite), ulp = top - toNumber(maxFinite - 1);
    xs.push(top + ulp / 2, top + ulp / 2 - ulp * 2 ** -40, top + ulp * 0.49999, Infinity, -Infinity, 0, -0);
    const cast = Node.create({ opType: 'Cast', opset: 19, attributes: { to } });
    const [wasm] = cast.run([new Tensor('float64', Float64Array.from(xs), [xs.length])]);
    let mismatches = 0;
    xs.forEach((x, i) => {
      if (toBits(x) !== wasm.data[i] && mismatches++ < 5) assert.fail(`${type}: ${x} -> JS ${toBits(x)}, wasm Cast ${wasm.data[i]}`);
    });
    assert.equal(mismatches, 0);
  });
}

test('values/1 + 2^-11 + 2^-40 and 65519.99999 are rounded once', () => {
  assert.equal(numberToFloat16Bits(1 + 2 ** -11 + 2 ** -40), 15361);
  assert.equal(numberToFloat16Bits(65519.99999), 0x7bff);
  assert.equal(numberToFloat16Bits(65520), 0x7c00);
  assert.equal(numberToBfloat16Bits(1 + 2 ** -8 + 2 ** -40), 0x3f81);
});

for (const op of ['ReduceMax', 'ReduceMin']) {
  test(`values/${op}: a NaN result has one bit pattern whatever the slice length and NaN`, () => {
    const node = Node.create({ opType: op, opset: 18, attributes: { keepdims: 0 } });
    const seen = new Set();
    for (const payload of [0x7fc00001, 0xffc00000, 0x7f800001]) {
      for (let n = 1; n <= 70; ++n) {
        for (const at of [0, n >> 1, n - 1]) {
          const bits = new Uint32Array(n).fill(0x3f800000);  // 1.0
          bits[at] = payload;
          const [y] = node.run([new Tensor('float32', new Float32Array(bits.buffer), [n])]);
          seen.add(new Uint32Array(y.data.buffer)[0].toString(16));
        }
      }
    }
    assert.deepEqual([...seen], ['ffffffff']);
    // float16 and bfloat16 (keys: docs/semantics.md): one NaN per op as well.
    for (const [type, nans] of [['float16', [0x7e01, 0xfe00, 0x7c01]], ['bfloat16', [0x7fc1, 0xffc0, 0x7f81]]]) {
      const halves = new Set();
      for (const nan of nans) {
        for (let n = 1; n <= 40; ++n) {
          const bits = new Uint16Array(n).fill(0x3c00);
          bits[n >> 1] = nan;
          halves.add(node.run([new Tensor(type, bits, [n])])[0].data[0].toString(16));
        }
      }
      assert.deepEqual([...halves], [op === 'ReduceMax' ? '7fff' : 'ffff'], type);
    }
  });
}

test('values/int64 attributes beyond 2^53 read back as BigInt and round-trip', () => {
  for (const axis of [2n ** 62n + 1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 53n]) {
    const node = Node.create({ opType: 'ArgMax', opset: 13, attributes: { axis } });
    assert.equal(node.attributes.axis, axis, `axis ${axis}`);
    const again = Node.create({ opType: 'ArgMax', opset: 13, attributes: node.attributes });
    assert.equal(again.attributes.axis, axis);
  }
  // Within 2^53 they stay numbers; int lists mix the two as needed.
  assert.equal(Node.create({ opType: 'ArgMax', opset: 13, attributes: { axis: -1 } }).attributes.axis, -1);
  const axes = Node.create({ opType: 'ReduceSum', opset: 11, attributes: { axes: [1, 2n ** 60n + 3n] } }).attributes.axes;
  assert.deepEqual(axes, [1, 2n ** 60n + 3n]);
});

test("values/'__proto__' is an ordinary name: attributes, graph values and outputs", async () => {
  // An attribute: refused as unknown, like any other name the op does not have.
  for (const name of ['constructor', '__proto__']) {
    const attributes = JSON.parse(`{"${name}": 1}`);
    assert.throws(() => Node.create({ opType: 'Abs', attributes }), { name: 'RangeError', message: new RegExp(`'${name}'`) });
    assert.throws(() => makeModel({
      inputs: [{ name: 'x', type: 'float32', dims: [1] }], outputs: [{ name: 'y', type: 'float32', dims: [1] }],
      nodes: [{ opType: 'Abs', inputs: ['x'], outputs: ['y'], attributes }],
    }), { name: 'RangeError', message: new RegExp(`'${name}'`) });
  }
  // A graph output and a graph input named '__proto__'.
  const model = makeModel({
    opset: 13,
    inputs: [{ name: '__proto__', type: 'float32', dims: [2] }],
    outputs: [{ name: '__proto__2', type: 'float32', dims: [2] }, { name: 'constructor', type: 'float32', dims: [2] }],
    nodes: [
      { opType: 'Abs', inputs: ['__proto__'], outputs: ['__proto__2'] },
      { opType: 'Neg', inputs: ['__proto__'], outputs: ['constructor'] },
    ],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(Object.keys(shapes).sort(), ['__proto__', '__proto__2', 'constructor']);
  assert.deepEqual(shapes.__proto__, { type: 'float32', dims: [2] });
  const outModel = makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [2] }],
    outputs: [{ name: '__proto__', type: 'float32', dims: [2] }],
    nodes: [{ opType: 'Abs', inputs: ['x'], outputs: ['__proto__'] }],
  });
  const session = await InferenceSession.create(outModel);
  const result = await session.run({ x: new Tensor('float32', [-1, 2], [2]) });
  assert.deepEqual(Object.keys(result), ['__proto__']);
  assert.equal(Object.getPrototypeOf(result), Object.prototype);
  assert.deepEqual(Array.from(Object.getOwnPropertyDescriptor(result, '__proto__').value.data), [1, 2]);
  assert.deepEqual(Object.keys(inferModelShapes(outModel)).sort(), ['__proto__', 'x']);
  await session.release();
  const feeds = JSON.parse('{"__proto__": null}');
  feeds.__proto__ = new Tensor('float32', [-3, 4], [2]);
  const s2 = await InferenceSession.create(model);
  assert.deepEqual(Array.from((await s2.run(feeds)).constructor.data), [3, -4]);
  await s2.release();
});
