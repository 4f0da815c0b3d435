// Random ReduceProd (opsets 13 and 18) and CumProd (opset 26) cases checked against
// onnxruntime-web (ORT) for the types ORT supports (float32, float64, int32, int64), on
// one-node models written by tests/js/helpers/model-writer.mjs. Fixed seeds: the same cases
// on every run. Floats compare with a tolerance, integers exactly.
//
// Where ORT is known to be wrong the case is decided by numpy semantics instead (a reference
// in tests/js/helpers/reference.mjs, whose hand-picked values below were checked with numpy):
//  - reductions of empty tensors: ORT mis-shapes them (microsoft/onnxruntime#7563: "Can't
//    reduce on dim with value of 0 ..."; ORT-web 1.30 still keeps a reduced zero-size dim
//    for a negative axis, e.g. [0,2] over axis -1 with keepdims=1 gives [0,2], numpy (0,1));
//  - integer products that leave ORT's exact range: ORT's ReduceProd saturates int32/int64
//    overflow (numpy wraps) and rounds int64 products beyond 2^53 (numpy is exact).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ort from 'onnxruntime-web';
import { init, Tensor, Node, InferenceSession } from '../../dist/index.node.mjs';
import { oneNodeModel } from './helpers/model-writer.mjs';
import { prng } from './helpers/prng.mjs';
import { cumProd, reduceProd, reduceProdExact } from './helpers/reference.mjs';
import { show, tensorMismatch } from './helpers/values.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await init();

const TYPES = ['float32', 'float64', 'int32', 'int64'];
const ARRAYS = { float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: BigInt64Array };
const TOL = { float32: { rtol: 1e-4, atol: 1e-12 }, float64: { rtol: 1e-10, atol: 1e-300 } };
const CASES_PER_GROUP = 30;
// ORT's ReduceProd is exact for integer products within these magnitudes.
const ORT_EXACT_LIMIT = { int32: 2n ** 31n - 1n, int64: 2n ** 53n };

// Integers are mostly small (products stay exact in ORT); one case in four draws wide values,
// whose products overflow int32 or pass 2^53.
function randomData(rng, type, size) {
  if (type === 'int32' || type === 'int64') {
    const wide = rng.chance(0.25) ? (type === 'int32' ? 3000 : 3000000) : 0;
    const values = Array.from({ length: size }, () => (wide ? rng.int(-wide, wide) : rng.pick([1, 1, 1, -1, -1, 2, -2, 3, 0])));
    return type === 'int64' ? BigInt64Array.from(values, BigInt) : Int32Array.from(values);
  }
  const values = Array.from({ length: size }, () => (rng.chance(0.03) ? 0 : (rng.chance(0.5) ? -1 : 1) * (0.6 + rng.next())));
  return ARRAYS[type].from(values);
}

function randomDims(rng, maxDim) {
  const rank = rng.int(1, 4);
  const dims = Array.from({ length: rank }, () => rng.int(1, maxDim));
  if (rng.chance(0.1)) dims[rng.int(0, rank - 1)] = 0;
  return dims;
}

// A ReduceProd case: { opset, type, dims, data, axes (array or null = none), keepdims?, noop?, axesAs }.
function reduceCase(rng, opset, type) {
  const dims = randomDims(rng, type.startsWith('int') ? 3 : 4);
  const r = dims.length;
  const size = dims.reduce((a, b) => a * b, 1);
  const count = rng.int(0, r);
  const axes = Array.from({ length: count }, () => {
    const a = rng.int(0, r - 1); // with replacement: duplicates happen (an error here, as in numpy; ORT merges them)
    return rng.chance(0.4) ? a - r : a;
  });
  const c = { op: 'ReduceProd', opset, type, dims, data: randomData(rng, type, size), axes: count ? axes : null };
  if (rng.chance(0.8)) c.keepdims = rng.int(0, 1);
  if (opset >= 18) {
    if (rng.chance(0.5)) c.noop = rng.int(0, 1);
    // No axes: either the input is omitted or it is an empty tensor.
    c.axesAs = count ? 'input' : rng.pick(['omitted', 'empty']);
  } else {
    c.axesAs = count ? 'attribute' : 'omitted';
  }
  return c;
}

