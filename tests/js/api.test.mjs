// The public API, as a user of the npm package sees it: Tensor, Node (create,
// fromBytes, run, inferShapes, toBytes, dispose), InferenceSession, inferModelShapes, init.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL, fileURLToPath } from 'node:url';
import {
  init, Tensor, Node, InferenceSession, inferModelShapes, makeModel, readTensorProto, memoryStats, LATEST_OPSET,
} from '../../dist/index.node.mjs';
import { encodeModel, nodeBytes, oneNodeModel } from './helpers/model-writer.mjs';
import { f16ToNumber, bf16ToNumber, tensorMismatch } from './helpers/values.mjs';
import { BACKEND_DIR, dataSets, listBackendTests, modelBytes } from './helpers/backend-tests.mjs';

await init();

const DIST = new URL('../../dist/', import.meta.url);
const ENTRY = new URL('index.node.mjs', DIST).href;

const f32 = (values, dims) => new Tensor('float32', values, dims);
const i64 = (values, dims) => new Tensor('int64', values.map(BigInt), dims);
const run1 = (spec, inputs) => {
  const node = Node.create(spec);
  try {
    const out = node.run(inputs);
    assert.equal(out.length, 1, 'one output');
    return out[0];
  } finally {
    node.dispose();
  }
};

// Runs a script in a fresh Node process (a fresh, not yet initialised module) and returns stdout.
const fresh = (script) => execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();

// ---------------------------------------------------------------------------------------------
// init

test('init/is idempotent: repeated and concurrent calls keep the one loaded module', async () => {
  // A node made before re-initialising lives in the loaded module: were init() to load a
  // second module, its handle would not exist there and run() would fail.
  const n = Node.create({ opType: 'ReduceSum', opset: 13 });
  const results = await Promise.all([init(), init(), init()]);
  assert.deepEqual(results, [undefined, undefined, undefined]);
  await init();
  assert.deepEqual(Array.from(n.run([f32([1, 2])])[0].data), [3]);
  n.dispose();
});

test('init/using the API before init throws an Error telling to call init()', () => {
  const out = fresh(`
    const m = await import(${JSON.stringify(ENTRY)});
    try { m.Node.create({ opType: 'ReduceSum' }); console.log('no error'); }
    catch (e) { console.log(e.constructor.name + ': ' + e.message); }`);
  assert.match(out, /^Error: .*init\(\)/);
});

test('init/accepts wasmBinary (bytes the caller read) and wasmPath', () => {
  const wasm = fileURLToPath(new URL('onnx-reduce-wasm.wasm', DIST));
  for (const opt of [`{ wasmBinary: readFileSync(${JSON.stringify(wasm)}) }`, `{ wasmPath: ${JSON.stringify(wasm)} }`]) {
    const out = fresh(`
      import { readFileSync } from 'node:fs';
      const m = await import(${JSON.stringify(ENTRY)});
      await m.init(${opt});
      await m.init(${opt});
      const [y] = m.Node.create({ opType: 'ReduceProd', opset: 13 }).run([new m.Tensor('float32', [2, 3, 4])]);
      console.log(Array.from(y.data).join(','));`);
    assert.equal(out, '24', opt);
  }
});

// Each entry, with a later init() that loads: the Node entry from a path, the single-file one
// its embedded wasm.
const ENTRIES_AFTER_BAD_BYTES = [
  ['the Node entry', ENTRY, `{ wasmPath: ${JSON.stringify(fileURLToPath(new URL('onnx-reduce-wasm.wasm', DIST)))} }`],
  ['the single-file entry', fileURLToPath(new URL('single.mjs', DIST)), ''],
];
for (const [name, entry, goodOptions] of ENTRIES_AFTER_BAD_BYTES) {
  test(`init/${name}: bytes that are not wasm reject with the compile error, and a later init works`, () => {
    const out = fresh(`
      const m = await import(${JSON.stringify(entry)});
      try { await m.init({ wasmBinary: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]) }); console.log('no error'); }
      catch (e) { console.log(e.constructor.name); }
      await m.init(${goodOptions});
      const [y] = m.Node.create({ opType: 'ReduceSum', opset: 13 }).run([new m.Tensor('float32', [2, 3])]);
      console.log(Array.from(y.data).join(','));`);
    assert.equal(out, 'CompileError\n5');
  });
}

// ---------------------------------------------------------------------------------------------
// Tensor

