// The JS boundary against objects that run code while the package reads them: getters,
// Proxies, TypedArray subclasses, forged Tensors, nested calls. Every case ends in a proper
// Error naming the API function or op, or in the right result; never a WebAssembly.RuntimeError;
// the canary tensors (one in JS memory, one in wasm memory) keep their values and the module
// computes right afterwards.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, readTensorProto, inferModelShapes } from '../../dist/index.node.mjs';
import { makeCanaries } from './helpers/canaries.mjs';
import { oneNodeModel } from './helpers/model-writer.mjs';

await init();

const f32 = (...v) => new Tensor('float32', Float32Array.from(v), [v.length]);
const mul = Node.create({ opType: 'Mul', opset: 14 });
const sum11 = Node.create({ opType: 'ReduceSum', opset: 11, attributes: { keepdims: 0 } });

const { jsCanary, wasmCanary, checkCanaries } = makeCanaries();

// After each case: the canaries unchanged, the module alive and right.
afterEach(checkCanaries);

// A session of one ReduceSum-13 of x (float32, any shape) to y.
const sumModel = () => oneNodeModel({
  opType: 'ReduceSum', opset: 13, inputs: [{ name: 'x', type: 'float32', dims: null }], output: { name: 'y', type: 'float32', dims: null },
});

// fn() must throw Class (never a RuntimeError) with a message matching re.
function refuses(fn, Class, re) {
  assert.throws(fn, (e) => {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `a RuntimeError: ${e.message}`);
    assert.equal(e.constructor, Class, e.message);
    assert.match(e.message, re);
    return true;
  });
}

test('boundary/an inputs element read through a getter is read once: no overflow', () => {
  let reads = 0;
  const inputs = [f32(1, 1, 1, 1)];
  Object.defineProperty(inputs, 1, { enumerable: true, get: () => (++reads === 1 ? f32(1, 2, 3, 4) : f32(...new Array(100000).fill(1))) });
  assert.deepEqual(Array.from(mul.run(inputs)[0].data), [1, 2, 3, 4]);
  assert.equal(reads, 1);
});

test('boundary/a Proxy over a Float32Array is refused as Tensor data', () => {
  const data = new Float32Array(4);
  const proxy = new Proxy(data, { get: (t, k) => (k === 'length' ? 100000 : Reflect.get(t, k)) });
  refuses(() => new Tensor('float32', proxy, [4]), TypeError, /^Tensor: type 'float32' needs a Float32Array/);
  refuses(() => sum11.run([{ type: 'float32', data: proxy, dims: [4] }]), TypeError, /run: inputs\[0\]: Tensor: type 'float32' needs a Float32Array/);
});

test('boundary/a TypedArray subclass is refused and its constructor never runs', () => {
  let constructed = 0;
  class Sneaky extends Float32Array {
    constructor(...a) { super(...a); ++constructed; }
  }
  const data = new Sneaky(4);
  constructed = 0;
  refuses(() => new Tensor('float32', data, [4]), TypeError, /needs a Float32Array .*a subclass is not accepted/);
  refuses(() => new Tensor(data, [4]), TypeError, /cannot infer a type/);
  refuses(() => sum11.run([{ type: 'float32', data, dims: [4] }]), TypeError, /inputs\[0\]/);
  assert.equal(constructed, 0);
});

test('boundary/a forged Tensor (Object.create(Tensor.prototype)) is a TypeError everywhere', async () => {
  const forged = Object.create(Tensor.prototype, {
    type: { value: 'float32' }, data: { value: new Float32Array(1) }, dims: { value: [4000] }, size: { value: 1 },
  });
  assert.ok(forged instanceof Tensor);
  refuses(() => sum11.run([forged]), TypeError, /^ReduceSum \(opset 11\): run: inputs\[0\] is not a Tensor made by this package/);
  refuses(() => mul.run([f32(1), f32(1)], { outputs: [forged] }), TypeError, /options\.outputs\[0\] is not a Tensor of this package/);
  const session = await InferenceSession.create(sumModel());
  refuses(() => session.runSync({ x: forged }), TypeError, /^InferenceSession\.run: feeds\['x'\] is not a Tensor made by this package/);
  // A Proxy over a genuine Tensor is not the Tensor.
  refuses(() => sum11.run([new Proxy(jsCanary, {})]), TypeError, /inputs\[0\] is not a Tensor made by this package/);
  await session.release();
});

test("boundary/a forged 'wasm' Tensor (Object.create of a wasm tensor's prototype) is a TypeError", () => {
  const forged = Object.create(Object.getPrototypeOf(wasmCanary), {
    type: { value: 'float32' }, dims: { value: [4000] }, size: { value: 4000 },
  });
  assert.equal(forged.location, 'wasm');
  refuses(() => sum11.run([forged]), TypeError, /^ReduceSum \(opset 11\): run: inputs\[0\] is not a Tensor made by this package/);
  refuses(() => mul.run([f32(1), f32(1)], { outputs: [forged] }), TypeError, /options\.outputs\[0\] is not a Tensor of this package/);
});

test('boundary/an ORT-shaped object is read once, field by field', () => {
  const reads = { type: 0, data: 0, dims: 0 };
  const ort = {
    get type() { ++reads.type; return 'float32'; },
    get data() { ++reads.data; return reads.data === 1 ? Float32Array.of(1, 2) : new Float32Array(100000); },
    get dims() { ++reads.dims; return reads.dims === 1 ? [2] : [100000]; },
  };
  assert.deepEqual(Array.from(sum11.run([ort])[0].data), [3]);
  assert.deepEqual(reads, { type: 1, data: 1, dims: 1 });
});

