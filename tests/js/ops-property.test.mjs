// Property tests (fast-check): random ops, opsets, element types, shapes (0-size dims and rank
// 0 included), axes, attributes and values, checked against the independent reference in
// helpers/reduce-reference.mjs for output values and shapes, and against the op's version
// table for which (op, opset) pairs exist. ORW_PROPERTY_RUNS sets the run count (default 300).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { init, Tensor, Node, _registryRows } from '../../dist/index.node.mjs';
import { OP_VERSIONS, REDUCE_OPS, axesAsInput, reduce, scan, sinceVersion } from './helpers/reduce-reference.mjs';
import { close, show } from './helpers/values.mjs';

await init();
const numRuns = Number(process.env.ORW_PROPERTY_RUNS ?? 300);

const TYPES = ['float32', 'float64', 'int32', 'int64'];
const ARRAYS = { float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: BigInt64Array };
const isInt = (type) => type.startsWith('int');

const dimsArb = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 4 });
// Quarter-integers in [-2, 2] (exact in every float type), small integers for the int types.
const valuesArb = (type, n) => (isInt(type)
  ? fc.array(fc.integer({ min: -3, max: 3 }), { minLength: n, maxLength: n })
  : fc.array(fc.integer({ min: -8, max: 8 }).map((k) => k / 4), { minLength: n, maxLength: n }));

function makeTensor(type, values, dims) {
  const data = isInt(type) && type === 'int64' ? BigInt64Array.from(values, BigInt) : ARRAYS[type].from(values);
  return new Tensor(type, data, dims);
}

function assertMatches(out, want, type, context) {
  assert.deepEqual(out.dims, want.dims, `dims, ${context}`);
  const got = Array.from(out.data);
  assert.equal(got.length, want.data.length, `length, ${context}`);
  for (let i = 0; i < got.length; ++i) {
    if (isInt(type)) {
      assert.equal(BigInt(got[i]), BigInt(want.data[i]), `element ${i}: got ${show(got)}, want ${show(want.data)}; ${context}`);
    } else {
      const tol = type === 'float32' ? 1e-5 : 1e-12;
      assert.ok(close(got[i], want.data[i], tol, tol), `element ${i}: got ${show(got)}, want ${show(want.data)}; ${context}`);
    }
  }
}

// A Reduce call: op, opset, type, shape, values, axes (maybe none, duplicated or negative),
// keepdims, noop_with_empty_axes (where the version has it).
const reduceCase = fc.record({
  op: fc.constantFrom(...REDUCE_OPS),
  opset: fc.integer({ min: 1, max: 26 }),
  type: fc.constantFrom(...TYPES),
  dims: dimsArb,
  keepdims: fc.integer({ min: 0, max: 1 }),
  noop: fc.integer({ min: 0, max: 1 }),
  axisPicks: fc.option(fc.array(fc.integer({ min: -4, max: 3 }), { maxLength: 4 })),
}).filter(({ op, type }) => !(isInt(type) && (op === 'ReduceLogSum' || op === 'ReduceLogSumExp')))
  .chain((c) => valuesArb(c.type, c.dims.reduce((a, d) => a * d, 1)).map((values) => ({ ...c, values })));

test('property/Reduce ops match the reference for random ops, opsets, types, shapes and axes', () => {
  fc.assert(fc.property(reduceCase, ({ op, opset, type, dims, keepdims, noop, axisPicks, values }) => {
    const since = sinceVersion(op, opset);
    const rank = dims.length;
    const fromInput = since > 0 && axesAsInput(op, since);
    // Axes valid for this rank: in [-r, r-1] (negative ones at every version).
    const axes = axisPicks === null || rank === 0 ? null
      : axisPicks.map((a) => ((a % rank) + rank) % rank - (a < 0 ? rank : 0));
    const attributes = { keepdims };
    if (fromInput) attributes.noop_with_empty_axes = noop;
    if (!fromInput && axes) attributes.axes = axes;
    const context = `${op} opset ${opset} ${type}${show(dims)} axes ${show(axes)} ${show(attributes)}`;
    if (since === 0) {
      assert.throws(() => Node.create({ opType: op, opset, attributes }), { name: 'Error', message: new RegExp(`${op}.*does not exist in opset ${opset}`) });
      return;
    }
    const inputs = [makeTensor(type, values, dims)];
    if (fromInput && axes) inputs.push(new Tensor('int64', BigInt64Array.from(axes, BigInt), [axes.length]));
    const normalized = axes && axes.map((a) => (a < 0 ? a + rank : a));
    if (normalized && new Set(normalized).size !== normalized.length) {  // a repeated axis is an error
      assert.throws(() => {
        const n = Node.create({ opType: op, opset, attributes });
        try { n.run(inputs); } finally { n.dispose(); }
      }, { message: new RegExp(`${op}.*axis -?\\d+ is repeated`) }, context);
      return;
    }
    const node = Node.create({ opType: op, opset, attributes });
    try {
      const [out] = node.run(inputs);
      const want = reduce(op, type, values.map((v) => (isInt(type) ? BigInt(v) : v)), dims, normalized,
        { keepdims, noop: fromInput ? noop : 0 });
      assert.equal(out.type, type, context);
      assertMatches(out, want, type, context);
    } finally {
      node.dispose();
    }
  }), { numRuns, seed: 11 });
});