test("errors/an uncaught error in Node shows the package's throw line, not a minified bundle", () => {
  // Node prints the source line an uncaught error came from: the Node entries are not minified.
  for (const [flag, entry, load] of [['--input-type=module', 'index.node.mjs', (u) => `const m = await import(${JSON.stringify(u)});`],
    ['--input-type=commonjs', 'index.cjs', (u) => `(async () => { const m = require(${JSON.stringify(fileURLToPath(u))});`]]) {
    const url = new URL(entry, DIST).href;
    const tail = flag === '--input-type=module' ? '' : ' })();';
    const script = `${load(url)} await m.init({ numThreads: 1 }); m.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { axes: [1] } });${tail}`;
    let stderr = '';
    try {
      execFileSync(process.execPath, [flag, '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      stderr = e.stderr;
    }
    assert.match(stderr, /RangeError: ReduceSum \(opset 13\): unknown attribute 'axes'/, entry);
    const longest = Math.max(...stderr.split('\n').map((l) => l.length));
    assert.ok(longest < 400, `${entry}: the longest stderr line has ${longest} characters`);
    assert.match(stderr, /at fail \(/, `${entry}: stack frames name the package's functions`);
  }
});

test('API classes keep their names in the minified bundles (what util.inspect and stack traces show)', async () => {
  assert.deepEqual([Tensor.name, Node.name, InferenceSession.name], ['Tensor', 'Node', 'InferenceSession']);
  assert.match((await import('node:util')).inspect(new Tensor('float32', [1])), /^Tensor /);
  const browser = readFileSync(new URL('index.mjs', DIST), 'utf8');
  // Each class is a property's value there, so V8's own messages name it too.
  for (const name of ['Tensor', 'Node', 'InferenceSession']) assert.ok(browser.includes(`{${name}:class`), `${name} in dist/index.mjs`);
  for (const C of [Tensor, Node, InferenceSession]) {
    assert.throws(() => C(), { name: 'TypeError', message: new RegExp(`^Class constructor ${C.name} cannot be invoked without 'new'`) });
  }
});

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

// ---------------------------------------------------------------------------------------------
// Optional inputs

test('optional inputs/ReduceSum (opset 13+) with the axes input omitted (null, undefined or absent) reduces everything', () => {
  const x = f32([1, 2, 3, 4], [2, 2]);
  for (const opset of [13, 18, 26]) {
    const n = Node.create({ opType: 'ReduceSum', opset, attributes: { keepdims: 0 } });
    for (const inputs of [[x, null], [x, undefined], [x]]) {
      const [y] = n.run(inputs);
      assert.deepEqual(Array.from(y.dims), [], `opset ${opset}, ${inputs.length} inputs`);
      assert.deepEqual(Array.from(y.data), [10]);
    }
    n.dispose();
  }
});

test('optional inputs/an omitted axes input with noop_with_empty_axes=1 returns the input unchanged', () => {
  const x = f32([1, 2, 3, 4], [2, 2]);
  const y = run1({ opType: 'ReduceProd', opset: 18, attributes: { noop_with_empty_axes: 1 } }, [x, null]);
  assert.deepEqual(Array.from(y.dims), [2, 2]);
  assert.deepEqual(Array.from(y.data), [1, 2, 3, 4]);
});

test('optional inputs/an empty axes tensor behaves like an omitted one', () => {
  const x = f32([1, 2, 3, 4], [2, 2]);
  const empty = new Tensor('int64', new BigInt64Array(0), [0]);
  const a = run1({ opType: 'ReduceSum', opset: 13 }, [x, empty]);
  const b = run1({ opType: 'ReduceSum', opset: 13 }, [x, null]);
  assert.equal(tensorMismatch(a, b), null);
  assert.deepEqual(Array.from(a.dims), [1, 1]);
});

// ---------------------------------------------------------------------------------------------
// Node: create / fromBytes / properties / toBytes

test('Node/fromBytes and create describe the same node and give the same results', () => {
  const spec = { opType: 'ReduceSum', name: 'sum0', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0, noop_with_empty_axes: 0 } };
  const a = Node.fromBytes(nodeBytes(spec), { opset: 13 });
  const b = Node.create({ ...spec, opset: 13 });
  for (const key of ['opType', 'domain', 'name', 'opset', 'sinceVersion', 'attributes', 'inputs', 'outputs']) {
    assert.deepEqual(a[key], b[key], key);
  }
  assert.deepEqual(a.toBytes(), b.toBytes());
  const x = f32([1, 2, 3, 4, 5, 6], [2, 3]);
  assert.equal(tensorMismatch(a.run([x, i64([1])])[0], b.run([x, i64([1])])[0]), null);
  assert.deepEqual(Array.from(a.run([x, i64([1])])[0].data), [6, 15]);
});

test('Node/fromBytes accepts an ArrayBuffer', () => {
  const bytes = nodeBytes({ opType: 'ReduceProd', inputs: ['x'], outputs: ['y'] });
  const n = Node.fromBytes(bytes.buffer.slice(0), { opset: 13 });
  assert.equal(n.opType, 'ReduceProd');
  assert.deepEqual(Array.from(n.run([f32([2, 5])])[0].data), [10]);
});

test('Node/toBytes round trips NodeProto bytes unchanged', () => {
  const specs = [
    { opType: 'ReduceProd', inputs: ['x'], outputs: ['y'], attributes: { axes: [0, -1], keepdims: 0 }, opset: 13 },
    { opType: 'ReduceSum', name: 'n', inputs: ['x', ''], outputs: ['y'], attributes: { noop_with_empty_axes: 1 }, opset: 13 },
    { opType: 'CumProd', inputs: ['x', 'axis'], outputs: ['y'], attributes: { exclusive: 1, reverse: 0 }, opset: 26 },
    { opType: 'ReduceMax', domain: 'ai.onnx', inputs: ['x', 'axes'], outputs: ['y'], opset: 20 },
  ];
  for (const { opset, ...spec } of specs) {
    const bytes = nodeBytes(spec);
    const n = Node.fromBytes(bytes, { opset });
    const out = n.toBytes();
    assert.ok(out instanceof Uint8Array);
    assert.deepEqual(out, bytes, spec.opType);
    const again = Node.fromBytes(out, { opset });
    assert.deepEqual(again.attributes, n.attributes);
    assert.deepEqual(again.inputs, spec.inputs);
  }
});

test('Node/toBytes returns a fresh Uint8Array, not a view into wasm memory', () => {
  const n = Node.create({ opType: 'ReduceProd', opset: 13, attributes: { axes: [1] } });
  const a = n.toBytes();
  const b = n.toBytes();
  assert.notEqual(a.buffer, b.buffer);
  assert.equal(a.byteOffset, 0);
  assert.equal(a.buffer.byteLength, a.byteLength);
});

test('Node/opType, domain, name, opset, attributes, inputs and outputs describe the node', () => {
  const n = Node.create({ opType: 'ReduceProd', opset: 13, name: 'p', attributes: { keepdims: 0, axes: [1] }, inputs: ['data'], outputs: ['out'] });
  assert.equal(n.opType, 'ReduceProd');
  assert.equal(n.opset, 13);
  assert.equal(n.name, 'p');
  assert.deepEqual(n.attributes, { keepdims: 0, axes: [1] });
  assert.deepEqual(n.inputs, ['data']);
  assert.deepEqual(n.outputs, ['out']);
});

test('Node/opset defaults to the newest supported one (LATEST_OPSET)', () => {
  assert.equal(LATEST_OPSET, 26);
  assert.equal(Node.create({ opType: 'ReduceSum' }).opset, LATEST_OPSET);
  assert.equal(Node.fromBytes(nodeBytes({ opType: 'CumProd', inputs: ['x', 'a'], outputs: ['y'] })).opset, LATEST_OPSET);
});

test('Node/sinceVersion is the operator version in force at the opset', () => {
  const table = [
    ['ReduceProd', 1, 1], ['ReduceProd', 12, 11], ['ReduceProd', 17, 13], ['ReduceProd', 26, 18],
    ['ReduceSum', 12, 11], ['ReduceSum', 18, 13], ['ReduceMax', 12, 12], ['ReduceMax', 19, 18],
    ['ReduceMax', 20, 20], ['ReduceMin', 26, 20], ['ReduceL2', 18, 18], ['CumSum', 13, 11],
    ['CumSum', 26, 14], ['CumProd', 26, 26],
  ];
  for (const [opType, opset, since] of table) {
    assert.equal(Node.create({ opType, opset }).sinceVersion, since, `${opType} at opset ${opset}`);
  }
});

test('Node/Node.create without inputs or outputs gets default names for every input of the version', () => {
  const n = Node.create({ opType: 'ReduceSum', opset: 13 });
  assert.equal(n.inputs.length, 2);
  assert.equal(n.outputs.length, 1);
  assert.ok(n.inputs.every((s) => typeof s === 'string' && s.length > 0));
});

test('Node/attributes is a copy: mutating it does not change the node', () => {
  const n = Node.create({ opType: 'ReduceProd', opset: 13, attributes: { keepdims: 0, axes: [1] } });
  const attrs = n.attributes;
  attrs.keepdims = 7;
  attrs.axes.push(5);
  assert.deepEqual(n.attributes, { keepdims: 0, axes: [1] });
  const inputs = n.inputs;
  inputs.push('z');
  assert.equal(n.inputs.length, 1);
});

test('Node/run is synchronous and returns an array of Tensors', () => {
  const out = Node.create({ opType: 'ReduceProd', opset: 13 }).run([f32([2, 3])]);
  assert.ok(Array.isArray(out));
  assert.ok(out[0] instanceof Tensor);
});

test('Node/a node can be run many times and disposed twice without harm', () => {
  const n = Node.create({ opType: 'CumSum', opset: 14 });
  for (let i = 1; i <= 5; ++i) assert.deepEqual(Array.from(n.run([f32([i, i]), i64([0], [])])[0].data), [i, 2 * i]);
  n.dispose();
  n.dispose();
});

// ---------------------------------------------------------------------------------------------
// Outputs are fresh, JS-owned TypedArrays

test('outputs/are fresh TypedArrays that own their buffer (not views into wasm memory)', () => {
  const n = Node.create({ opType: 'CumProd', opset: 26 });
  const x = f32([1, 2, 3, 4]);
  const [a] = n.run([x, i64([0], [])]);
  const [b] = n.run([x, i64([0], [])]);
  assert.notEqual(a.data, b.data);
  assert.notEqual(a.data.buffer, b.data.buffer);
  assert.equal(a.data.byteOffset, 0);
  assert.equal(a.data.buffer.byteLength, a.data.byteLength);
  a.data[0] = 99; // owned by the caller: writing to it changes nothing else
  assert.deepEqual(Array.from(n.run([x, i64([0], [])])[0].data), [1, 2, 6, 24]);
  assert.deepEqual(Array.from(x.data), [1, 2, 3, 4], 'the input is not modified');
});

test('outputs/stay valid after a later call grows wasm memory (a 64 MB input)', () => {
  const sum = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
  const cum = Node.create({ opType: 'CumSum', opset: 14 });
  const [small] = sum.run([f32([1, 2, 3, 4], [2, 2]), i64([1])]);
  const [scan] = cum.run([f32([1, 2, 3]), i64([0], [])]);
  const memBefore = memoryStats().memoryBytes;
  const big = new Float32Array(16 * 1024 * 1024).fill(0.5); // 64 MB
  // A scan is not streamed: its 64 MB input and output must live in wasm memory.
  const [bigOut] = cum.run([new Tensor('float32', big, [16 * 1024 * 1024]), i64([0], [])]);
  assert.ok(memoryStats().memoryBytes > memBefore, 'the 64 MB input grew wasm memory');
  assert.deepEqual(Array.from(bigOut.dims), [16 * 1024 * 1024]);
  assert.equal(bigOut.data[16 * 1024 * 1024 - 1], 8 * 1024 * 1024);
  // Outputs taken before the growth still hold their values.
  assert.equal(small.data.length, 2);
  assert.deepEqual(Array.from(small.data), [3, 7]);
  assert.deepEqual(Array.from(scan.data), [1, 3, 6]);
  // And the API keeps working afterwards.
  assert.deepEqual(Array.from(sum.run([f32([5, 6], [1, 2]), i64([1])])[0].data), [11]);
});

test('outputs/a large reduction streams its input through a small buffer: wasm memory barely grows', () => {
  // In a fresh process, so no earlier test has grown wasm memory already.
  const grew = Number(fresh(`
    const m = await import(${JSON.stringify(ENTRY)});
    await m.init();
    const sum = m.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
    const axes = new m.Tensor('int64', [1n], [1]);
    const before = m.memoryStats().memoryBytes;
    const big = new Float32Array(8 * 1024 * 1024).fill(0.25); // 32 MB
    const [out] = sum.run([new m.Tensor('float32', big, [2048, 4096]), axes]);
    if (out.data[2047] !== 1024) throw new Error('wrong sum ' + out.data[2047]);
    console.log(m.memoryStats().memoryBytes - before);`));
  assert.ok(grew < 4 * 1024 * 1024, `wasm memory grew by ${grew} bytes for a 32 MB input`);
});

test('outputs/large scans (streamed in and out) have the values of a plain scan on every axis and mode', () => {
  // 2 x [1024, 1024] floats (8 MB, streamed: blocks of lines, rows with a carry, or whole
  // lines), checked against a plain JS scan.
  const out = fresh(`
    const m = await import(${JSON.stringify(ENTRY)});
    await m.init();
    const rows = 1024, cols = 1024;
    const x = new Float32Array(2 * rows * cols);
    for (let i = 0; i < x.length; ++i) x[i] = 1 + ((i * 7919) % 13) / 1000;
    const bad = [];
    for (const op of ['CumSum', 'CumProd']) for (const axis of [0, 1, 2]) for (const exclusive of [0, 1]) for (const reverse of [0, 1]) {
      const node = m.Node.create({ opType: op, opset: 26, attributes: { exclusive, reverse } });
      const a = new m.Tensor('int64', [BigInt(axis)], []);
      const [big] = node.run([new m.Tensor('float32', x, [2, rows, cols]), a]);
      // Reference: plain JS scan along the axis.
      const dims = [2, rows, cols], strides = [rows * cols, cols, 1];
      const n = dims[axis], st = strides[axis];
      const ref = new Float32Array(x.length);
      for (let base = 0; base < x.length; ++base) {
        const i = Math.floor(base / st) % n;
        if (i !== 0) continue;
        let acc = op === 'CumSum' ? 0 : 1;
        for (let t = 0; t < n; ++t) {
          const k = reverse ? n - 1 - t : t;
          const idx = base + k * st;
          if (exclusive) { ref[idx] = acc; acc = op === 'CumSum' ? Math.fround(acc + x[idx]) : Math.fround(acc * x[idx]); }
          else { acc = op === 'CumSum' ? Math.fround(acc + x[idx]) : Math.fround(acc * x[idx]); ref[idx] = acc; }
        }
      }
      let worst = 0;
      for (let i = 0; i < x.length; ++i) worst = Math.max(worst, Math.abs(big.data[i] - ref[i]) / Math.max(Math.abs(ref[i]), 1e-30));
      if (!(worst < 1e-4)) bad.push(op + ' axis ' + axis + ' excl ' + exclusive + ' rev ' + reverse + ': ' + worst);
    }
    console.log(JSON.stringify(bad));`);
  assert.deepEqual(JSON.parse(out), []);
});

// ---------------------------------------------------------------------------------------------
// inferShapes

const sumNode = (attributes = {}, opset = 13) => Node.create({ opType: 'ReduceSum', opset, attributes });

test('inferShapes/keeps symbols and replaces reduced dims by 1 (ValueAsShape axes value [1])', () => {
  const out = sumNode({ keepdims: 1 }).inferShapes([{ type: 'float32', dims: ['N', 3, 'C'] }, { type: 'int64', dims: [1], value: [1] }]);
  assert.deepEqual(out, [{ type: 'float32', dims: ['N', 1, 'C'] }]);
});

test('inferShapes/keepdims=0 drops the reduced dims; negative axis values count from the end', () => {
  const out = sumNode({ keepdims: 0 }).inferShapes([{ type: 'float64', dims: ['N', 3, 'C'] }, { type: 'int64', dims: [2], value: [-1, 1] }]);
  assert.deepEqual(out, [{ type: 'float64', dims: ['N'] }]);
});

test('run/negative axes count from the end at opset 1 too (as ONNX shape inference and ORT)', () => {
  const x = new Tensor('float32', Float32Array.from([1, 2, 3, 4, 5, 6]), [2, 3]);
  const [y] = sumNode({ axes: [-1], keepdims: 0 }, 1).run([x]);
  assert.deepEqual([y.dims, Array.from(y.data)], [[2], [1 + 2 + 3, 4 + 5 + 6]]);
});

test('inferShapes/an unknown dim (null) stays unknown', () => {
  const out = sumNode({ keepdims: 0 }).inferShapes([{ type: 'float32', dims: [null, 3, null] }, { type: 'int64', dims: [1], value: [1] }]);
  assert.deepEqual(out, [{ type: 'float32', dims: [null, null] }]);
});

test('inferShapes/an unknown rank (dims null) gives an unknown rank', () => {
  const out = sumNode({ keepdims: 0 }).inferShapes([{ type: 'float32', dims: null }, { type: 'int64', dims: [1], value: [0] }]);
  assert.deepEqual(out, [{ type: 'float32', dims: null }]);
});

test('inferShapes/axes of unknown value: keepdims=1 keeps the rank with unknown dims', () => {
  const [out] = sumNode({ keepdims: 1 }).inferShapes([{ type: 'float32', dims: [2, 3] }, { type: 'int64', dims: [1] }]);
  assert.equal(out.type, 'float32');
  assert.equal(out.dims.length, 2);
  assert.ok(out.dims.every((d) => typeof d !== 'number'), `dims ${JSON.stringify(out.dims)} must not claim known values`);
});

test('inferShapes/an omitted axes input (null info) reduces every dim', () => {
  assert.deepEqual(sumNode({ keepdims: 1 }).inferShapes([{ type: 'float32', dims: ['N', 4] }, null]), [{ type: 'float32', dims: [1, 1] }]);
  assert.deepEqual(sumNode({ keepdims: 0 }).inferShapes([{ type: 'float32', dims: ['N', 4] }]), [{ type: 'float32', dims: [] }]);
});

test('inferShapes/a node that lists only the data input reduces every dim', () => {
  const n = Node.fromBytes(nodeBytes({ opType: 'ReduceSum', inputs: ['x'], outputs: ['y'], attributes: { keepdims: 0 } }), { opset: 13 });
  assert.deepEqual(n.inferShapes([{ type: 'float32', dims: ['N', 4] }]), [{ type: 'float32', dims: [] }]);
});

test('inferShapes/noop_with_empty_axes=1 with empty axes keeps the shape', () => {
  const out = sumNode({ noop_with_empty_axes: 1 }).inferShapes([{ type: 'float32', dims: ['N', 4] }, { type: 'int64', dims: [0], value: [] }]);
  assert.deepEqual(out, [{ type: 'float32', dims: ['N', 4] }]);
});

test('inferShapes/axes as an attribute (opset 13 ReduceProd)', () => {
  const n = Node.create({ opType: 'ReduceProd', opset: 13, attributes: { axes: [0, -1], keepdims: 0 } });
  assert.deepEqual(n.inferShapes([{ type: 'int32', dims: ['B', 5, 'T'] }]), [{ type: 'int32', dims: [5] }]);
});

test('inferShapes/CumProd and CumSum keep type and shape, symbols included', () => {
  for (const [opType, opset] of [['CumProd', 26], ['CumSum', 14]]) {
    const n = Node.create({ opType, opset });
    assert.deepEqual(n.inferShapes([{ type: 'float16', dims: ['N', null, 3] }, { type: 'int32', dims: [], value: [1] }]), [{ type: 'float16', dims: ['N', null, 3] }]);
  }
});

test('inferShapes/agrees with the shape of run() on concrete shapes', () => {
  const cases = [
    [{ keepdims: 1 }, [2, 3, 4], [1]], [{ keepdims: 0 }, [2, 3, 4], [0, 2]], [{ keepdims: 0 }, [5], [-1]],
    [{ keepdims: 1 }, [2, 0, 3], [1]], [{ keepdims: 0 }, [2, 0, 3], [2]], [{ noop_with_empty_axes: 1 }, [3, 2], []],
  ];
  for (const [attributes, dims, axes] of cases) {
    const n = sumNode(attributes);
    const size = dims.reduce((a, b) => a * b, 1);
    const [y] = n.run([f32(new Array(size).fill(1), dims), i64(axes, [axes.length])]);
    const [info] = n.inferShapes([{ type: 'float32', dims }, { type: 'int64', dims: [axes.length], value: axes }]);
    assert.deepEqual(info.dims, Array.from(y.dims), `${JSON.stringify(attributes)} ${JSON.stringify(dims)} axes ${JSON.stringify(axes)}`);
  }
});

// ---------------------------------------------------------------------------------------------
// inferModelShapes

const backendTests = listBackendTests();

test('inferModelShapes/matches the type and is compatible with the dims of every backend test output', async (t) => {
  assert.ok(BACKEND_DIR, 'the ONNX backend test data (tests/data/onnx-backend) was not found');
  let exact = 0;
  for (const b of backendTests) {
    const bytes = modelBytes(b.dir);
    const shapes = inferModelShapes(bytes);
    const session = await InferenceSession.create(bytes);
    const [outputName] = session.outputNames;
    await session.release();
    const want = readTensorProto(dataSets(b.dir)[0].outputs[0]).tensor;
    const got = shapes[outputName];
    assert.ok(got, `${b.name}: output '${outputName}' is described`);
    assert.equal(got.type, want.type, `${b.name}: type of '${outputName}'`);
    assert.ok(Array.isArray(got.dims), `${b.name}: rank of '${outputName}' is known`);
    assert.equal(got.dims.length, want.dims.length, `${b.name}: rank of '${outputName}'`);
    got.dims.forEach((d, i) => {
      if (typeof d === 'number') assert.equal(d, want.dims[i], `${b.name}: dim ${i} of '${outputName}'`);
    });
    if (got.dims.every((d, i) => d === want.dims[i])) exact += 1;
  }
  t.diagnostic(`${exact} of ${backendTests.length} outputs inferred exactly (the others take axes from a graph input of unknown value)`);
  assert.ok(exact >= 20, `only ${exact} outputs were inferred exactly`);
});

test('inferModelShapes/describes graph inputs and infers outputs with initializer axes and symbols', () => {
  const model = encodeModel({
    opset: 18,
    nodes: [{ opType: 'ReduceProd', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } }],
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 3, 4] }],
    outputs: [{ name: 'y', type: 'float32', dims: null }],
    initializers: { axes: { type: 'int64', data: BigInt64Array.of(1n), dims: [1] } },
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.x, { type: 'float32', dims: ['N', 3, 4] });
  assert.deepEqual(shapes.y, { type: 'float32', dims: ['N', 4] });
  assert.deepEqual(inferModelShapes(model.buffer.slice(0)), shapes, 'an ArrayBuffer works too');
});

