// Wasm tensors in a browser through dist/index.mjs: Tensor.allocate filled in place, outputs
// kept in wasm memory and chained, preallocated outputs, memory growth while tensors are alive,
// and use after dispose. Each check's outcome is POSTed to /result as JSON
// { userAgent, checks: [{ name, ok, detail }] }; the test asserts on it.
import { init, memoryStats, Node, runtimeInfo, Tensor } from '../../../dist/index.mjs';

const checks = [];
// Runs one check and records its outcome; f may be async (then await check(...)).
function check(name, f) {
  const passed = (detail) => { checks.push({ name, ok: true, detail: detail ?? '' }); };
  const failed = (e) => { checks.push({ name, ok: false, detail: String(e?.stack ?? e) }); };
  try {
    const result = f();
    if (result instanceof Promise) return result.then(passed, failed);
    passed(result);
  } catch (e) {
    failed(e);
  }
}
function expect(cond, what) { if (!cond) throw new Error(what); }
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

function filled(type, dims, seed) {
  const t = Tensor.allocate(type, dims);
  const d = t.data;
  let s = seed;
  for (let i = 0; i < d.length; ++i) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; d[i] = (s % 41) - 20; }
  return t;
}
const rowSums = (v, rows, cols) => Array.from({ length: rows }, (_, r) => v.slice(r * cols, (r + 1) * cols).reduce((a, b) => a + b, 0));
const cumsum = (v) => { let s = 0; return v.map((x) => (s += x)); };

async function main() {
  await init();
  const sum = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 13 });
  const cum = Node.create({ opType: 'CumSum', opset: 14 });
  const axis1 = new Tensor('int64', [1n], [1]);
  const axis0 = new Tensor('int64', [0n], []);

  check('allocate gives a zero-filled wasm tensor that runs read in place', () => {
    const t = Tensor.allocate('float32', [3, 4]);
    expect(t.location === 'wasm' && same(Array.from(t.data), new Array(12).fill(0)), 'zero-filled wasm tensor');
    t.data.set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const [y] = sum.run([t, axis1]);
    expect(same(Array.from(y.data), [10, 26, 42]), `row sums ${Array.from(y.data)}`);
    t.dispose();
  });

  check('outputs kept in wasm memory chain into the next node', () => {
    const x = filled('float32', [4, 5], 7);
    const v = Array.from(x.data);
    const [c] = cum.run([x, axis1], { preferredOutputLocation: 'wasm' });
    const [s] = sum.run([c, axis1], { preferredOutputLocation: 'wasm' });
    expect(c.location === 'wasm' && s.location === 'wasm', 'outputs stay in wasm memory');
    const want = Array.from({ length: 4 }, (_, r) => cumsum(v.slice(r * 5, r * 5 + 5)).reduce((a, b) => a + b, 0));
    expect(same(Array.from(s.data), want), `got ${Array.from(s.data)}, want ${want}`);
    for (const t of [x, c, s]) t.dispose();
  });

  check('a preallocated output receives the result', () => {
    const out = Tensor.allocate('float32', [2]);
    const [y] = sum.run([new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]), axis1], { outputs: [out] });
    expect(y === out && same(Array.from(out.data), [6, 15]), `got ${Array.from(out.data)}`);
    out.dispose();
  });

  check('memory growth keeps live tensors intact and re-makes their views', () => {
    const a = filled('float32', [64], 3);
    const before = Array.from(a.data);
    const oldView = a.data;
    const size = memoryStats().memoryBytes;
    const big = Tensor.allocate('uint8', [size]);
    expect(memoryStats().memoryBytes > size, 'memory grew');
    // The threaded build's memory is a SharedArrayBuffer, which growth never detaches: an old
    // view still shows the same elements.
    if (runtimeInfo().build === 'threaded') expect(same(Array.from(oldView), before), 'an old view of shared memory keeps the elements');
    else expect(oldView.length === 0, `an old view is detached (length ${oldView.length})`);
    expect(same(Array.from(a.data), before), 'data kept');
    const sq = a.reshape([8, 8]);
    const [y] = sum.run([sq, axis1]);
    expect(same(Array.from(y.data), rowSums(before, 8, 8)), 'runs read the kept data');
    const [c] = cum.run([a, axis0], { preferredOutputLocation: 'wasm' });
    expect(same(Array.from(c.data), cumsum(before)), 'kept outputs after growth');
    for (const t of [a, sq, big, c]) t.dispose();
    return `memory ${size} -> ${memoryStats().memoryBytes} bytes`;
  });

  check('use after dispose is a clear error', () => {
    const t = Tensor.allocate('float32', [2]);
    t.dispose();
    let message = '';
    try { void t.data; } catch (e) { message = e.message; }
    expect(/disposed/.test(message), `error: ${message}`);
    try { sum.run([t]); message = ''; } catch (e) { message = e.message; }
    expect(/^ReduceSum \(opset 13\): run: inputs\[0\] \('input0'\): this wasm tensor was disposed$/.test(message), `run error: ${message}`);
  });

  // postMessage to a Worker: a 'wasm' tensor throws the package's own TypeError (its data is a
  // view of this module's memory); its getData() copy travels and comes back intact.
  await check("posting a 'wasm' tensor to a Worker throws the package's error; its copy travels", async () => {
    const src = URL.createObjectURL(new Blob(['onmessage = (e) => postMessage(e.data);'], { type: 'text/javascript' }));
    const worker = new Worker(src);
    const t = Tensor.allocate('float32', [2]);
    try {
      t.data.set([5, 6]);
      let message = '';
      try { worker.postMessage(t); } catch (e) { message = `${e.name}: ${e.message}`; }
      expect(/^TypeError: Tensor: a 'wasm' tensor cannot be cloned, posted, .*send await tensor\.getData\(\)/.test(message), `postMessage error: ${message}`);
      const back = new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
      worker.postMessage(new Tensor(t.type, await t.getData(), t.dims));
      const echo = await back;
      expect(echo.type === 'float32' && same(Array.from(echo.data), [5, 6]), `echo ${JSON.stringify(echo)}`);
    } finally {
      t.dispose();
      worker.terminate();
      URL.revokeObjectURL(src);
    }
  });

  check('no wasm tensor is left alive', () => {
    expect(memoryStats().wasmTensors === 0, `${memoryStats().wasmTensors} alive`);
  });
}

main()
  .catch((e) => checks.push({ name: 'page', ok: false, detail: String(e?.stack ?? e) }))
  .finally(async () => {
    const report = { userAgent: navigator.userAgent, checks };
    document.getElementById('out').textContent = JSON.stringify(report, null, 2);
    await fetch('/result', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(report) }).catch(() => {});
  });
