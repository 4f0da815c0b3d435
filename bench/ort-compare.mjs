// `npm run bench`: this package against onnxruntime-web (numThreads = 1, SIMD) on the same
// one-node models and inputs, end to end from JS TypedArray to JS TypedArray, in one Node
// process, interleaved, with warm-up, medians of >= 30 timed samples per side.
//   node bench/ort-compare.mjs [--json] [--runs N] [--filter substring] [--threads N]
//     --threads N: both sides on N threads (default 1): ours init({ numThreads: N }) (the
//     threaded build for N > 1), ORT env.wasm.numThreads = N with its pool's spinning turned
//     off (a spinning pool would take the other side's cores between runs)
//   node bench/ort-compare.mjs --kernels [--runs N] [--json]   kernel-only mode: wasm-resident
//     tensors, GB/s per kernel and pattern (the wasm build of bench/kernels.cc)
//   node bench/ort-compare.mjs --cpu-time [...]   process CPU time instead of wall time
//   node bench/ort-compare.mjs --zero-copy [...]   ours with wasm-resident inputs and outputs
//     (Tensor.allocate, preferredOutputLocation 'wasm'), against ORT's usual copy in and out
//     (ORT-web's wasm backend has no resident CPU tensors).
//   node bench/ort-compare.mjs --workloads [...]   the post-processing workloads of apps, beside
//     onnxruntime-web and transformers.js (bench/workloads.mjs, which takes the options)
//   node bench/ort-compare.mjs --accuracy [--json] [--filter op]   worst error in ulps of both runtimes
//     against float64 / double-double references (bench/accuracy.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as ort from 'onnxruntime-web';
import { init, InferenceSession, Node, Tensor } from '../dist/index.node.mjs';
import { encodeModel } from '../bindings/js/proto-writer.mjs';
import { caseName, suiteCases } from './cases.mjs';

const args = process.argv.slice(2);
const json = args.includes('--json');
const runs = Number(args[args.indexOf('--runs') + 1]) || 30;
const filter = args.includes('--filter') ? args[args.indexOf('--filter') + 1] : '';
const zeroCopy = args.includes('--zero-copy');
// --cpu-time: time by this process's CPU time instead of the wall clock (both sides run on
// this thread), which holds up better on a machine shared with other busy processes.
const cpuTime = args.includes('--cpu-time');
const now = cpuTime ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();

if (args.includes('--kernels')) {
  const program = new URL('../build/wasm/bench/orw_bench_kernels.js', import.meta.url);
  if (!existsSync(program)) throw new Error('build/wasm/bench/orw_bench_kernels.js is missing: run `npm run build` first');
  const rest = args.filter((a) => a !== '--kernels');
  process.exit(spawnSync(process.execPath, [program.pathname, ...rest], { stdio: 'inherit' }).status ?? 1);
}

if (args.includes('--workloads')) {
  const program = new URL('./workloads.mjs', import.meta.url);
  const rest = args.filter((a) => a !== '--workloads');
  process.exit(spawnSync(process.execPath, [program.pathname, ...rest], { stdio: 'inherit' }).status ?? 1);
}

const threads = args.includes('--threads') ? Number(args[args.indexOf('--threads') + 1]) : 1;
if (!Number.isInteger(threads) || threads < 1 || threads > 64) {
  throw new RangeError(`bench/ort-compare.mjs: --threads takes an integer from 1 to 64, not ${args[args.indexOf('--threads') + 1]}`);
}
ort.env.wasm.numThreads = threads;
ort.env.logLevel = 'error';
const ORT_SESSION = { executionProviders: ['wasm'], ...(threads > 1 ? { extra: { session: { intra_op: { allow_spinning: '0' } } } } : {}) };
await init({ numThreads: threads });

const ONNX = { float32: 1, int32: 6, int64: 7, float64: 11 };
const ARRAYS = { float32: Float32Array, int32: Int32Array, int64: BigInt64Array, float64: Float64Array };

function input(type, dims, seed = 1) {
  const n = dims.reduce((a, b) => a * b, 1);
  const a = new ARRAYS[type](n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 4294967296;
    // Products stay finite and normal: floats near 1, integers in {1, 2, 3} (wrapping is fine).
    if (type === 'int64') a[i] = BigInt(1 + (s % 3));
    else if (type === 'int32') a[i] = 1 + (s % 3);
    else a[i] = 0.999 + 0.002 * u;
  }
  return a;
}