test('inferModelShapes/infers through a chain of nodes', () => {
  const model = encodeModel({
    opset: 26,
    nodes: [
      { opType: 'CumProd', inputs: ['x', 'axis'], outputs: ['c'] },
      { opType: 'ReduceMax', inputs: ['c'], outputs: ['y'], attributes: { keepdims: 0 } },
    ],
    inputs: [{ name: 'x', type: 'float64', dims: ['B', 7] }, { name: 'axis', type: 'int32', dims: [] }],
    outputs: [{ name: 'y', type: 'float64', dims: null }],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.c, { type: 'float64', dims: ['B', 7] });
  assert.deepEqual(shapes.y, { type: 'float64', dims: [] });
});

test('inferModelShapes/every value of the expanded tests (function bodies: Cast, Exp, Mul, ...) gets a type and rank', () => {
  const expanded = backendTests.filter((b) => b.expanded);
  assert.equal(expanded.length, 69, 'the _expanded backend tests (41 reduce, 28 softmax-like)');
  for (const b of expanded) {
    const shapes = inferModelShapes(modelBytes(b.dir));
    const [ds] = dataSets(b.dir);
    for (const bytes of ds.inputs) {
      const { name, tensor } = readTensorProto(bytes);
      assert.deepEqual(shapes[name], { type: tensor.type, dims: Array.from(tensor.dims) }, `${b.name}: input '${name}'`);
    }
    for (const [name, s] of Object.entries(shapes)) {
      assert.notEqual(s.type, 'unknown', `${b.name}: type of '${name}'`);
      assert.ok(Array.isArray(s.dims), `${b.name}: rank of '${name}'`);
    }
  }
});

// ---------------------------------------------------------------------------------------------
// InferenceSession

const SUM_TEST = BACKEND_DIR && `${BACKEND_DIR}/node/test_reduce_sum_keepdims_example`;
const sumFeeds = () => {
  const [ds] = dataSets(SUM_TEST);
  const [data, axes] = ds.inputs.map((b) => readTensorProto(b).tensor);
  return { data, axes, expected: readTensorProto(ds.outputs[0]).tensor };
};

test('InferenceSession/create from bytes, an ArrayBuffer, a file path and a file URL', async () => {
  assert.ok(SUM_TEST, 'backend test data present');
  const bytes = readFileSync(`${SUM_TEST}/model.onnx`);
  const sources = {
    Uint8Array: new Uint8Array(bytes),
    ArrayBuffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    path: `${SUM_TEST}/model.onnx`,
    URL: pathToFileURL(`${SUM_TEST}/model.onnx`),
  };
  const { data, axes, expected } = sumFeeds();
  for (const [kind, source] of Object.entries(sources)) {
    const s = await InferenceSession.create(source);
    assert.deepEqual(s.inputNames, ['data', 'axes'], kind);
    assert.deepEqual(s.outputNames, ['reduced'], kind);
    const out = await s.run({ data, axes });
    assert.equal(tensorMismatch(out.reduced, expected), null, kind);
    await s.release();
  }
});

test('InferenceSession/run is async (a Promise) and runSync gives the same result', async () => {
  const s = await InferenceSession.create(`${SUM_TEST}/model.onnx`);
  const { data, axes, expected } = sumFeeds();
  const pending = s.run({ data, axes });
  assert.ok(pending instanceof Promise);
  const a = await pending;
  const b = s.runSync({ data, axes });
  assert.deepEqual(Object.keys(a), ['reduced']);
  assert.ok(a.reduced instanceof Tensor);
  assert.equal(tensorMismatch(a.reduced, expected), null);
  assert.equal(tensorMismatch(b.reduced, expected), null);
  assert.notEqual(a.reduced.data.buffer, b.reduced.data.buffer);
  await s.release();
});

test('InferenceSession/release resolves and can be called twice', async () => {
  const s = await InferenceSession.create(`${SUM_TEST}/model.onnx`);
  assert.equal(await s.release(), undefined);
  await s.release();
});

test('InferenceSession/initializers are not graph inputs and feed their node', async () => {
  const model = oneNodeModel({
    opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 },
    inputs: [{ name: 'x', type: 'int32', dims: [2, 3] }, { name: 'axes', type: 'int64', dims: [1] }],
    output: { name: 'y', type: 'int32', dims: [2] },
    initializers: { axes: { type: 'int64', data: BigInt64Array.of(-1n), dims: [1] } },
  });
  const s = await InferenceSession.create(model);
  assert.deepEqual(s.inputNames, ['x']);
  assert.deepEqual(s.outputNames, ['y']);
  const { y } = await s.run({ x: new Tensor('int32', [1, 2, 3, 4, 5, 6], [2, 3]) });
  assert.deepEqual(Array.from(y.data), [6, 15]);
  await s.release();
});

