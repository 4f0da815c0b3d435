// Models that sessions and inferModelShapes would read differently, or that are not models at
// all, are refused at create (and by inferModelShapes) with an Error naming the API function
// and the value; dims JS could not hold exactly are RangeErrors, never rounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, InferenceSession, inferModelShapes, readTensorProto } from '../../dist/index.node.mjs';
import { encodeModel, encodeTensor, nodeBytes } from './helpers/model-writer.mjs';

await init();

const x23 = { name: 'x', type: 'float32', dims: [2, 3] };
const y = { name: 'y', type: 'float32', dims: null };
const sum = { opType: 'ReduceSum', inputs: ['x'], outputs: ['y'] };
const f32 = (dims) => ({ type: 'float32', data: new Float32Array(dims.reduce((a, b) => a * b, 1)), dims });

// Both entry points refuse `bytes` with Class and a message matching re (after their names).
async function refused(bytes, Class, re) {
  await assert.rejects(InferenceSession.create(bytes), (e) => {
    assert.equal(e.constructor, Class, e.message);
    assert.match(e.message, new RegExp(`^InferenceSession\\.create: ${re.source}`));
    return true;
  });
  assert.throws(() => inferModelShapes(bytes), (e) => {
    assert.equal(e.constructor, Class, e.message);
    assert.match(e.message, new RegExp(`^inferModelShapes: ${re.source}`));
    return true;
  });
}

test('empty bytes are not a model', async () => {
  await refused(new Uint8Array(0), Error, /ModelProto: no graph was found in the 0 bytes/);
});

test("a NodeProto's bytes are not a model", async () => {
  await refused(nodeBytes(sum), Error, /ModelProto: no graph was found/);
});

test('an initializer that disagrees with the graph input it shadows is refused', async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [x23], outputs: [y], initializers: { x: f32([5]) } });
  await refused(bytes, RangeError, /model: initializer 'x' is float32 \[5\], but the graph input of that name is declared float32 \[2,3\]/);
});

test('an initializer within its input\'s declaration is what both the run and the shapes use', async () => {
  const xN = { name: 'x', type: 'float32', dims: ['N', 3] };
  const init4 = { type: 'float32', data: Float32Array.from({ length: 12 }, (_, i) => i), dims: [4, 3] };
  const bytes = encodeModel({ nodes: [sum], inputs: [xN], outputs: [y], initializers: { x: init4 } });
  const session = await InferenceSession.create(bytes);
  assert.deepEqual(session.inputNames, []);
  const { y: out } = await session.run({});
  assert.deepEqual(out.dims, [1, 1]);
  assert.equal(out.data[0], 66);
  assert.deepEqual(inferModelShapes(bytes).x.dims, [4, 3]);
  session.release();
});

test("a graph output named '' is refused", async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [x23], outputs: [y, { name: '', type: 'float32', dims: null }] });
  await refused(bytes, RangeError, /model: graph output 1 has an empty name/);
});

test('a graph input listed twice is refused', async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [x23, x23], outputs: [y] });
  await refused(bytes, RangeError, /model: graph input 'x' is listed twice/);
});

test('an initializer listed twice is refused', async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [x23], outputs: [y], initializers: [['w', f32([1])], ['w', f32([2])]] });
  await refused(bytes, RangeError, /model: initializer 'w' is listed twice/);
});

test('an opset import listed twice is refused', async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [x23], outputs: [y], opsetImports: [{ domain: '', version: 18 }, { domain: 'ai.onnx', version: 13 }] });
  await refused(bytes, RangeError, /model: opset_import lists domain 'ai\.onnx' twice/);
});

test('a model without opset_import is refused', async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [x23], outputs: [y], opsetImports: [] });
  await refused(bytes, RangeError, /model: opset_import is empty: a model of IR version 8 must import the ai\.onnx opset/);
});

test('a graph input dim beyond 2^53 - 1 is a RangeError, not rounded', async () => {
  const bytes = encodeModel({ nodes: [sum], inputs: [{ name: 'x', type: 'float32', dims: [2 ** 53] }], outputs: [y] });
  await refused(bytes, RangeError, /model: graph input 'x' declares dim 0 = 9007199254740992, beyond 2\^53 - 1/);
});

test('readTensorProto of an empty tensor with a dim beyond 2^53 - 1 is a RangeError', () => {
  const bytes = Uint8Array.from(encodeTensor('t', { type: 'float32', data: new Float32Array(0), dims: [0, 2 ** 53 + 2] }));
  assert.throws(() => readTensorProto(bytes), (e) => {
    assert.equal(e.constructor, RangeError, e.message);
    assert.match(e.message, /^readTensorProto: tensor 't': dim 1 is 9007199254740994, beyond 2\^53 - 1/);
    return true;
  });
  // The module is alive: a valid tensor still reads back.
  const ok = Uint8Array.from(encodeTensor('u', { type: 'float32', data: Float32Array.of(1, 2), dims: [2] }));
  assert.deepEqual(Array.from(readTensorProto(ok).tensor.data), [1, 2]);
});
