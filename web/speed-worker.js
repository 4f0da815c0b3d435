// The speed panel's measurements, in a dedicated module Worker: a page (one JS realm) loads
// one build of the package, so the panel starts one Worker per build it compares (one with
// init({ numThreads: 1 }), one with N threads) and asks each in turn. The page and this worker
// speak in messages, one answer per request:
//   { type: 'init', numThreads, op }  -> { type: 'ready', info: runtimeInfo() }
//   { type: 'measure', n, js }        -> { type: 'row', n, ms, js?, same }
//   any failure                       -> { type: 'error', name, message }
// ms: the package's median ms per run on a wasm-resident float32 tensor of n elements (no
// copies); js (when asked): the plain JS loop's on the same values; same: whether the
// package's output agrees with the JS loop's.
import { init, Node, runtimeInfo, Tensor } from '../dist/index.mjs';

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

// Values in [0.999, 1.001] (products stay finite) from a seeded generator, so that the workers
// of one measurement time the same input.
function fill(x, seed) {
  let s = seed >>> 0 || 1;
  for (let i = 0; i < x.length; ++i) {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;  // xorshift32
    x[i] = 0.999 + 0.002 * ((s >>> 0) / 2 ** 32);
  }
}

let op = null;
let node = null;
let extra = null;

async function start({ numThreads, op: opName }) {
  await init({ numThreads });
  op = OPS[opName];
  if (!op) throw new RangeError(`speed worker: no op ${opName}`);
  node = op.node();
  extra = op.extra?.() ?? null;
  return { type: 'ready', info: runtimeInfo() };
}

function measure({ n, js }) {
  const x = Tensor.allocate('float32', [n]);
  const out = Tensor.allocate('float32', op === OPS.CumSum ? [n] : []);
  try {
    const plain = new Float32Array(n);
    fill(plain, n);
    x.data.set(plain);
    const inputs = extra ? [x, extra] : [x];
    const options = { outputs: [out] };
    const ms = timeIt(() => node.run(inputs, options));
    let jsOut;
    const row = { type: 'row', n, ms };
    if (js) row.js = timeIt(() => { jsOut = op.js(plain); });
    else jsOut = op.js(plain);
    row.same = agree(out.data, jsOut);
    return row;
  } finally {
    x.dispose();
    out.dispose();
  }
}

self.onmessage = async ({ data }) => {
  try {
    self.postMessage(data.type === 'init' ? await start(data) : measure(data));
  } catch (e) {
    self.postMessage({ type: 'error', name: e?.name ?? 'Error', message: e?.message ?? String(e) });
  }
};