test('InferenceSession/runs the nodes of a graph in topological order, whatever their order in the file', async () => {
  // y = ReduceSum(CumSum(x, axis=1), axes=[0], keepdims=0), with the consumer listed first.
  const model = encodeModel({
    opset: 18,
    nodes: [
      { opType: 'ReduceSum', inputs: ['c', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } },
      { opType: 'CumSum', inputs: ['x', 'axis'], outputs: ['c'] },
    ],
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
    outputs: [{ name: 'y', type: 'float32', dims: [3] }],
    initializers: {
      axes: { type: 'int64', data: BigInt64Array.of(0n), dims: [1] },
      axis: { type: 'int64', data: BigInt64Array.of(1n), dims: [] },
    },
  });
  const s = await InferenceSession.create(model);
  const { y } = s.runSync({ x: f32([1, 2, 3, 4, 5, 6], [2, 3]) });
  assert.deepEqual(Array.from(y.data), [5, 12, 21]); // cumsum rows [1,3,6] + [4,9,15]
  await s.release();
});

test('InferenceSession/inputMetadata lists declared types and dims with onnxruntime-web\'s fields', async () => {
  const s = await InferenceSession.create(`${SUM_TEST}/model.onnx`);
  assert.deepEqual(s.inputMetadata, [
    { name: 'data', isTensor: true, type: 'float32', shape: [3, 2, 2], dims: [3, 2, 2] },
    { name: 'axes', isTensor: true, type: 'int64', shape: [1], dims: [1] },
  ]);
  await s.release();
});