test('boundary/a nested run from a Proxy element read: the outer run is right', () => {
  let nested = null;
  const inputs = new Proxy([f32(1, 2, 3), f32(10, 20, 30)], {
    get(t, k) {
      if (k === '1' && !nested) nested = mul.run([f32(5), f32(7)])[0].data[0];
      return Reflect.get(t, k);
    },
  });
  assert.deepEqual(Array.from(mul.run(inputs)[0].data), [10, 40, 90]);
  assert.equal(nested, 35);
});

test('boundary/a call made while another stages its inputs is a re-entrant call error', () => {
  // The one place left where code of the caller's could run mid-staging: a patched builtin.
  const errors = [];
  const own = Object.getOwnPropertyDescriptor(Float32Array.prototype, 'set');
  const set = Object.getPrototypeOf(Float32Array.prototype).set;
  Float32Array.prototype.set = function patched(...args) {
    for (const call of [() => mul.run([f32(5), f32(7)]), () => Tensor.allocate('float32', [1 << 20]), () => Node.create({ opType: 'Abs' })]) {
      try { call(); } catch (e) { errors.push(e); }
    }
    return set.apply(this, args);
  };
  let result;
  try {
    result = mul.run([f32(1, 2, 3), f32(10, 20, 30)])[0].data;
  } finally {
    if (own) Object.defineProperty(Float32Array.prototype, 'set', own);
    else delete Float32Array.prototype.set;
  }
  assert.deepEqual(Array.from(result), [10, 40, 90]);
  assert.ok(errors.length >= 3);
  for (const e of errors) {
    assert.equal(e.constructor, Error);
    assert.match(e.message, /^(Mul \(opset 14\): run|Tensor\.allocate|Node\.create): re-entrant call while Mul \(opset 14\): run is in progress/);
  }
});

test('boundary/preallocated outputs are read once', () => {
  let reads = 0;
  const out = new Tensor('float32', new Float32Array(3), [3]);
  const outputs = [];
  Object.defineProperty(outputs, 0, { enumerable: true, get: () => (++reads === 1 ? out : { type: 'float32', data: new Float32Array(1), dims: [3] }) });
  mul.run([f32(1, 2, 3), f32(2, 2, 2)], { outputs });
  assert.deepEqual(Array.from(out.data), [2, 4, 6]);
  assert.equal(reads, 1);
});

test('boundary/inferShapes reads each info once', () => {
  let reads = 0;
  const info = { type: 'float32', get dims() { return ++reads === 1 ? [2, 3] : 'not dims'; } };
  assert.deepEqual(sum11.inferShapes([info]), [{ type: 'float32', dims: [] }]);
  assert.equal(reads, 1);
});

test('boundary/bytes APIs refuse Proxies and read subclasses through the engine', () => {
  const bytes = new Uint8Array(8);
  const proxy = new Proxy(bytes, { get: (t, k) => (k === 'length' ? 1 << 24 : Reflect.get(t, k)) });
  refuses(() => readTensorProto(proxy), TypeError, /^readTensorProto: bytes must be a Uint8Array or ArrayBuffer/);
  refuses(() => inferModelShapes(proxy), TypeError, /^inferModelShapes: modelBytes must be/);
  refuses(() => Node.fromBytes(proxy), TypeError, /^Node\.fromBytes: bytes must be/);
  // A subclass whose length lies and whose constructor counts: neither is used.
  let constructed = 0;
  class Sub extends Uint8Array {
    constructor(...a) { super(...a); ++constructed; }
    get length() { return 1 << 24; }
    get byteLength() { return 1 << 24; }
  }
  const sub = new Sub(Uint8Array.of(0xff, 0xff));
  constructed = 0;
  refuses(() => Node.fromBytes(sub), Error, /^NodeProto: the 2 bytes are not a valid serialized onnx\.NodeProto/);
  refuses(() => Node.fromBytes(Buffer.from([0xff, 0xff])), Error, /^NodeProto: the 2 bytes/);
  assert.equal(constructed, 0);
});

test('boundary/a detached empty input computes; a detached preallocated output is refused by name', () => {
  const empty = new Tensor('float32', new Float32Array(0), [0]);
  structuredClone(empty.data.buffer, { transfer: [empty.data.buffer] });
  assert.deepEqual(Array.from(sum11.run([empty])[0].data), [0]);
  const out = new Tensor('float32', new Float32Array(3), [3]);
  structuredClone(out.data.buffer, { transfer: [out.data.buffer] });
  refuses(() => mul.run([f32(1, 2, 3), f32(1, 1, 1)], { outputs: [out] }), RangeError,
    /^Mul \(opset 14\): run: options\.outputs\[0\]: the preallocated tensor's data has 0 elements but its dims \[3\] need 3/);
});

test('boundary/a disposed wasm input is refused naming the op and the input', () => {
  const t = Tensor.allocate('float32', [2]);
  t.dispose();
  refuses(() => sum11.run([t]), Error, /^ReduceSum \(opset 11\): run: inputs\[0\] \('input0'\): this wasm tensor was disposed/);
});
