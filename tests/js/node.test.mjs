// Node: create and fromBytes, its properties, toBytes, run (optional inputs, negative axes),
// dispose, and outputs that are fresh JS-owned TypedArrays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, inferModelShapes, makeModel, memoryStats, LATEST_OPSET } from '../../dist/index.node.mjs';
import { nodeBytes } from './helpers/model-writer.mjs';
import { tensorMismatch } from './helpers/values.mjs';
import { f32, i64, run1, fresh } from './helpers/api-calls.mjs';

await init();

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

test('run/negative axes count from the end at opset 1 too (as ONNX shape inference and ORT)', () => {
  const x = new Tensor('float32', Float32Array.from([1, 2, 3, 4, 5, 6]), [2, 3]);
  const [y] = Node.create({ opType: 'ReduceSum', opset: 1, attributes: { axes: [-1], keepdims: 0 } }).run([x]);
  assert.deepEqual([y.dims, Array.from(y.data)], [[2], [1 + 2 + 3, 4 + 5 + 6]]);
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
