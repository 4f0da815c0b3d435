// Accuracy through the npm package (wasm): float32 products and scans within 1 ulp of the
// float64 result, float64 products within 1e-12 of a double-double product, L2 of values near
// 1e20 finite and within 1 ulp, integer means exact. Inputs of 1M elements take the streamed
// path (>= 1 MB), 64K elements the plain one; references are computed here in float64.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node } from '../../dist/index.node.mjs';
import { DD, values, worstUlps, reduceRef, scanRef, logSumExpRef } from '../../bench/accuracy.mjs';

await init();

const run1 = (spec, inputs) => {
  const node = Node.create(spec);
  try {
    return node.run(inputs)[0];
  } finally {
    node.dispose();
  }
};
const axesTensor = (axes) => new Tensor('int64', BigInt64Array.from(axes, BigInt), [axes.length]);
const reduce = (opType, x, dims, axes, type = 'float32') =>
  run1({ opType, opset: 18, attributes: { keepdims: 0 } }, [new Tensor(type, x, dims), axesTensor(axes)]).data;

const SIZES = [['streamed', [16, 256, 256]], ['plain', [4, 128, 128]]];

for (const [path, dims] of SIZES) {
  const n = dims.reduce((a, b) => a * b, 1);
  test(`float32 ReduceProd of near-1 values is within 1 ulp of the float64 product on every pattern (${path})`, () => {
    const x = values(Float32Array, n, 0.9999, 1.0001, 1);
    for (const axes of [[2], [0], [1], [0, 2], [0, 1, 2]]) {
      const ulps = worstUlps('float32', reduce('ReduceProd', x, dims, axes), reduceRef(x, dims, axes, { prod: true }));
      assert.ok(ulps <= 1, `axes [${axes}]: ${ulps} ulp`);
    }
  });

  test(`float32 ReduceL2 of values near 1e20 is finite and within 1 ulp (${path})`, () => {
    const x = values(Float32Array, n, 1e19, 1e20, 2);
    for (const axes of [[2], [0], [0, 1, 2]]) {
      const ref = reduceRef(x, dims, axes, { step: (v) => v * v }).map(Math.sqrt);
      const ulps = worstUlps('float32', reduce('ReduceL2', x, dims, axes), ref);
      assert.ok(ulps <= 1, `axes [${axes}]: ${ulps} ulp`);
    }
  });
}

for (const [path, cols] of [['streamed', 65536], ['plain', 4096]]) {
  for (const opType of ['CumProd', 'CumSum']) {
    test(`float32 ${opType} is within 1 ulp of the float64 prefix along both axes (${path})`, () => {
      const prod = opType === 'CumProd';
      for (const [axis, dims] of [[1, [16, cols]], [0, [cols, 16]]]) {
        const x = prod ? values(Float32Array, 16 * cols, 0.9999, 1.0001, 3) : values(Float32Array, 16 * cols, -1, 1, 4);
        const got = run1({ opType, opset: 26 }, [new Tensor('float32', x, dims), new Tensor('int64', [BigInt(axis)], [])]).data;
        const ulps = worstUlps('float32', got, scanRef(x, dims, axis, prod));
        assert.ok(ulps <= 1, `axis ${axis}: ${ulps} ulp`);
      }
    });
  }
}

for (const [path, dims] of [['streamed', [16384, 16]], ['plain', [4096, 16]]]) {
  test(`float32 ReduceLogSumExp is within 2 ulp where log(sum) cancels the max (results near 0) (${path})`, () => {
    const x = values(Float32Array, dims[0] * dims[1], -5, -2, 14);
    const ulps = worstUlps('float32', reduce('ReduceLogSumExp', x, dims, [1]), logSumExpRef(x, dims, [1]));
    assert.ok(ulps <= 2, `${ulps} ulp`);
  });
}

test('float64 ReduceProd of 1M near-1 values is within 1e-12 of the double-double product', () => {
  const x = values(Float64Array, 1 << 20, 0.9999, 1.0001, 5);
  const ref = new DD(1);
  for (const v of x) ref.mul(v);
  const got = reduce('ReduceProd', x, [1 << 20], [0], 'float64')[0];
  assert.ok(Math.abs(got / ref.value() - 1) <= 1e-12, `relative error ${got / ref.value() - 1}`);
});

test('integer ReduceMean is exact when the sum overflows the type (int32 and int64)', () => {
  const i32 = reduce('ReduceMean', Int32Array.of(2000000000, 2000000000), [2], [0], 'int32');
  assert.deepEqual(Array.from(i32), [2000000000]);
  const big = (1n << 62n) + 3n;
  const i64 = reduce('ReduceMean', BigInt64Array.of(big, big, -1n), [3], [0], 'int64');
  assert.deepEqual(Array.from(i64), [(2n * big - 1n) / 3n]);
});
