// What a caller's array claims about itself never reaches wasm memory: genuine TypedArrays
// given own `length`, `byteLength`, `buffer`, `byteOffset` or `subarray` properties, Tensor
// subclasses whose accessors change their answers, preallocated outputs pointing elsewhere,
// and views of wasm memory detached while a streamed run reads them. Every case ends in the
// right result or a proper Error naming the API function or op; the canary tensors (one in JS
// memory, one in wasm memory) keep their values and the module computes right afterwards.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { init, Tensor, Node, InferenceSession, readTensorProto, inferModelShapes, memoryStats } from '../../dist/index.node.mjs';
import { makeCanaries } from './helpers/canaries.mjs';
import { encodeTensor, nodeBytes, oneNodeModel } from './helpers/model-writer.mjs';

await init();

const ENTRY = new URL('../../dist/index.node.mjs', import.meta.url).href;
const f32 = (...v) => new Tensor('float32', Float32Array.from(v), [v.length]);
const mul = Node.create({ opType: 'Mul', opset: 14 });
const sumAll = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
const STREAMED = 1 << 18;  // float32 elements: 1 MiB, the size from which input 0 streams

const { wasmCanary, checkCanaries } = makeCanaries();

afterEach(() => {
  assert.equal(typeof memoryStats().heapUsed, 'number');
  checkCanaries();
});

// Gives the genuine array `a` own properties claiming other facts about itself.
function lie(a, props) {
  for (const [key, value] of Object.entries(props)) Object.defineProperty(a, key, { value, configurable: true });
  return a;
}

for (const n of [300, 300000]) {  // staged in the input arena, and streamed
  test(`boundary/a Float32Array(${n}) claiming 4 elements through own length/byteLength is read as it is`, () => {
    const data = new Float32Array(n).fill(1);
    const x = new Tensor('float32', data, [n]);
    lie(data, { length: 4, byteLength: 16, BYTES_PER_ELEMENT: 1 });
    assert.deepEqual(Array.from(sumAll.run([x])[0].data), [n]);
    // An ORT-shaped object over the same array: the same.
    assert.deepEqual(Array.from(sumAll.run([{ type: 'float32', data, dims: [n] }])[0].data), [n]);
    assert.deepEqual(Array.from(new Tensor('float32', data).dims), [n]);
  });
}

test('boundary/a Uint8Array with own subarray/length properties is read as its bytes by every byte-source entry', async () => {
  const claim = (bytes) => lie(Uint8Array.from(bytes), { length: 1 << 20, byteLength: 1 << 20, subarray: () => new Uint8Array(1 << 20) });
  const node = Node.fromBytes(claim(nodeBytes({ opType: 'ReduceSum', inputs: ['x'], outputs: ['y'] })), { opset: 13 });
  assert.equal(node.opType, 'ReduceSum');
  const model = oneNodeModel({
    opType: 'ReduceSum', opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [3] }], output: { name: 'y', type: 'float32', dims: [1] },
  });
  const session = await InferenceSession.create(claim(model));
  assert.deepEqual(Array.from(session.runSync({ x: f32(1, 2, 3) }).y.data), [6]);
  assert.deepEqual(Object.keys(inferModelShapes(claim(model))).sort(), ['x', 'y']);
  const { name, tensor } = readTensorProto(claim(encodeTensor('t', { type: 'float32', data: Float32Array.of(1, 2), dims: [2] })));
  assert.equal(name, 't');
  assert.deepEqual(Array.from(tensor.data), [1, 2]);
  // A Buffer (Node's Uint8Array subclass) is read the same way.
  assert.equal(Node.fromBytes(Buffer.from(nodeBytes({ opType: 'Abs', inputs: ['x'], outputs: ['y'] }))).opType, 'Abs');
  await session.release();
});

test('boundary/a Tensor subclass whose dims or type getter changes its answer is copied once', () => {
  let dimsReads = 0;
  class ShiftingDims extends Tensor {
    get dims() { return ++dimsReads === 1 ? [96, 96] : [2]; }
    set dims(v) {}
  }
  const a = new ShiftingDims('float32', new Float32Array(9216).fill(4), [96, 96]);
  assert.deepEqual(Array.from(sumAll.run([a])[0].data), [36864]);
  assert.equal(dimsReads, 1);
  let typeReads = 0;
  class ShiftingType extends Tensor {
    get type() { return ++typeReads === 1 ? 'float32' : 'float64'; }
    set type(v) {}
  }
  const b = new ShiftingType('float32', new Float32Array(9216).fill(4), [96, 96]);
  assert.deepEqual(Array.from(sumAll.run([b])[0].data), [36864]);
  assert.equal(typeReads, 1);
  // A subclass whose getters give an inconsistent tensor is refused with the reason.
  class Inconsistent extends Tensor {
    get dims() { return [5]; }
    set dims(v) {}
  }
  assert.throws(() => sumAll.run([new Inconsistent('float32', new Float32Array(4), [4])]),
    { name: 'RangeError', message: /^ReduceSum \(opset 13\): run: inputs\[0\]: Tensor: size mismatch: data has 4 elements but dims \[5\] need 5/ });
});

