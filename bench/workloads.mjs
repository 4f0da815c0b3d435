// `npm run bench -- --workloads` (or `node bench/workloads.mjs`): the post-processing that text,
// vision and embedding apps run on a model's outputs, end to end from JS arrays to JS arrays,
// beside onnxruntime-web (the same graph, env.wasm.numThreads = --threads) and transformers.js's
// own functions (softmax, log_softmax, topk, mean_pooling, Tensor#normalize, #mean, #argmax),
// in one Node process, interleaved, medians after a warm-up. Every answer is checked against
// both peers before it is timed.
//   node bench/workloads.mjs [--runs N] [--filter TEXT] [--threads N] [--ours-threads N|default]
//     [--zero-copy] [--cpu-time] [--json] [--no-transformers]
//     --threads N: ORT-web's threads (default 1), and ours unless --ours-threads says otherwise
//     --ours-threads default: ours through init() with no options (the package's default)
//     --zero-copy: ours with wasm-resident inputs and outputs (ORT and transformers.js copy)
//     --cpu-time: this process's CPU time instead of the wall clock (steadier on a shared
//       machine; transformers.js's TopK then counts only this thread's part of onnxruntime-node)
// transformers.js runs its TopK through onnxruntime (onnxruntime-node under Node, a native
// library with its own threads); its other functions are plain JS.
import * as ort from 'onnxruntime-web';
import { init, InferenceSession, Tensor } from '../dist/index.node.mjs';
import { encodeModel } from '../bindings/js/proto-writer.mjs';
import { workloadCases } from './workload-cases.mjs';

const args = process.argv.filter((a) => a !== '--workloads').slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(opt('--runs', 15));
const filter = opt('--filter', '');
const json = args.includes('--json');
const zeroCopy = args.includes('--zero-copy');
const threads = Number(opt('--threads', 1));
const oursThreads = opt('--ours-threads', String(threads));
const cpuTime = args.includes('--cpu-time');
const now = cpuTime ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();
if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new RangeError(`bench/workloads.mjs: --threads takes an integer from 1 to 64, not ${opt('--threads')}`);

ort.env.wasm.numThreads = threads;
ort.env.logLevel = 'error';
const ORT_SESSION = { executionProviders: ['wasm'], ...(threads > 1 ? { extra: { session: { intra_op: { allow_spinning: '0' } } } } : {}) };
await (oursThreads === 'default' ? init() : init({ numThreads: Number(oursThreads) }));
const tjs = args.includes('--no-transformers') ? null : await import('@huggingface/transformers').catch(() => null);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timeBatch(fn, k) {
  const t0 = now();
  for (let i = 0; i < k; ++i) await fn();
  return (now() - t0) / k;
}

// The worst difference of two outputs: for floats relative to the output's largest magnitude
// (a mean near 0 is not compared relative to itself: float32 sums differ there in the last
// bits of the inputs' scale), the count of differing entries for integers (indices).
function difference(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0, scale = 1e-30;
  for (let i = 0; i < b.length; ++i) scale = Math.max(scale, Math.abs(Number(b[i])));
  for (let i = 0; i < a.length; ++i) {
    const x = Number(a[i]), y = Number(b[i]);
    if (x === y || (Number.isNaN(x) && Number.isNaN(y))) continue;
    worst = Math.max(worst, Math.abs(x - y) / scale);
  }
  return worst;
}
// Outputs agree: floats within `tolerance` relative; indices equal but where the values they
// select tie (then the selected values must agree).
function agree(ours, theirs, tolerance) {
  for (const [name, a] of Object.entries(ours)) {
    const b = theirs[name];
    if (!b) continue;  // a peer that gives only some outputs (transformers.js's argmax: indices)
    const d = difference(a, b);
    if (d <= tolerance) continue;
    if (name === 'indices' && ours.values && theirs.values && difference(ours.values, theirs.values) <= tolerance) continue;
    return `${name} differs (${d.toExponential(2)})`;
  }
  return '';
}

