// inferModelShapes: every value it can infer, diagnostics beside them (non-enumerable, so code
// that walks the values is unchanged), the graph in order with roles, strict mode, and
// declarations (graph outputs, value_info) used and checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, inferModelShapes, makeModel, Tensor } from '../../dist/index.node.mjs';
import { encodeModel } from './helpers/model-writer.mjs';

await init();

const f32 = (data, dims) => ({ type: 'float32', data: Float32Array.from(data), dims });

// x [batch,seq,384] -> MatMul(W [384,8]) -> ReduceMean(axes [1]) -> Softmax, plus a bad
// ReduceMax and an op without a shape function.
const MODEL = encodeModel({
  opset: 13,
  nodes: [
    { opType: 'MatMul', inputs: ['x', 'W'], outputs: ['h'], name: 'mm' },
    { opType: 'ReduceMean', inputs: ['h'], outputs: ['m'], attributes: { axes: [1], keepdims: 0 } },
    { opType: 'Softmax', inputs: ['m'], outputs: ['y'] },
    { opType: 'ReduceMax', inputs: ['m'], outputs: ['bad'], attributes: { axes: [5] }, name: 'rm' },
    { opType: 'FancyOp', inputs: ['m'], outputs: ['f'] },
  ],
  inputs: [{ name: 'x', type: 'float32', dims: ['batch', 'seq', 384] }],
  initializers: { W: f32(new Array(384 * 8).fill(0), [384, 8]) },
  outputs: [{ name: 'y', type: 'float32', dims: null }, { name: 'f', type: 'float32', dims: ['batch', 3] }],
});

test('shapes/every value it can infer; the same record as before', () => {
  const shapes = inferModelShapes(MODEL);
  assert.deepEqual(shapes.h, { type: 'float32', dims: ['batch', 'seq', 8] });
  assert.deepEqual(shapes.m, { type: 'float32', dims: ['batch', 8] });
  assert.deepEqual(shapes.y, { type: 'float32', dims: ['batch', 8] });
  assert.deepEqual(shapes.bad, { type: 'unknown', dims: null });
  assert.deepEqual(shapes.f, { type: 'float32', dims: ['batch', 3] }, 'the declaration fills in an unknown op');
  assert.deepEqual(Object.keys(shapes).sort(), ['W', 'bad', 'f', 'h', 'm', 'x', 'y']);
});

test('shapes/diagnostics: node, op, domain, cause, error class and the message', () => {
  const { diagnostics } = inferModelShapes(MODEL);
  assert.deepEqual(diagnostics, [
    { nodeIndex: 3, nodeName: 'rm', opType: 'ReduceMax', domain: 'ai.onnx', cause: 'invalid-node', errorClass: 'RangeError',
      message: "ReduceMax \"rm\" (opset 13): attribute 'axes': axis 5 is out of range for rank 2 (valid range [-2, 1])" },
    { nodeIndex: 4, nodeName: '', opType: 'FancyOp', domain: 'ai.onnx', cause: 'no-shape-function', errorClass: 'Error',
      message: "FancyOp (opset 13): no shape function for op 'FancyOp' of domain 'ai.onnx' at this opset; its outputs are unknown" },
  ]);
});

test('shapes/graph: every value once in graph order with its role', () => {
  const { graph } = inferModelShapes(MODEL);
  assert.deepEqual(graph.map((v) => `${v.role} ${v.name}`),
    ['input x', 'initializer W', 'intermediate h', 'intermediate m', 'output y', 'intermediate bad', 'output f']);
  assert.deepEqual(graph[2], { name: 'h', role: 'intermediate', type: 'float32', dims: ['batch', 'seq', 8] });
});