function model(op, type, dims, axes, opset = 18) {
  const isScan = op === 'CumSum' || op === 'CumProd';
  const rank = dims.length;
  const outDims = isScan ? dims : axes ? dims.map((d, i) => (axes.includes(i) ? 1 : d)) : dims.map(() => 1);
  const initializers = [];
  const inputs = ['x'];
  if (isScan) {
    initializers.push({ name: 'axis', type: 7, dims: [], bytes: new Uint8Array(BigInt64Array.of(BigInt(axes[0])).buffer) });
    inputs.push('axis');
  } else if (axes) {
    initializers.push({ name: 'axes', type: 7, dims: [axes.length], bytes: new Uint8Array(BigInt64Array.from(axes, BigInt).buffer) });
    inputs.push('axes');
  }
  void rank;
  if (op === 'ArgMax' || op === 'ArgMin') {  // one axis, an attribute; int64 indices out
    return encodeModel({
      opset: 13,
      nodes: [{ opType: op, inputs: ['x'], outputs: ['y'], attributes: { axis: axes[0], keepdims: 1 } }],
      inputs: [{ name: 'x', type: ONNX[type], dims }],
      outputs: [{ name: 'y', type: ONNX.int64, dims: outDims }],
    });
  }
  return encodeModel({
    opset: isScan && op === 'CumProd' ? 26 : opset,
    nodes: [{ opType: op, inputs, outputs: ['y'], attributes: isScan ? {} : { keepdims: 1 } }],
    inputs: [{ name: 'x', type: ONNX[type], dims }],
    outputs: [{ name: 'y', type: ONNX[type], dims: outDims }],
    initializers,
  });
}

// The post-processing ops: one-node models with attributes (TopK: K as an int64 initializer,
// values 'y' and indices 'i').
function postModel(op, dims, attributes, opset, k) {
  const outDims = op === 'TopK' ? dims.map((d, i) => (i === dims.length - 1 ? k : d)) : dims;
  const outputs = [{ name: 'y', type: ONNX.float32, dims: outDims }];
  const initializers = [];
  const inputs = ['x'];
  if (op === 'TopK') {
    initializers.push({ name: 'k', type: 7, dims: [1], bytes: new Uint8Array(BigInt64Array.of(BigInt(k)).buffer) });
    inputs.push('k');
    outputs.push({ name: 'i', type: ONNX.int64, dims: outDims });
  }
  return encodeModel({
    opset,
    nodes: [{ opType: op, inputs, outputs: outputs.map((o) => o.name), attributes }],
    inputs: [{ name: 'x', type: ONNX.float32, dims }],
    outputs,
    initializers,
  });
}

if (args.includes('--accuracy')) {  // error in ulps against float64 references: bench/accuracy.mjs
  const { accuracyReport } = await import('./accuracy.mjs');
  await accuracyReport({ ort, InferenceSession, Tensor, model, postModel, json, filter });
  process.exit(0);
}
const cases = suiteCases().map((c) => (c.post ? { ...c, bytes: postModel(c.op, c.dims, c.attributes, c.opset, c.k) } : c));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeBatch(fn, k) {
  const t0 = now();
  for (let i = 0; i < k; ++i) await fn();
  return (now() - t0) / k;
}

