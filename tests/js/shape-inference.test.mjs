// Shape inference from the API: Node.inferShapes (symbols, unknown dims and ranks, axes of
// unknown value, agreement with run()) and inferModelShapes on backend models and chains.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Node, InferenceSession, inferModelShapes, readTensorProto } from '../../dist/index.node.mjs';
import { encodeModel, nodeBytes } from './helpers/model-writer.mjs';
import { BACKEND_DIR, dataSets, listBackendTests, modelBytes } from './helpers/backend-tests.mjs';
import { f32, i64 } from './helpers/api-calls.mjs';

await init();

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