function cumCase(rng, type) {
  const dims = randomDims(rng, 4);
  const r = dims.length;
  const size = dims.reduce((a, b) => a * b, 1);
  const c = {
    op: 'CumProd', opset: 26, type, dims, data: randomData(rng, type, size),
    axis: rng.int(-r, r - 1), axisType: rng.pick(['int32', 'int64']), axisDims: rng.pick([[], [1]]),
  };
  if (rng.chance(0.7)) c.exclusive = rng.int(0, 1);
  if (rng.chance(0.7)) c.reverse = rng.int(0, 1);
  return c;
}

// The case as a one-node model plus feeds: { model, feeds: [[name, type, data, dims]] }.
function asModel(c) {
  const attributes = {};
  const inputs = [{ name: 'x', type: c.type, dims: c.dims }];
  const feeds = [['x', c.type, c.data, c.dims]];
  if (c.op === 'ReduceProd') {
    if (c.keepdims !== undefined) attributes.keepdims = c.keepdims;
    if (c.noop !== undefined) attributes.noop_with_empty_axes = c.noop;
    if (c.axesAs === 'attribute') attributes.axes = c.axes;
    if (c.axesAs === 'input' || c.axesAs === 'empty') {
      const axes = BigInt64Array.from(c.axes ?? [], BigInt);
      inputs.push({ name: 'axes', type: 'int64', dims: [axes.length] });
      feeds.push(['axes', 'int64', axes, [axes.length]]);
    }
  } else {
    if (c.exclusive !== undefined) attributes.exclusive = c.exclusive;
    if (c.reverse !== undefined) attributes.reverse = c.reverse;
    const axis = c.axisType === 'int64' ? BigInt64Array.of(BigInt(c.axis)) : Int32Array.of(c.axis);
    inputs.push({ name: 'axis', type: c.axisType, dims: c.axisDims });
    feeds.push(['axis', c.axisType, axis, c.axisDims]);
  }
  const model = oneNodeModel({ opType: c.op, opset: c.opset, attributes, inputs, output: { name: 'y', type: c.type, dims: null } });
  return { model, feeds };
}

async function runOrt(model, feeds) {
  const session = await ort.InferenceSession.create(model);
  try {
    const input = Object.fromEntries(feeds.map(([name, type, data, dims]) => [name, new ort.Tensor(type, data, dims)]));
    const { y } = await session.run(input);
    return { type: y.type, dims: Array.from(y.dims), data: y.data };
  } finally {
    await session.release();
  }
}

async function runPackage(model, feeds) {
  const session = await InferenceSession.create(model);
  try {
    const input = Object.fromEntries(feeds.map(([name, type, data, dims]) => [name, new Tensor(type, data, dims)]));
    const { y } = session.runSync(input);
    return y;
  } finally {
    await session.release();
  }
}

function reference(c) {
  const x = { type: c.type, data: c.data, dims: c.dims };
  if (c.op === 'CumProd') return cumProd(x, c.axis, { exclusive: c.exclusive ?? 0, reverse: c.reverse ?? 0 });
  return reduceProd(x, c.axes, { keepdims: c.keepdims ?? 1, noop: c.noop ?? 0 });
}

// Why ORT is not the judge of this case (a known ORT defect), or null.
function ortKnownWrong(c) {
  if (c.op === 'ReduceProd' && c.dims.includes(0)) return 'empty input (microsoft/onnxruntime#7563)';
  if (c.op === 'ReduceProd' && c.type in ORT_EXACT_LIMIT) {
    const exact = reduceProdExact({ type: c.type, data: c.data, dims: c.dims }, c.axes, { keepdims: c.keepdims ?? 1, noop: c.noop ?? 0 });
    const limit = ORT_EXACT_LIMIT[c.type];
    if (exact.some((v) => v > limit || v < -limit - (c.type === 'int32' ? 1n : 0n))) return 'integer product outside ORT\'s exact range';
  }
  return null;
}