test('InferenceSession/outputMetadata lists declared outputs, unknown dims and shapes as null', async () => {
  const model = oneNodeModel({
    opType: 'ReduceMax', opset: 20, attributes: { keepdims: 0 },
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 2] }],
    output: { name: 'y', type: 'float32', dims: [null] },
  });
  const s = await InferenceSession.create(model);
  assert.deepEqual(s.outputMetadata, [{ name: 'y', isTensor: true, type: 'float32', shape: [null], dims: [null] }]);
  const noShape = await InferenceSession.create(oneNodeModel({
    opType: 'ReduceMax', opset: 20, inputs: [{ name: 'x', type: 'float32', dims: null }], output: { name: 'y', type: 'float32', dims: null },
  }));
  assert.deepEqual(noShape.outputMetadata, [{ name: 'y', isTensor: true, type: 'float32', shape: null, dims: null }]);
  await s.release();
  await noShape.release();
});

test("InferenceSession/onnxruntime-web's other session options are accepted and ignored; freeDimensionOverrides warns once", async () => {
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(m);
  try {
    const options = { executionProviders: ['wasm'], graphOptimizationLevel: 'all', logSeverityLevel: 3, freeDimensionOverrides: { N: 2 } };
    const a = await InferenceSession.create(`${SUM_TEST}/model.onnx`, options);
    const b = await InferenceSession.create(`${SUM_TEST}/model.onnx`, options);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /InferenceSession\.create: options\.freeDimensionOverrides is ignored/);
    await a.release();
    await b.release();
  } finally {
    console.warn = warn;
  }
});

