// init({ numThreads: 2 }) of dist/index.mjs in a browser page or a dedicated Worker
// (threads-worker.html): on a cross-origin isolated page the
// threaded build (its workers, its .wasm), with exact results of large reductions and errors
// of their JS classes; on a page that is not isolated, the single-threaded build and
// runtimeInfo() saying why. Each check's outcome is POSTed to /result as JSON
// { userAgent, checks: [{ name, ok, detail }] }; the test asserts on it.
import { init, runtimeInfo, Node, Tensor } from '../../../dist/index.mjs';
import { check, checks, expect, postReport } from './checks.mjs';

const isolated = globalThis.crossOriginIsolated === true;

await check('init({ numThreads: 2 }) loads the build the page can run', async () => {
  await init({ numThreads: 2 });
  const info = runtimeInfo();
  expect(info.crossOriginIsolated === isolated && info.simd === true, JSON.stringify(info));
  if (isolated) expect(info.build === 'threaded' && info.numThreads === 2 && info.reason === undefined, JSON.stringify(info));
  else expect(info.build === 'single-threaded' && info.numThreads === 1 && /cross-origin isolated/.test(info.reason), JSON.stringify(info));
  return JSON.stringify(info);
});

// Small integers: every partial sum is exact in float32, so any order of summing gives these.
await check('ReduceSum of 4M float32 elements over each axis pattern is exact', () => {
  const [rows, cols] = [1024, 4096];
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < data.length; ++i) data[i] = (i % 7) - 3;
  const x = new Tensor('float32', data, [rows, cols]);
  const sum = (axes) => Node.create({ opType: 'ReduceSum', opset: 11, attributes: { axes, keepdims: 0 } }).run([x])[0].data;
  const all = data.reduce((s, v) => s + v, 0);
  expect(sum([0, 1])[0] === all, `all: ${sum([0, 1])[0]} != ${all}`);
  const byRow = sum([1]);
  for (let r = 0; r < rows; ++r) {
    let s = 0;
    for (let c = 0; c < cols; ++c) s += data[r * cols + c];
    expect(byRow[r] === s, `row ${r}: ${byRow[r]} != ${s}`);
  }
  const byCol = sum([0]);
  for (let c = 0; c < cols; c += 97) {
    let s = 0;
    for (let r = 0; r < rows; ++r) s += data[r * cols + c];
    expect(byCol[c] === s, `column ${c}: ${byCol[c]} != ${s}`);
  }
});

await check('an error from the C++ side is a RangeError naming the op', () => {
  const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  try {
    Node.create({ opType: 'ReduceProd', opset: 18 }).run([x, new Tensor('int64', [-3n])]);
  } catch (e) {
    expect(e instanceof RangeError && /ReduceProd/.test(e.message) && /out of range/.test(e.message), `${e.name}: ${e.message}`);
    return e.message;
  }
  throw new Error('no error');
});

await check('a later init({ numThreads: 1 }) keeps the loaded module, and runtimeInfo() says so', async () => {
  const before = runtimeInfo();
  await init({ numThreads: 1 });
  const info = runtimeInfo();
  expect(info.build === before.build && info.numThreads === before.numThreads, JSON.stringify(info));
  if (isolated) expect(/came after/.test(info.reason), JSON.stringify(info));
});

if (globalThis.document) document.getElementById('out').textContent = JSON.stringify(checks, null, 2);  // (none in a Worker)
await postReport({ crossOriginIsolated: isolated });