const scanCase = fc.record({
  op: fc.constantFrom('CumSum', 'CumProd'),
  opset: fc.integer({ min: 1, max: 26 }),
  type: fc.constantFrom(...TYPES),
  dims: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
  axisPick: fc.integer({ min: -4, max: 3 }),
  axisType: fc.constantFrom('int32', 'int64'),
  exclusive: fc.integer({ min: 0, max: 1 }),
  reverse: fc.integer({ min: 0, max: 1 }),
}).chain((c) => valuesArb(c.type, c.dims.reduce((a, d) => a * d, 1)).map((values) => ({ ...c, values })));

test('property/CumSum and CumProd match the reference for random opsets, types, shapes and axes', () => {
  fc.assert(fc.property(scanCase, ({ op, opset, type, dims, axisPick, axisType, exclusive, reverse, values }) => {
    const rank = dims.length;
    const axis = ((axisPick % rank) + rank) % rank - (axisPick < 0 ? rank : 0);
    const attributes = { exclusive, reverse };
    if (sinceVersion(op, opset) === 0) {
      assert.throws(() => Node.create({ opType: op, opset, attributes }), { name: 'Error', message: new RegExp(`${op}.*opset ${opset}`) });
      return;
    }
    const node = Node.create({ opType: op, opset, attributes });
    try {
      const axisTensor = axisType === 'int64' ? new Tensor('int64', [BigInt(axis)], []) : new Tensor('int32', [axis], []);
      const [out] = node.run([makeTensor(type, values, dims), axisTensor]);
      const want = scan(op, type, values.map((v) => (isInt(type) ? BigInt(v) : v)), dims, axis < 0 ? axis + rank : axis, attributes);
      assertMatches(out, want, type, `${op} opset ${opset} ${type}${show(dims)} axis ${axis} ${show(attributes)}`);
    } finally {
      node.dispose();
    }
  }), { numRuns, seed: 11 });
});

// The ops the package runs whose values the property tests above do not check against
// reduce-reference.mjs (the ONNX backend tests, tests/js/ops-conformance.test.mjs, and the
// onnxruntime cross-check cover them). Every op of the registry is in exactly one of this list
// and the reference's table, so a new op is a conscious choice of which.
const NOT_IN_REFERENCE = [
  'Softmax', 'LogSoftmax', 'Hardmax', 'LpNormalization', 'Abs', 'Exp', 'Log', 'Sqrt', 'Neg', 'Reciprocal',
  'Add', 'Sub', 'Mul', 'Div', 'Cast', 'CastLike', 'Constant', 'ArgMax', 'ArgMin', 'TopK', 'Clip',
  'Reshape', 'Squeeze', 'Unsqueeze', 'Flatten', 'Identity', 'Shape', 'Expand',
];

test('property/the version table of the reference is the registry\'s for every op it models, and every op the package runs is placed', () => {
  const registry = new Map();  // opType -> since-versions, as the module runs them (ai.onnx)
  for (const row of _registryRows()) {
    assert.equal(row.domain, 'ai.onnx', `${row.opType}: a domain the reference does not know`);
    registry.set(row.opType, [...(registry.get(row.opType) ?? []), row.sinceVersion]);
  }
  for (const [op, versions] of registry) {
    assert.ok(Object.hasOwn(OP_VERSIONS, op) !== NOT_IN_REFERENCE.includes(op),
      `${op}: in ${Object.hasOwn(OP_VERSIONS, op) ? 'both the reference and NOT_IN_REFERENCE' : 'neither the reference nor NOT_IN_REFERENCE'}`);
    if (Object.hasOwn(OP_VERSIONS, op)) {
      assert.deepEqual([...OP_VERSIONS[op]].sort((a, b) => a - b), [...versions].sort((a, b) => a - b), `${op}: since-versions of the reference vs the registry`);
    }
  }
  for (const op of [...Object.keys(OP_VERSIONS), ...NOT_IN_REFERENCE]) assert.ok(registry.has(op), `${op}: not an op the package runs`);
  for (const op of Object.keys(OP_VERSIONS)) {
    for (const v of OP_VERSIONS[op]) Node.create({ opType: op, opset: v }).dispose();
  }
});
