// The wasm module through the package's JS layer, under Node: parsing NodeProto bytes,
// running ReduceProd and CumProd, and the JS error classes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { init, Node, Tensor } from '../../dist/index.node.mjs';
import { encodeNode } from '../../bindings/js/proto-writer.mjs';

await init();
await init(); // idempotent

const root = fileURLToPath(new URL('../..', import.meta.url));

const node = (opType, inputs, attributes = {}) => encodeNode({ opType, inputs, outputs: ['y'], attributes });

test('ReduceProd/parses from bytes and reduces axis 1', () => {
  const n = Node.fromBytes(node('ReduceProd', ['x'], { axes: [1], keepdims: 0 }), { opset: 13 });
  assert.equal(n.opType, 'ReduceProd');
  assert.equal(n.sinceVersion, 13);
  const [y] = n.run([new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3])]);
  assert.equal(y.type, 'float32');
  assert.deepEqual(y.dims, [2]);
  assert.deepEqual(Array.from(y.data), [6, 120]);
});

test('ReduceProd/int64 wraps like numpy and comes back as BigInt64Array', () => {
  const n = Node.fromBytes(node('ReduceProd', ['x', 'axes']), { opset: 18 });
  const [y] = n.run([new Tensor('int64', [3n ** 20n, 3n ** 20n, 3n ** 5n], [3]), null]);
  assert.ok(y.data instanceof BigInt64Array);
  assert.equal(y.data[0], BigInt.asIntN(64, 3n ** 45n));
});

test('CumProd/exclusive and reverse combinations', () => {
  const expected = { '00': [1, 2, 6], '10': [1, 1, 2], '01': [6, 6, 3], '11': [6, 3, 1] };
  for (const [key, want] of Object.entries(expected)) {
    const n = Node.fromBytes(node('CumProd', ['x', 'axis'], { exclusive: +key[0], reverse: +key[1] }), { opset: 26 });
    const [y] = n.run([new Tensor('float64', [1, 2, 3]), new Tensor('int64', [0n], [])]);
    assert.deepEqual(Array.from(y.data), want, key);
    n.dispose();
  }
});

test('Node/toBytes round trips', () => {
  const bytes = node('ReduceProd', ['x'], { axes: [0] });
  const a = Node.fromBytes(bytes, { opset: 13 });
  const b = Node.fromBytes(a.toBytes(), { opset: 13 });
  assert.deepEqual(b.toBytes(), a.toBytes());
});

test('errors/become TypeError, RangeError or Error with the op named, and the next call works', () => {
  const n = Node.fromBytes(node('ReduceProd', ['x'], { axes: [3] }), { opset: 13 });
  assert.throws(() => n.run([new Tensor('int8', [1, 2])]), { name: 'TypeError', message: /ReduceProd.*int8/ });
  assert.throws(() => n.run([new Tensor('float32', [1, 2], [2])]), { name: 'RangeError', message: /axis 3 is out of range for rank 1/ });
  assert.throws(() => Node.fromBytes(Uint8Array.from([0xff, 0xff, 0xff]), { opset: 13 }), { name: 'Error', message: /NodeProto/ });
  assert.throws(() => Node.fromBytes(node('CumProd', ['x', 'axis']), { opset: 18 }), { message: /CumProd.*opset 26/ });
  assert.throws(() => new Tensor('float32', [1, 2, 3], [2]), RangeError);
  const ok = Node.fromBytes(node('ReduceProd', ['x']), { opset: 13 });
  assert.deepEqual(Array.from(ok.run([new Tensor('float32', [2, 3])])[0].data), [6]);
});

test('errors/a disposed node says so', () => {
  const n = Node.fromBytes(node('ReduceProd', ['x']), { opset: 13 });
  n.dispose();
  assert.throws(() => n.run([new Tensor('float32', [1])]), /disposed/);
});

test('example/the main example runs and prints its expected results', () => {
  const out = execFileSync(process.execPath, ['scripts/example.mjs'], { cwd: root }).toString();
  assert.match(out, /float32 \[3,1,2\] 3 8 35 48 99 120/);
  assert.match(out, /exclusive=1 reverse=1: float32 \[3\] 6 3 1/);
});