test('shapes/strict throws the first invalid node as its class; unknown ops stay reported', () => {
  assert.throws(() => inferModelShapes(MODEL, { strict: true }),
    { name: 'RangeError', message: "inferModelShapes: ReduceMax \"rm\" (opset 13): attribute 'axes': axis 5 is out of range for rank 2 (valid range [-2, 1])" });
  const unknownOnly = encodeModel({
    opset: 13, nodes: [{ opType: 'FancyOp', inputs: ['x'], outputs: ['f'] }],
    inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'f', type: 'float32', dims: null }],
  });
  assert.equal(inferModelShapes(unknownOnly, { strict: true }).diagnostics.length, 1);
});

test('shapes/a declaration that contradicts inference is a diagnostic (strict: thrown)', () => {
  const model = encodeModel({
    opset: 13, nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }],
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }], outputs: [{ name: 'y', type: 'float32', dims: ['N', 5] }],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.y, { type: 'float32', dims: ['N', 4] }, "inference's answer stays");
  assert.equal(shapes.diagnostics[0].cause, 'declared-conflict');
  assert.equal(shapes.diagnostics[0].message,
    "Relu (opset 13): output 'y' is declared float32[N,5] but inferred float32[N,4]: dim 1 is 4, declared 5");
  assert.throws(() => inferModelShapes(model, { strict: true }), { name: 'RangeError', message: /dim 1 is 4, declared 5/ });
});

test('shapes/a value named like an extra property keeps its name', () => {
  const model = encodeModel({
    opset: 13, nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['diagnostics'] }],
    inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'diagnostics', type: 'float32', dims: null }],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.diagnostics, { type: 'float32', dims: [2] });
  assert.equal(shapes.graph.length, 2);
});

test('shapes/options are checked', () => {
  assert.throws(() => inferModelShapes(MODEL, 3), { name: 'TypeError', message: /options must be an object/ });
  assert.throws(() => inferModelShapes(MODEL, { strict: 1 }), { name: 'TypeError', message: /options\.strict must be a boolean, got number/ });
});

test('shapes/makeModel writes the ops the package only infers, checked as the ops it runs', () => {
  const model = makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: ['batch', 'seq', 4] }],
    initializers: { W: new Tensor('float32', new Float32Array(8), [4, 2]) },
    nodes: [
      { opType: 'MatMul', inputs: ['x', 'W'], outputs: ['h'] },
      { opType: 'Transpose', inputs: ['h'], outputs: ['t'], attributes: { perm: [2, 0, 1] } },
    ],
    outputs: [{ name: 't', type: 'float32', dims: [2, 'batch', 'seq'] }],
  });
  assert.deepEqual(inferModelShapes(model).t, { type: 'float32', dims: [2, 'batch', 'seq'] });
  // Their attributes and opsets are checked; allowUnknownOps is for ops the package lacks.
  assert.throws(() => makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
    nodes: [{ opType: 'Transpose', inputs: ['x'], outputs: ['t'], attributes: { perm: 'no' } }],
    outputs: [{ name: 't', type: 'float32' }],
  }), /^TypeError: makeModel: nodes\[0\]: Transpose \(opset 13\): attribute 'perm' must be of type ints, got string$/);
  assert.throws(() => makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
    nodes: [{ opType: 'Gelu', inputs: ['x'], outputs: ['g'] }],
    outputs: [{ name: 'g', type: 'float32' }],
  }), /^Error: makeModel: nodes\[0\] \(Gelu\): Gelu exists from opset 20 on, and the opset here is 13$/);
});