const describeCase = (c) => show({ ...c, data: Array.from(c.data).slice(0, 12) });

// The axis a case names twice (after wrapping negatives), or null.
function repeatedAxis(c) {
  const seen = new Set();
  for (const a of c.axes ?? []) {
    const w = a < 0 ? a + c.dims.length : a;
    if (seen.has(w)) return w;
    seen.add(w);
  }
  return null;
}

async function checkGroup(t, cases) {
  const problems = [];
  const decidedByNumpy = {};
  let ortDisagreed = 0;
  for (const c of cases) {
    const { model, feeds } = asModel(c);
    const tol = TOL[c.type] ?? {};
    const repeated = repeatedAxis(c);
    if (repeated !== null) {  // numpy: "duplicate value in 'axis'"; ORT merges them
      decidedByNumpy['a repeated axis is an error'] = (decidedByNumpy['a repeated axis is an error'] ?? 0) + 1;
      const error = await runPackage(model, feeds).then(() => null, (e) => e);
      if (!(error instanceof RangeError) || !error.message.includes(`axis ${repeated} is repeated`)) {
        problems.push(`${describeCase(c)}: expected a RangeError naming axis ${repeated}, got ${error?.message ?? 'a result'}`);
      }
      continue;
    }
    const got = await runPackage(model, feeds);
    const ref = reference(c);
    const known = ortKnownWrong(c);
    if (known) {
      decidedByNumpy[known] = (decidedByNumpy[known] ?? 0) + 1;
      const why = tensorMismatch(got, ref, tol);
      if (why) problems.push(`${describeCase(c)}: versus numpy semantics (ORT skipped: ${known}): ${why}`);
      const ort_ = await runOrt(model, feeds).catch((e) => ({ error: e.message }));
      if (ort_.error || tensorMismatch(ort_, ref, tol)) ortDisagreed += 1;
      continue;
    }
    const expected = await runOrt(model, feeds);
    const why = tensorMismatch(got, expected, tol);
    const refWhy = tensorMismatch(got, ref, tol);
    if (why || refWhy) {
      problems.push(`${describeCase(c)}: versus ORT: ${why ?? 'matches'}; versus numpy semantics: ${refWhy ?? 'matches'}`);
    }
  }
  const skipped = Object.entries(decidedByNumpy).map(([k, n]) => `${n} × ${k}`).join(', ');
  t.diagnostic(`${cases.length} cases; ${cases.length - Object.values(decidedByNumpy).reduce((a, b) => a + b, 0)} compared with ORT` +
    (skipped ? `; decided by numpy semantics instead: ${skipped} (ORT disagreed with numpy on ${ortDisagreed})` : ''));
  assert.deepEqual(problems.slice(0, 5), [], `${problems.length} of ${cases.length} cases differ`);
}

for (const opset of [13, 18]) {
  for (const [k, type] of TYPES.entries()) {
    test(`ReduceProd/opset ${opset} ${type}: ${CASES_PER_GROUP} random cases match onnxruntime-web`, async (t) => {
      const rng = prng(1000 * opset + k);
      await checkGroup(t, Array.from({ length: CASES_PER_GROUP }, () => reduceCase(rng, opset, type)));
    });
  }
}

for (const [k, type] of TYPES.entries()) {
  test(`CumProd/opset 26 ${type}: ${CASES_PER_GROUP} random cases match onnxruntime-web`, async (t) => {
    const rng = prng(26000 + k);
    await checkGroup(t, Array.from({ length: CASES_PER_GROUP }, () => cumCase(rng, type)));
  });
}