const rows = [];
for (const c of workloadCases()) {
  if (filter && !c.name.includes(filter)) continue;
  const feeds = c.inputs();
  const bytes = encodeModel(c.model);
  let ours;
  try {
    ours = await InferenceSession.create(bytes, zeroCopy ? { preferredOutputLocation: 'wasm' } : undefined);
  } catch (e) {
    rows.push({ case: c.name, skipped: `ours: ${e.message}` });
    continue;
  }
  const theirs = await ort.InferenceSession.create(bytes, ORT_SESSION);
  const resident = {};
  const oursFeed = {}, ortFeed = {};
  for (const [name, { type, data, dims }] of Object.entries(feeds)) {
    if (zeroCopy) {
      resident[name] = Tensor.allocate(type, dims);
      resident[name].data.set(data);
    }
    oursFeed[name] = resident[name] ?? new Tensor(type, data, dims);
    ortFeed[name] = new ort.Tensor(type, data, dims);
  }
  const outNames = c.model.outputs.map((o) => o.name);
  const runOurs = zeroCopy
    ? async () => { const r = await ours.run(oursFeed); for (const n of outNames) r[n].dispose(); }
    : () => ours.run(oursFeed);
  const runOrt = () => theirs.run(ortFeed);
  const runTjs = tjs && c.transformers ? c.transformers(tjs, feeds) : null;

  // The answers first: ours against ORT-web, and against transformers.js where it has the op.
  const named = (r) => Object.fromEntries(Object.entries(c.outputs).map(([k, n]) => [k, r[n]]));
  const first = await ours.run(oursFeed);
  const oursOut = named(Object.fromEntries(await Promise.all(outNames.map(async (n) => [n, await first[n].getData(true)]))));
  const ortOut = named(Object.fromEntries(Object.entries(await runOrt()).map(([n, t]) => [n, t.data])));
  const notes = [];
  const vsOrt = agree(oursOut, ortOut, c.tolerance ?? 1e-5);
  if (vsOrt) notes.push(`ORT: ${vsOrt}`);
  if (runTjs) {
    const tjsOut = await runTjs(true);
    const vsTjs = agree(oursOut, tjsOut, c.tjsTolerance ?? 1e-4);
    if (vsTjs) notes.push(`transformers.js: ${vsTjs}`);
  }

  const sides = [runOurs, runOrt, ...(runTjs ? [() => runTjs(false)] : [])];
  let single = 1e-3;
  for (const f of sides) single = Math.max(single, await timeBatch(f, 2));
  const k = Math.max(1, Math.ceil(2 / single));  // samples of >= ~2 ms
  const warmUntil = performance.now() + 200;
  for (let i = 0; i < 3 || performance.now() < warmUntil; ++i) for (const f of sides) await timeBatch(f, k);
  const samples = sides.map(() => []);
  for (let r = 0; r < runs; ++r) for (let s = 0; s < sides.length; ++s) samples[s].push(await timeBatch(sides[s], k));
  const [mo, mt, mj] = samples.map(median);
  rows.push({ case: c.name, group: c.group, ours_ms: mo, ort_ms: mt, vs_ort: mt / mo, ...(mj !== undefined ? { tjs_ms: mj, vs_tjs: mj / mo } : {}), ...(notes.length ? { differs: notes.join('; ') } : {}) });
  for (const t of Object.values(resident)) t.dispose();
  await ours.release();
  await theirs.release();
}

const timed = rows.filter((r) => !r.skipped);
const geo = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
const geoOrt = geo(timed.map((r) => r.vs_ort));
const withTjs = timed.filter((r) => r.vs_tjs !== undefined);
const geoTjs = withTjs.length ? geo(withTjs.map((r) => r.vs_tjs)) : NaN;
const mode = `${zeroCopy ? 'zero-copy (ours wasm-resident; the peers copy)' : 'copy in and out'}; ORT-web ${threads} thread(s); ours ${oursThreads === 'default' ? 'init() default' : `${oursThreads} thread(s)`}`;
if (json) {
  console.log(JSON.stringify({ date: new Date().toISOString(), mode, clock: cpuTime ? 'cpu' : 'wall', command: `node bench/workloads.mjs ${args.join(' ')}`, node: process.version, rows, geomean_vs_ort: geoOrt, geomean_vs_transformers: geoTjs }, null, 2));
} else {
  const num = (x, d = 3) => (x === undefined ? '' : x.toFixed(d)).padStart(9);
  console.log(`mode: ${mode}; ${cpuTime ? 'process CPU time' : 'wall time'}, median of ${runs}; ${new Date().toISOString()}, Node ${process.version}`);
  console.log(`| workload | ours ms | ORT-web ms | × ORT | transformers.js ms | × transformers.js |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  for (const r of rows) {
    if (r.skipped) { console.log(`| ${r.case} | skipped: ${r.skipped} |||||`); continue; }
    console.log(`| ${r.case} | ${num(r.ours_ms)} | ${num(r.ort_ms)} | ${num(r.vs_ort, 2)} | ${num(r.tjs_ms)} | ${num(r.vs_tjs, 2)} |${r.differs ? ` results differ: ${r.differs}` : ''}`);
  }
  console.log(`geometric mean: ${geoOrt.toFixed(2)}× ORT-web over ${timed.length} workloads (lowest ${Math.min(...timed.map((r) => r.vs_ort)).toFixed(2)}×); ${geoTjs.toFixed(2)}× transformers.js over ${withTjs.length} (lowest ${withTjs.length ? Math.min(...withTjs.map((r) => r.vs_tjs)).toFixed(2) : '-'}×)`);
}
