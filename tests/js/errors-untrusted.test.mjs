// Untrusted bytes and limits: names from models appear escaped in messages; limits
// give clear errors and the module keeps working; input buffers that changed after their
// Tensor was made are refused, naming the op and the input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, inferModelShapes } from '../../dist/index.node.mjs';
import { encodeModel } from './helpers/model-writer.mjs';

await init();

// A hostile model: a backend test's ReduceLogSumExp whose op_type begins with a NUL byte.
const NUL_OP_MODEL = Buffer.from(
  'CAgSDGJhY2tlbmQtdGVzdDq0AQo3CgRkYXRhCgRheGVzEgdyZWR1Y2VkIg8AZWR1Y2VMb2dTdW1FeHAqDwoIa2VlcGRpbXMYAKABAhIudGVzdF9yZWR1Y2VfbG9nX3N1bV9leHBfZG9fbm90X2tlZXBkaW1zX3JhAGRvbVoaCgRkYXRhEhIKEAgLEgwKAggDCgIIAgoCCAJaEgoEYXhlcxIKCggIBxIECgIIAWIZCgdyZWR1Y2VkEg4KDAgLEggKAggDCgIIAkIECgAQEg==',
  'base64');

const sum11 = () => Node.create({ opType: 'ReduceSum', opset: 11, attributes: { axes: [0] } });
const f32 = (n) => new Tensor('float32', new Float32Array(n), [n]);

// A valid run, to show the module still works after a failure.
function assertStillWorks() {
  const x = new Tensor('float32', Float32Array.of(1, 2, 3, 4), [2, 2]);
  assert.deepEqual(Array.from(sum11().run([x])[0].data), [4, 6]);
}

test('hardening/an op_type starting with NUL gives an Error with the escaped name', async () => {
  await assert.rejects(InferenceSession.create(new Uint8Array(NUL_OP_MODEL)), (e) => {
    assert.equal(e.constructor, Error);
    assert.match(e.message, /'\\x00educeLogSumExp' is not supported/);
    return true;
  });
  assertStillWorks();
});

test('hardening/a node name with control characters is escaped in run errors', () => {
  const n = Node.create({ opType: 'ReduceSum', opset: 13, name: 'a\u0001b\nc' });
  assert.throws(() => n.run([new Tensor('int8', new Int8Array(1), [1])]), (e) => {
    assert.ok(e.message.startsWith('ReduceSum "a\\x01b\\nc" (opset 13)'), e.message);
    return true;
  });
});

test('hardening/an output larger than wasm memory is a RangeError naming the op and the bytes', () => {
  const n = 536870000;  // floats: just under 2 GiB, more than the wasm heap can grow to
  const empty = new Tensor('float32', new Float32Array(0), [0, n]);
  assert.throws(() => sum11().run([empty]), (e) => {
    assert.equal(e.constructor, RangeError);
    assert.equal(e.message, `ReduceSum (opset 11): cannot allocate ${n * 4} bytes for a tensor of shape [1,${n}] (out of memory)`);
    return true;
  });
  assertStillWorks();
});

test('hardening/a graph with more nodes than the limit is refused by sessions and shape inference', async () => {
  const nodes = Array.from({ length: 4097 }, (_, i) => ({ opType: 'ReduceSum', inputs: [`v${i}`], outputs: [`v${i + 1}`] }));
  const model = encodeModel({
    opset: 13, nodes, inputs: [{ name: 'v0', type: 'float32', dims: [1] }], outputs: [{ name: 'v4097', type: 'float32', dims: [] }],
  });
  await assert.rejects(InferenceSession.create(model), { name: 'RangeError', message: /4097 nodes, more than the limit of 4096/ });
  assert.throws(() => inferModelShapes(model), { name: 'RangeError', message: /4097 nodes, more than the limit of 4096/ });
  assertStillWorks();
});

test('hardening/an input whose buffer was detached after the Tensor was made is refused', () => {
  const x = f32(8);
  structuredClone(x.data.buffer, { transfer: [x.data.buffer] });  // detaches it
  assert.throws(() => sum11().run([x]), (e) => {
    assert.equal(e.constructor, RangeError);
    assert.match(e.message, /^ReduceSum \(opset 11\): run: inputs\[0\] \('input0'\): its data has 0 elements but its dims \[8\] need 8/);
    return true;
  });
  assertStillWorks();
});

test('hardening/an input on a SharedArrayBuffer is refused, naming the feed', async () => {
  const session = await InferenceSession.create(encodeModel({
    opset: 11,
    nodes: [{ opType: 'ReduceSum', inputs: ['x'], outputs: ['y'] }],
    inputs: [{ name: 'x', type: 'float32', dims: [2] }],
    outputs: [{ name: 'y', type: 'float32', dims: [1] }],
  }));
  const shared = new Tensor('float32', new Float32Array(new SharedArrayBuffer(8)), [2]);
  assert.throws(() => session.runSync({ x: shared }), { name: 'TypeError', message: /^InferenceSession\.run: feeds\['x'\]: its data is on a SharedArrayBuffer/ });
  assert.deepEqual(Array.from(session.runSync({ x: new Tensor('float32', Float32Array.of(1, 2), [2]) }).y.data), [3]);
});