test('crosscheck/the random cases cover negative and duplicate axes, keepdims 0/1, noop and empty inputs', () => {
  const seen = { negative: 0, duplicate: 0, keepdims0: 0, keepdims1: 0, noop1: 0, empty: 0, noAxes: 0, exclusive: 0, reverse: 0 };
  for (const opset of [13, 18]) {
    for (const [k, type] of TYPES.entries()) {
      const rng = prng(1000 * opset + k);
      for (let i = 0; i < CASES_PER_GROUP; ++i) {
        const c = reduceCase(rng, opset, type);
        const r = c.dims.length;
        if (c.axes?.some((a) => a < 0)) seen.negative += 1;
        if (c.axes && new Set(c.axes.map((a) => (a < 0 ? a + r : a))).size < c.axes.length) seen.duplicate += 1;
        if (c.keepdims === 0) seen.keepdims0 += 1;
        if (c.keepdims !== 0) seen.keepdims1 += 1;
        if (c.noop === 1) seen.noop1 += 1;
        if (c.dims.includes(0)) seen.empty += 1;
        if (!c.axes) seen.noAxes += 1;
      }
    }
  }
  for (const [k, type] of TYPES.entries()) {
    const rng = prng(26000 + k);
    for (let i = 0; i < CASES_PER_GROUP; ++i) {
      const c = cumCase(rng, type);
      if (c.exclusive) seen.exclusive += 1;
      if (c.reverse) seen.reverse += 1;
    }
  }
  for (const [what, n] of Object.entries(seen)) assert.ok(n >= 5, `${what}: only ${n} cases`);
});

// ---------------------------------------------------------------------------------------------
// Where ORT and numpy disagree, the package follows numpy (values checked with numpy 1.24:
// np.prod(x, dtype=x.dtype), np.prod(x, axis, keepdims=True).shape).

const reduceNode = (opset, attributes) => Node.create({ opType: 'ReduceProd', opset, attributes });

test('numpy/ReduceProd int64 is exact beyond 2^53 (ORT rounds through float64)', () => {
  const [y] = reduceNode(13).run([new Tensor('int64', [3n ** 20n, 3n ** 15n])]);
  assert.equal(y.data[0], 50031545098999707n);
});

test('numpy/ReduceProd int64 overflow wraps (ORT saturates to INT64_MAX)', () => {
  const [a] = reduceNode(13, { axes: [1], keepdims: 0 }).run([new Tensor('int64', [2n ** 40n, 2n ** 40n, -(3n ** 20n), 3n ** 20n], [2, 2])]);
  assert.deepEqual(Array.from(a.data), [0n, 6289078614652622815n]);
});

test('numpy/ReduceProd int32 overflow wraps (ORT saturates to INT32_MAX / INT32_MIN)', () => {
  const [a] = reduceNode(18, { keepdims: 0 }).run([new Tensor('int32', [65536, 65536, 3, -100000, 100000, 1], [2, 3]), new Tensor('int64', [1n])]);
  assert.deepEqual(Array.from(a.data), [0, -1410065408]);
});

test('numpy/ReduceProd of an empty tensor over a negative axis keeps dims like numpy (ORT keeps the zero dim)', () => {
  const [a] = reduceNode(18, { keepdims: 1 }).run([new Tensor('float32', [], [0, 2]), new Tensor('int64', [-1n])]);
  assert.deepEqual(Array.from(a.dims), [0, 1]);
  const [b] = reduceNode(13, { axes: [-3], keepdims: 1 }).run([new Tensor('float32', [], [2, 0, 3])]);
  assert.deepEqual(Array.from(b.dims), [1, 0, 3]);
  const [c] = reduceNode(13, { axes: [1], keepdims: 0 }).run([new Tensor('float32', [], [2, 0, 3])]);
  assert.deepEqual(Array.from(c.dims), [2, 3]);
  assert.deepEqual(Array.from(c.data), [1, 1, 1, 1, 1, 1], 'the product of nothing is 1');
});

test('numpy/CumProd int32 overflow wraps', () => {
  const [a] = Node.create({ opType: 'CumProd', opset: 26 }).run([new Tensor('int32', [2 ** 31 - 1, 2, 3]), new Tensor('int32', [0], [])]);
  assert.deepEqual(Array.from(a.data), [2147483647, -2, -6]);
});
