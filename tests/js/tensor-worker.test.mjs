// A Tensor sent to a worker_threads Worker with postMessage (a structured clone): a 'cpu'
// tensor arrives as { type, data, dims, size }, which the package in the worker runs as it
// runs onnxruntime-web's tensors; the worker's result comes back the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { init, Tensor } from '../../dist/index.node.mjs';

await init();

const WORKER = `
  const { parentPort } = require('node:worker_threads');
  import(${JSON.stringify(new URL('../../dist/index.node.mjs', import.meta.url).href)}).then(async ({ init, Node, Tensor }) => {
    await init();
    const sum = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
    parentPort.on('message', (x) => {
      try {
        const [y] = sum.run([x]);
        parentPort.postMessage({ y, isTensor: x instanceof Tensor });
      } catch (e) {
        parentPort.postMessage({ error: e.message });
      }
    });
    parentPort.postMessage('ready');
  });`;

// The worker's next message (or its error).
const nextMessage = (worker) => new Promise((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});

test('worker/a cpu Tensor posted to a worker runs there, and the result posts back', async () => {
  const worker = new Worker(WORKER, { eval: true });
  try {
    const next = () => nextMessage(worker);
    assert.equal(await next(), 'ready');
    worker.postMessage(new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]));
    const { y, isTensor, error } = await next();
    assert.equal(error, undefined);
    assert.equal(isTensor, false);  // a structured clone: a plain object
    assert.deepEqual([y.type, Array.from(y.dims), Array.from(y.data)], ['float32', [], [21]]);
    // And back in this thread it runs again as it is.
    const back = new Tensor(y.type, y.data, y.dims);
    assert.equal(back.data[0], 21);
  } finally {
    await worker.terminate();
  }
});

test("worker/posting a 'wasm' Tensor throws the package's TypeError, and the worker still takes its getData() copy", async () => {
  const worker = new Worker(WORKER, { eval: true });
  const t = Tensor.allocate('float32', [2, 2]);
  try {
    const next = () => nextMessage(worker);
    assert.equal(await next(), 'ready');
    t.data.set([1, 2, 3, 4]);
    assert.throws(() => worker.postMessage(t), { name: 'TypeError', message: /^Tensor: a 'wasm' tensor cannot be cloned, posted, .*send await tensor\.getData\(\)$/ });
    worker.postMessage(new Tensor(t.type, await t.getData(), t.dims));
    const { y, error } = await next();
    assert.equal(error, undefined);
    assert.deepEqual(Array.from(y.data), [10]);
  } finally {
    t.dispose();
    await worker.terminate();
  }
});
