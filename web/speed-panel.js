// The speed panel: one op on a random float32 tensor of growing size, run by the package on a
// wasm-resident tensor (Tensor.allocate, a preallocated output: no copies) and by a plain JS
// loop over a TypedArray; a table of ms and GB/s per size and a plot of time against size (both log scales).
import { Node, Tensor } from '../dist/index.mjs';
import { logLogChart } from './plot.js';
import { $, h } from './ui.js';

// Each op as the package runs it over the whole 1-D input, and the same op as a JS loop.
const OPS = {
  ReduceSum: {
    node: () => Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 18 }),
    js: (x) => { let s = 0; for (let i = 0; i < x.length; ++i) s += x[i]; return Float32Array.of(s); },
  },
  ReduceMax: {
    node: () => Node.create({ opType: 'ReduceMax', attributes: { keepdims: 0 }, opset: 18 }),
    js: (x) => { let m = -Infinity; for (let i = 0; i < x.length; ++i) if (x[i] > m) m = x[i]; return Float32Array.of(m); },
  },
  ReduceProd: {
    node: () => Node.create({ opType: 'ReduceProd', attributes: { keepdims: 0 }, opset: 18 }),
    js: (x) => { let p = 1; for (let i = 0; i < x.length; ++i) p *= x[i]; return Float32Array.of(p); },
  },
  CumSum: {
    node: () => Node.create({ opType: 'CumSum', opset: 14 }),
    extra: () => new Tensor('int64', [0n], []),
    js: (x) => { const y = new Float32Array(x.length); let s = 0; for (let i = 0; i < x.length; ++i) y[i] = s += x[i]; return y; },
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const pause = () => new Promise((ok) => setTimeout(ok, 0));

// Median ms per call of f: ~20 ms of warm-up (the JIT settles), then batches of k calls, k
// doubled until a batch lasts >= 5 ms (browser clocks are coarse), and the median of 5 batches.
function timeIt(f) {
  for (const t0 = performance.now(); performance.now() - t0 < 20;) f();
  let k = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < k; ++i) f();
    if (performance.now() - t0 >= 5 || k >= 1 << 20) break;
    k *= 2;
  }
  const times = [];
  for (let b = 0; b < 5; ++b) {
    const t0 = performance.now();
    for (let i = 0; i < k; ++i) f();
    times.push((performance.now() - t0) / k);
  }
  return median(times);
}

// Relative difference, with float32 sums of millions of terms in mind.
function agree(a, b) {
  for (let i = 0; i < a.length; i += Math.max(1, a.length >> 10)) {
    const d = Math.abs(a[i] - b[i]) / Math.max(Math.abs(b[i]), 1);
    if (!(d < 1e-2)) return false;
  }
  return a.length === b.length;
}

async function measure(opName, maxElements, show) {
  const op = OPS[opName];
  const node = op.node();
  const extra = op.extra?.() ?? null;
  const rows = [];
  try {
    for (let n = 4096; n <= maxElements; n *= 4) {
      const x = Tensor.allocate('float32', [n]);
      const plain = new Float32Array(n);
      for (let i = 0; i < n; ++i) plain[i] = 0.999 + 0.002 * Math.random();  // products stay finite
      x.data.set(plain);
      const out = Tensor.allocate('float32', opName === 'CumSum' ? [n] : []);
      const inputs = extra ? [x, extra] : [x];
      const options = { outputs: [out] };
      try {
        const ours = timeIt(() => node.run(inputs, options));
        let jsOut;
        const js = timeIt(() => { jsOut = op.js(plain); });
        rows.push({ n, ours, js, same: agree(out.data, jsOut) });
      } finally {
        x.dispose();
        out.dispose();
      }
      show(rows);
      await pause();
    }
  } finally {
    node.dispose();
  }
  return rows;
}

function render(rows, opName) {
  const gbps = (n, ms) => ((n * 4) / ms / 1e6).toFixed(2);
  const table = h('table', { class: 'speed-table' },
    h('thead', {}, h('tr', {}, ...['elements', 'package ms', 'GB/s', 'plain JS ms', 'GB/s', 'speed-up'].map((t) => h('th', { scope: 'col', text: t })))),
    h('tbody', {}, ...rows.map((r) => h('tr', { 'data-same': String(r.same) },
      h('td', { text: r.n.toLocaleString('en') }), h('td', { text: r.ours.toFixed(3) }), h('td', { text: gbps(r.n, r.ours) }),
      h('td', { text: r.js.toFixed(3) }), h('td', { text: gbps(r.n, r.js) }), h('td', { text: `${(r.js / r.ours).toFixed(1)}×` })))));
  const chart = logLogChart([
    { name: 'package (wasm)', points: rows.map((r) => [r.n, r.ours]), cls: 'input' },
    { name: 'plain JS', points: rows.map((r) => [r.n, r.js]), cls: 'output' },
  ], { title: `${opName}: time per run against input size`, xTitle: 'input size (elements)', yTitle: 'time per run (ms, log scale)', yUnit: 'ms' });
  return [table, chart];
}

// Wires the panel's controls (#speed-op, #speed-max, #speed-run) to #speed-result.
export function setupSpeedPanel() {
  const run = $('speed-run');
  const result = $('speed-result');
  run.disabled = false;
  run.addEventListener('click', async () => {
    const opName = $('speed-op').value;
    const max = Number($('speed-max').value);
    run.disabled = true;
    result.dataset.state = 'running';
    try {
      const rows = await measure(opName, max, (partial) => result.replaceChildren(...render(partial, opName)));
      result.dataset.rows = String(rows.length);
      result.dataset.same = String(rows.every((r) => r.same));
      result.dataset.state = 'done';
    } catch (e) {
      result.replaceChildren(h('p', { class: 'error shown', text: `${e.name}: ${e.message}` }));
      result.dataset.state = 'error';
    } finally {
      run.disabled = false;
    }
  });
}