test("boundary/a 'cpu' preallocated output whose own buffer/byteOffset point into wasm memory gets the result in its array", () => {
  const out = new Tensor('float32', new Float32Array(4), [4]);
  const view = wasmCanary.data;
  lie(out.data, { buffer: view.buffer, byteOffset: view.byteOffset, byteLength: 16 });
  const [y] = mul.run([f32(1, 2, 3, 4), f32(-1, -1, -1, -1)], { outputs: [out] });
  assert.equal(y, out);
  assert.deepEqual(Array.from(new Float32Array(out.data)), [-1, -2, -3, -4]);
});

test('boundary/a streamed input with its own buffer property is read from its own memory', () => {
  const data = new Float32Array(STREAMED).fill(1);
  const x = new Tensor('float32', data, [STREAMED]);
  lie(data, { buffer: wasmCanary.data.buffer, byteOffset: 0, length: 4 });
  assert.deepEqual(Array.from(sumAll.run([x])[0].data), [STREAMED]);
});

test('boundary/new Tensor of empty data with dims needing elements is a size mismatch; a detached view says so', () => {
  assert.throws(() => new Tensor('float32', new Float32Array(0), [3]),
    { name: 'RangeError', message: 'Tensor: size mismatch: data has 0 elements but dims [3] need 3' });
  const moved = new Float32Array(3);
  structuredClone(moved.buffer, { transfer: [moved.buffer] });
  assert.throws(() => new Tensor('float32', moved, [3]), { name: 'RangeError', message: /^Tensor: data is a detached view/ });
});

// In a fresh process: a 'cpu' tensor over a view of wasm memory, large enough to stream, while
// the heap is so full that the run's own allocations grow memory (which detaches the view in
// the single-threaded build): the RangeError naming the run, never V8's detached-buffer
// TypeError. (The threaded build's memory is shared: such a view is refused up front.)
test('boundary/wasm memory growing during a streamed run is the documented RangeError, naming the run', () => {
  const script = `
    import { init, Tensor, Node, memoryStats, runtimeInfo } from ${JSON.stringify(ENTRY)};
    await init();
    // The estimate of free memory below counts the stack and static data as free (a few MiB):
    // n is larger, so the fillers leave less than the run's 4n-byte output needs.
    const n = 1 << 23;
    const big = Tensor.allocate('float32', [2, n]);
    big.data.fill(1);
    const fillers = [];
    for (let i = 0; i < 40; ++i) {
      const s = memoryStats();
      const free = s.memoryBytes - s.heapUsed;
      if (free < 2 * n) break;
      fillers.push(Tensor.allocate('uint8', [free - n]));
    }
    const x = new Tensor('float32', big.data, [2, n]);  // a view of wasm memory as it is now
    const before = memoryStats().memoryBytes;
    const node = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 1 } });
    const axis0 = new Tensor('int64', [0n], [1]);
    let outcome;
    try {
      const [y] = node.run([x, axis0]);
      outcome = { ok: y.data.every((v) => v === 2) && y.size === n };
    } catch (e) {
      outcome = { name: e.constructor.name, message: e.message };
    }
    console.log(JSON.stringify({ outcome, grew: memoryStats().memoryBytes > before, build: runtimeInfo().build }));
  `;
  const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  if (result.build === 'threaded') {
    // Wasm memory is a SharedArrayBuffer there: a view of it is refused before anything runs.
    assert.equal(result.outcome.name, 'TypeError', result.outcome.message);
    assert.match(result.outcome.message, /^ReduceSum \(opset 13\): run: inputs\[0\] \('input0'\): its data is on a SharedArrayBuffer/);
    return;
  }
  assert.ok(result.grew, 'the run grew wasm memory');
  assert.equal(result.outcome.name, 'RangeError', result.outcome.message);
  assert.match(result.outcome.message, /^ReduceSum \(opset 13\): run: inputs\[0\]: its data was detached during the streamed run/);
});
