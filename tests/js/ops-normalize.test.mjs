// Softmax, LogSoftmax, Hardmax and LpNormalization through the JS API on large inputs (1 MiB
// and more, streamed in pieces of whole slices): the output equals the runs on the input's
// parts (each small enough to run whole) bit for bit, sessions included, and the input is
// never held whole in wasm memory. Each streamed case observes that it streamed: its input is
// at least as large as wasm memory, so a run holding the input and the output whole would grow
// memory by at least the input's size; a streamed one grows it by less than half of that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, makeModel, memoryStats } from '../../dist/index.node.mjs';
import { prng } from './helpers/prng.mjs';

await init();

const { next: rand } = prng(31);
const floats = (n) => Float32Array.from({ length: n }, () => rand() * 40 - 20);

// Rows of `cols` float32 values making an input of at least 2 MiB and at least wasm memory's
// present size (see above). Memory over 64 MiB means an earlier run held a large input whole.
function streamedRows(cols) {
  const bytes = Math.max(2 << 20, memoryStats().memoryBytes);
  assert.ok(bytes <= 64 << 20, `wasm memory is already ${bytes} bytes (an earlier run held a large input whole)`);
  return Math.ceil(bytes / (cols * 4));
}

// run(), requiring that wasm memory grew by less than half of the input's `bytes`.
function streamed(bytes, what, run) {
  const before = memoryStats().memoryBytes;
  const result = run();
  const grew = memoryStats().memoryBytes - before;
  assert.ok(grew < bytes / 2, `${what}: wasm memory grew by ${grew} bytes for an input of ${bytes}: the run did not stream`);
  return result;
}

for (const [opType, opset, attributes] of [['Softmax', 13, {}], ['LogSoftmax', 13, {}], ['Hardmax', 13, {}], ['LpNormalization', 22, { p: 1 }]]) {
  test(`${opType}/a large input (streamed) equals the runs on its parts`, () => {
    const cols = 1024, rows = streamedRows(cols);
    const data = floats(rows * cols);
    const node = Node.create({ opType, opset, attributes: { ...attributes, axis: -1 } });
    const [whole] = streamed(data.byteLength, opType, () => node.run([new Tensor('float32', data, [rows, cols])]));
    const partRows = 128;  // 512 KiB: below the streaming threshold
    const joined = new Float32Array(rows * cols);
    for (let r = 0; r < rows; r += partRows) {
      const n = Math.min(partRows, rows - r);
      const [part] = node.run([new Tensor('float32', data.slice(r * cols, (r + n) * cols), [n, cols])]);
      joined.set(part.data, r * cols);
    }
    assert.deepEqual(whole.dims, [rows, cols]);
    assert.ok(Buffer.from(whole.data.buffer).equals(Buffer.from(joined.buffer)), `${opType}: the streamed output differs`);
    node.dispose();
  });
}

test('Softmax/a session streams a large input and gives the node run\'s output', async () => {
  const cols = 2000, rows = streamedRows(cols);
  const dims = [rows, cols];
  const data = floats(rows * cols);
  const model = makeModel({
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims }], outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ opType: 'Softmax', inputs: ['x'], outputs: ['y'], attributes: { axis: 1 } }],
  });
  const session = await InferenceSession.create(model);
  const before = memoryStats().memoryBytes;
  const { y } = await session.run({ x: new Tensor('float32', data, dims) });
  const grew = memoryStats().memoryBytes - before;
  assert.ok(grew < data.byteLength / 2, `session: wasm memory grew by ${grew} bytes for an input of ${data.byteLength}: the run did not stream`);
  const node = Node.create({ opType: 'Softmax', opset: 13, attributes: { axis: 1 } });
  const [want] = streamed(data.byteLength, 'node', () => node.run([new Tensor('float32', data, dims)]));
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