test('shapes/the ai.onnx.preview.training ops are inferred and written without allowUnknownOps', () => {
  const model = makeModel({
    opset: 17,
    opsetImports: { 'ai.onnx.preview.training': 1 },
    inputs: [
      { name: 'R', type: 'float32', dims: [] }, { name: 'T', type: 'int64', dims: [] },
      ...['X', 'G', 'V', 'H'].map((name) => ({ name, type: 'float32', dims: ['n', 3] })),
    ],
    nodes: [{ opType: 'Adam', domain: 'ai.onnx.preview.training', inputs: ['R', 'T', 'X', 'G', 'V', 'H'], outputs: ['X2', 'V2', 'H2'] }],
    outputs: [{ name: 'X2', type: 'float32' }, { name: 'V2', type: 'float32' }, { name: 'H2', type: 'float32' }],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.X2, { type: 'float32', dims: ['n', 3] });
  assert.deepEqual(shapes.H2, { type: 'float32', dims: ['n', 3] });
  assert.deepEqual(shapes.diagnostics, []);
});

test('shapes/sequences and optionals: kind and element beside the element tensor\'s type and dims', () => {
  const model = makeModel({
    opset: 18,
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 3] }, { name: 'z', type: 'float32', dims: ['M', 3] }],
    outputs: [{ name: 'n', type: 'int64' }, { name: 'y', type: 'float32' }],
    nodes: [
      { opType: 'SequenceConstruct', inputs: ['x', 'x'], outputs: ['s'] },
      { opType: 'SequenceInsert', inputs: ['s', 'z'], outputs: ['s2'] },
      { opType: 'Optional', inputs: ['s2'], outputs: ['o'] },
      { opType: 'OptionalGetElement', inputs: ['o'], outputs: ['s3'] },
      { opType: 'SequenceLength', inputs: ['s3'], outputs: ['n'] },
      { opType: 'ConcatFromSequence', inputs: ['s'], outputs: ['y'], attributes: { axis: 0 } },
    ],
  });
  const shapes = inferModelShapes(model);
  const element = { type: 'float32', dims: ['N', 3] };
  assert.deepEqual(shapes.s, { ...element, kind: 'sequence', element });
  const unioned = { type: 'float32', dims: [null, 3] };
  const sequence = { ...unioned, kind: 'sequence', element: unioned };
  assert.deepEqual(shapes.o, { ...unioned, kind: 'optional', element: sequence });
  assert.deepEqual(shapes.s3, sequence);
  assert.deepEqual(shapes.n, { type: 'int64', dims: [] });
  assert.deepEqual(shapes.y, { type: 'float32', dims: [null, 3] }, 'a tensor has no kind');
  assert.deepEqual(shapes.graph.find((v) => v.name === 's'), { name: 's', role: 'intermediate', ...shapes.s });
  assert.deepEqual(shapes.diagnostics, []);
});

test('shapes/the types after bfloat16: int4 weights, float8 quantization, Cast-24; never a Tensor', () => {
  const model = encodeModel({
    opset: 24,
    nodes: [
      { opType: 'DequantizeLinear', inputs: ['w', 'scale'], outputs: ['wf'] },
      { opType: 'MatMul', inputs: ['x', 'wf'], outputs: ['y'] },
      { opType: 'QuantizeLinear', inputs: ['y', 'scale'], outputs: ['q'], attributes: { output_dtype: 17 } },
      { opType: 'Cast', inputs: ['y'], outputs: ['c'], attributes: { to: 19 } },
    ],
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }, { name: 'scale', type: 'float32', dims: [] }],
    // int4 [4,8]: 32 values packed two to a byte.
    initializers: { w: { type: 'int4', data: new Uint8Array(16).fill(0x21), dims: [4, 8] } },
    outputs: [{ name: 'c', type: 'float8e5m2', dims: null }],
  });
  const shapes = inferModelShapes(model);
  assert.deepEqual(shapes.diagnostics, []);
  assert.deepEqual(shapes.w, { type: 'int4', dims: [4, 8] });
  assert.deepEqual(shapes.wf, { type: 'float32', dims: [4, 8] });
  assert.deepEqual(shapes.q, { type: 'float8e4m3fn', dims: ['N', 8] });
  assert.deepEqual(shapes.c, { type: 'float8e5m2', dims: ['N', 8] });
  assert.throws(() => new Tensor('int4', [1, 2]), {
    name: 'TypeError', message: "Tensor: type 'int4' is known to shape inference only; no Tensor holds it",
  });
});