const rows = [];
for (const c of cases) {
  const name = caseName(c);
  if (filter && !name.includes(filter)) continue;
  const bytes = c.bytes ?? model(c.op, c.type, c.dims, c.axes);
  const data = input(c.type, c.dims);
  if (c.bytes) for (let i = 0; i < data.length; ++i) data[i] = (data[i] - 1) * 5000 * Math.sin(i);  // spread values: ties are rare
  const ours = await InferenceSession.create(bytes, zeroCopy ? { preferredOutputLocation: 'wasm' } : undefined);
  const theirs = await ort.InferenceSession.create(bytes, ORT_SESSION);
  const resident = zeroCopy ? Tensor.allocate(c.type, c.dims) : null;
  resident?.data.set(data);
  const oursFeed = { x: resident ?? new Tensor(c.type, data, c.dims) };
  const ortFeed = { x: new ort.Tensor(c.type, data, c.dims) };
  const runOurs = zeroCopy ? async () => (await ours.run(oursFeed)).y.dispose() : () => ours.run(oursFeed);
  const runOrt = () => theirs.run(ortFeed);
  // Same answers first (a benchmark of wrong results is worthless).
  const a = await (await ours.run(oursFeed)).y.getData(true), b = (await runOrt()).y.data;
  let maxRel = 0;
  for (let i = 0; i < a.length; ++i) {
    const x = Number(a[i]), y = Number(b[i]);
    if (x !== y) maxRel = Math.max(maxRel, Math.abs(x - y) / Math.max(Math.abs(y), 1e-30));
  }
  // Batch tiny cases so each sample lasts >= ~2 ms.
  const single = Math.max(await timeBatch(runOurs, 3), await timeBatch(runOrt, 3), 1e-3);
  const k = Math.max(1, Math.ceil(2 / single));
  // Warm-up: at least 3 batches each and 200 ms, so both engines' optimized wasm code (compiled
  // in the background after the first calls) is in place before timing (as in bench/kernels.cc).
  const warmUntil = now() + 200;
  for (let i = 0; i < 3 || now() < warmUntil; ++i) { await timeBatch(runOurs, k); await timeBatch(runOrt, k); }
  const tOurs = [], tOrt = [];
  for (let i = 0; i < runs; ++i) {
    tOurs.push(await timeBatch(runOurs, k));
    tOrt.push(await timeBatch(runOrt, k));
  }
  const mo = median(tOurs), mt = median(tOrt);
  const inBytes = data.byteLength;
  rows.push({ case: name, ours_ms: mo, ort_ms: mt, speedup: mt / mo, gbps: inBytes / mo / 1e6, max_rel_diff: maxRel });
  resident?.dispose();
  await ours.release();
  await theirs.release();
}

// Per-call overhead of the synchronous Node API on a tiny input.
const tiny = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 1 }, opset: 18 });
let tinyX = new Tensor('float32', input('float32', [8, 16]), [8, 16]);
const tinyAxes = new Tensor('int64', [1n], [1]);
// Zero-copy: the input in wasm memory and a preallocated output, as a steady-state loop has.
const tinyOptions = zeroCopy ? { outputs: [Tensor.allocate('float32', [8, 1])] } : undefined;
if (zeroCopy) {
  const resident = Tensor.allocate('float32', [8, 16]);
  resident.data.set(tinyX.data);
  tinyX = resident;
}
for (let i = 0; i < 20000; ++i) tiny.run([tinyX, tinyAxes], tinyOptions);
const perCall = [];
for (let r = 0; r < 30; ++r) {
  const t0 = now();
  for (let i = 0; i < 2000; ++i) tiny.run([tinyX, tinyAxes], tinyOptions);
  perCall.push(((now() - t0) / 2000) * 1000);
}
const syncUs = median(perCall);

const geo = Math.exp(rows.reduce((s, r) => s + Math.log(r.speedup), 0) / rows.length);
if (json) {
  console.log(JSON.stringify({ date: new Date().toISOString(), mode: zeroCopy ? 'zero-copy' : 'copy', clock: cpuTime ? 'cpu' : 'wall', threads, node: process.version, ort: ort.env.versions?.web ?? 'onnxruntime-web', rows, geomean_speedup: geo, sync_node_run_us_8x16: syncUs }, null, 2));
} else {
  const pad = (s, n) => String(s).padEnd(n);
  const num = (x, d = 3) => x.toFixed(d).padStart(9);
  console.log(`mode: ${zeroCopy ? 'zero-copy (ours: wasm-resident input and output; ORT: copy in and out)' : 'copy in and out (both)'}; ${cpuTime ? 'process CPU time' : 'wall time'}; ${threads} thread${threads === 1 ? '' : 's'} each`);
  console.log(`${pad('case', 40)} ${'ours ms'.padStart(9)} ${'ORT ms'.padStart(9)} ${'speed-up'.padStart(9)} ${'GB/s'.padStart(9)}`);
  for (const r of rows) {
    console.log(`${pad(r.case, 40)} ${num(r.ours_ms)} ${num(r.ort_ms)} ${num(r.speedup, 2)}x ${num(r.gbps, 2)}${r.max_rel_diff > 1e-3 ? `  (results differ: rel ${r.max_rel_diff.toExponential(1)})` : ''}`);
  }
  console.log(`geometric mean speed-up: ${geo.toFixed(2)}x over ${rows.length} cases`);
  console.log(`Node.run (sync) ReduceSum [8,16] axis 1${zeroCopy ? ', wasm input, preallocated output' : ''}: ${syncUs.toFixed(2)} us per call`);
}
