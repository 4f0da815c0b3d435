// Softmax, LogSoftmax, Hardmax and LpNormalization through the JS API on large inputs (1 MiB
// and more, streamed in pieces of whole slices): the output equals the runs on the input's
// halves (each small enough to run whole) bit for bit, sessions included, and the input is
// never held whole in wasm memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, makeModel, memoryStats } from '../../dist/index.node.mjs';
import { prng } from './helpers/prng.mjs';

await init();

const { next: rand } = prng(31);
const floats = (n) => Float32Array.from({ length: n }, () => rand() * 40 - 20);

for (const [opType, opset, attributes] of [['Softmax', 13, {}], ['LogSoftmax', 13, {}], ['Hardmax', 13, {}], ['LpNormalization', 22, { p: 1 }]]) {
  test(`${opType}/a large input (streamed) equals the runs on its halves`, () => {
    const rows = 512, cols = 1024;  // 2 MiB: streamed
    const data = floats(rows * cols);
    const node = Node.create({ opType, opset, attributes: { ...attributes, axis: -1 } });
    const [whole] = node.run([new Tensor('float32', data, [rows, cols])]);
    const half = (rows / 4) * cols;  // quarters of 512 KiB: below the streaming threshold
    const parts = [0, 1, 2, 3].map((q) => node.run([new Tensor('float32', data.slice(q * half, (q + 1) * half), [rows / 4, cols])])[0]);
    const joined = new Float32Array(rows * cols);
    parts.forEach((p, q) => joined.set(p.data, q * half));
    assert.deepEqual(whole.dims, [rows, cols]);
    assert.ok(Buffer.from(whole.data.buffer).equals(Buffer.from(joined.buffer)), `${opType}: the streamed output differs`);
    node.dispose();
  });
}

test('Softmax/a session streams a large input and gives the node run\'s output', async () => {
  const dims = [300, 2000];
  const data = floats(600000);
  const model = makeModel({
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims }], outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ opType: 'Softmax', inputs: ['x'], outputs: ['y'], attributes: { axis: 1 } }],
  });
  const session = await InferenceSession.create(model);
  const { y } = await session.run({ x: new Tensor('float32', data, dims) });
  const node = Node.create({ opType: 'Softmax', opset: 13, attributes: { axis: 1 } });
  const [want] = node.run([new Tensor('float32', data, dims)]);
  assert.ok(Buffer.from(y.data.buffer).equals(Buffer.from(want.data.buffer)));
  await session.release();
  node.dispose();
});

test('Softmax/a streamed input is never held whole in wasm memory', () => {
  const x = new Tensor('float32', new Float32Array(8 << 20), [4096, 2048]);  // 32 MiB
  const before = memoryStats().memoryBytes;
  const node = Node.create({ opType: 'Softmax', opset: 13 });
  const [y] = node.run([x]);
  assert.equal(y.data[0], 1 / 2048);
  assert.ok(memoryStats().memoryBytes - before < 8 << 20, `wasm memory grew by ${memoryStats().memoryBytes - before} bytes`);
  node.dispose();
});
