// Property tests (fast-check): random corruptions of valid calls always give a TypeError,
// RangeError or Error (never a wasm RuntimeError), the module keeps working afterwards, and
// failures leak nothing: memoryStats().heapUsed is back within 64 bytes of its start value
// after 100,000 mixed calls, half of them failing. ORW_PROPERTY_RUNS sets the corruption run count
// (default 300).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { init, Tensor, Node, memoryStats } from '../../dist/index.node.mjs';

await init();
const numRuns = Number(process.env.ORW_PROPERTY_RUNS ?? 300);

// A valid call: ReduceSum (opset 13) of float32[2,3] over axes [1] -> [3, 12] (keepdims 0).
const sum = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 }, name: 'victim' });
const x = () => new Tensor('float32', Float32Array.of(1, 1, 1, 2, 4, 6), [2, 3]);
const axes = () => new Tensor('int64', BigInt64Array.of(1n), [1]);
const assertStillWorks = () => assert.deepEqual(Array.from(sum.run([x(), axes()])[0].data), [3, 12]);

const OTHER_ARRAYS = [Float64Array, Int32Array, Uint8Array, Int16Array, Uint16Array, BigInt64Array, Array];
const BAD_DIMS = [NaN, -1, 1.5, 2 ** 53, 1e300, Infinity, 2n, '2', null];

// Each corruption: (pick) -> { call, where }; where 'tensor' errors come from the Tensor
// constructor (they name the Tensor argument: no op is known yet), 'run' errors name the op
// (its node name) and the input.
const CORRUPTIONS = {
  wrongTypedArray: (k) => ({ where: 'tensor', call: () => new Tensor('float32', new OTHER_ARRAYS[k % OTHER_ARRAYS.length](6), [2, 3]) }),
  wrongLength: (k) => ({ where: 'tensor', call: () => new Tensor('float32', new Float32Array(6 + (k % 2 ? 1 : -1)), [2, 3]) }),
  badDim: (k) => ({ where: 'tensor', call: () => new Tensor('float32', new Float32Array(6), [2, BAD_DIMS[k % BAD_DIMS.length]]) }),
  bigintDims: () => ({ where: 'tensor', call: () => new Tensor('float32', new Float32Array(6), [2n, 3n]) }),
  plainObjectInput: (k) => ({ where: 'run', input: k % 2, call: () => sum.run(k % 2 ? [x(), { data: [1n], dims: [1] }] : [{ data: new Float32Array(6), dims: [2, 3] }, axes()]) }),
  detachedBuffer: (k) => ({ where: 'run', input: k % 2, call: () => {
    const inputs = [x(), axes()];
    structuredClone(inputs[k % 2].data.buffer, { transfer: [inputs[k % 2].data.buffer] });
    return sum.run(inputs);
  } }),
  sharedBuffer: () => ({ where: 'run', input: 0, call: () => sum.run([new Tensor('float32', new Float32Array(new SharedArrayBuffer(24)), [2, 3]), axes()]) }),
  axesOutOfRange: (k) => ({ where: 'run', input: 'axes', call: () => sum.run([x(), new Tensor('int64', [BigInt(k % 2 ? 2 + (k % 5) : -3 - (k % 5))], [1])]) }),
  axesOfWrongType: (k) => ({ where: 'run', input: 'axes', call: () => sum.run([x(), new Tensor(['float32', 'int32', 'uint64'][k % 3], [1], [1])]) }),
  dataOfWrongType: (k) => ({ where: 'run', input: 'data', call: () => sum.run([new Tensor(['bool', 'int8', 'uint16'][k % 3], new Array(6).fill(1), [2, 3]), axes()]) }),
  axesOfWrongRank: () => ({ where: 'run', input: 'axes', call: () => sum.run([x(), new Tensor('int64', [1n], [1, 1])]) }),
  tooManyInputs: () => ({ where: 'run', input: 'input', call: () => sum.run([x(), axes(), axes()]) }),
  inputsNotAnArray: () => ({ where: 'run', input: 'inputs', call: () => sum.run(x()) }),
  bigintOpset: () => ({ where: 'create', call: () => Node.create({ opType: 'ReduceSum', opset: 13n }) }),
  badAttributeValue: (k) => ({ where: 'create', call: () => Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: [2, -1, 0.5, 'yes', [1]][k % 5] } }) }),
};

// The error is a proper JS error of an allowed class whose message names what it should.
function checkError(e, { where, input }) {
  assert.ok([TypeError, RangeError, Error].includes(e.constructor), `${e.constructor.name}: ${e.message}`);
  assert.ok(!(e instanceof WebAssembly.RuntimeError), e.message);
  assert.ok(e.message.length > 0);
  if (where === 'tensor') assert.match(e.message, /^Tensor: .*(data|dims|type)/);
  if (where === 'create') assert.match(e.message, /^Node\.create: .*(opset|keepdims)|ReduceSum.*keepdims/);
  if (where === 'run') {
    assert.match(e.message, /^ReduceSum "victim" \(opset 13\)/);
    const named = typeof input === 'number' ? new RegExp(`inputs\\[${input}\\]|input ${input}`) : new RegExp(input);
    assert.match(e.message, named);
  }
}

test('property/corrupted calls give TypeError, RangeError or Error naming the op and input; the module keeps working', () => {
  fc.assert(fc.property(fc.constantFrom(...Object.keys(CORRUPTIONS)), fc.nat(1000), (name, k) => {
    const c = CORRUPTIONS[name](k);
    assert.throws(c.call, (e) => { checkError(e, c); return true; }, name);
    assertStillWorks();
  }), { numRuns, seed: 11 });
});

test('property/heapUsed is back at its start (within 64 bytes) after 100,000 mixed calls, half of them failing', () => {
  const failing = Object.keys(CORRUPTIONS).filter((n) => n !== 'sharedBuffer' || typeof SharedArrayBuffer !== 'undefined');
  const calls = fc.sample(fc.tuple(fc.boolean(), fc.constantFrom(...failing), fc.nat(1000)), { numRuns: 100000, seed: 11 });
  const once = ([ok, name, k]) => {
    if (ok) return assertStillWorks();
    try { CORRUPTIONS[name](k).call(); } catch { return undefined; }
    throw new Error(`${name} did not fail`);
  };
  // Warm-up: every kind of call at least once, so buffers that keep their capacity (error
  // messages, the node's plan memo) reach their steady size.
  for (const c of calls.slice(0, 200)) once(c);
  for (const name of failing) for (let k = 0; k < 1000; ++k) once([false, name, k]);
  // Nodes keep a memo of their last run's plan (sized by its shapes) and the module keeps the
  // last error message: the same failing and valid call right before each reading leave the
  // same state, so only a leak can change heapUsed.
  const settle = () => { assert.throws(() => CORRUPTIONS.axesOutOfRange(0).call()); assertStillWorks(); };
  settle();
  const start = memoryStats().heapUsed;
  let failures = 0;
  for (const c of calls) { once(c); failures += c[0] ? 0 : 1; }
  assert.ok(failures > 45000 && failures < 55000, `${failures} failing calls`);
  settle();
  // Within 64 bytes, not exactly: emmalloc's used-bytes count includes block headers, so it
  // moves by a header or two (8 bytes each) with how free blocks happen to be split. A leak
  // cannot hide in that: even one 8-byte block leaked per 1,000 of these calls would add 800.
  const grew = memoryStats().heapUsed - start;
  assert.ok(Math.abs(grew) <= 64, `heapUsed moved by ${grew} bytes over 100,000 calls`);
});