test('InferenceSession/symbolic input dims accept any size', async () => {
  const model = oneNodeModel({
    opType: 'ReduceMax', opset: 20, attributes: { keepdims: 0 },
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 2] }],
    output: { name: 'y', type: 'float32', dims: null },
  });
  const s = await InferenceSession.create(model);
  for (const n of [1, 3, 0]) {
    const { y } = s.runSync({ x: f32(new Array(2 * n).fill(1), [n, 2]) });
    assert.deepEqual(Array.from(y.dims), [], `N=${n}`);
  }
  await s.release();
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

test('Node.fromBytes: model bytes are named a model, with what to use instead', async () => {
  await init();
  const model = makeModel({ opset: 13, nodes: [{ opType: 'Neg', inputs: ['x'], outputs: ['y'] }],
    inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'y', type: 'float32', dims: [2] }] });
  assert.throws(() => Node.fromBytes(model),
    (e) => e instanceof TypeError && e.message === 'Node.fromBytes: these bytes are a model (ModelProto), not a node: load them with InferenceSession.create, or inferModelShapes for its shapes');
});

test('LpNormalization: p other than 1 or 2 is refused when the node is made, naming attribute p', async () => {
  await init();
  for (const p of [0, 3]) {
    assert.throws(() => Node.create({ opType: 'LpNormalization', opset: 22, attributes: { p } }),
      (e) => e instanceof RangeError && e.message.includes(`LpNormalization (opset 22): attribute 'p' is ${p}: only 1 and 2 are supported`));
  }
});
