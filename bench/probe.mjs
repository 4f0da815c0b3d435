// One node timed on its own: Node.run on a wasm-resident input with a preallocated output
// (zero-copy) or on a JS TypedArray (--copy), median of --runs samples after a 200 ms warm-up, each
// sample --batch calls (per call in the report); for a single case the suites do not hold,
// or for builds compared side by side: --dist DIR is another build's dist/ folder (e.g. a
// worktree of an earlier commit after its scripts/build.sh, or a copy of dist/ made before a
// change), and given twice both builds are loaded in this one process and sampled in turn
// (A, B, A, B, ...), so that both see the same machine state.
//   node bench/probe.mjs --op TopK --dims 1,4194304 [--opset 11] [--attrs '{"axis":-1}']
//     [--k 5] [--axis-input 0] [--threads 1] [--runs 15] [--batch 1] [--copy] [--type int32]
//     [--dist DIR [--dist DIR2]]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dists = args.flatMap((a, i) => (a === '--dist' ? [resolve(args[i + 1])] : []));
if (dists.length === 0) dists.push(resolve(new URL('../dist', import.meta.url).pathname));
if (dists.length > 2) throw new Error('probe: --dist at most twice');

const op = opt('--op', 'ReduceSum');
const dims = opt('--dims', '64,256,256').split(',').map(Number);
const runs = Number(opt('--runs', 15));
const batch = Number(opt('--batch', 1));
const copy = args.includes('--copy');
const count = dims.reduce((a, b) => a * b);
// --type: the input's dtype (float32 unless given): floats sin(i) * 5, integers a hash of i
// wrapped to the type.
const type = opt('--type', 'float32');
// float16: the bits of values in (-8, 8).
const KINDS = { float32: Float32Array, float64: Float64Array, float16: Uint16Array, int8: Int8Array, uint8: Uint8Array,
  int16: Int16Array, uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array };
if (!KINDS[type]) throw new Error(`probe: --type ${type}: one of ${Object.keys(KINDS).join(', ')}`);
const data = new KINDS[type](count);
for (let i = 0; i < count; ++i) {
  if (type === 'float16') data[i] = (Math.imul(i, 0x9e3779b1) >>> 0) % 0x4800 | (i & 1) << 15;
  else data[i] = type.startsWith('float') ? Math.sin(i) * 5 : Math.imul(i, 0x9e3779b1);
}

// One build's timed call (the query string keeps two builds' modules apart).
async function setup(dist) {
  const { init, runtimeInfo, Node, Tensor } = await import(`${pathToFileURL(`${dist}/index.node.mjs`).href}?build=${encodeURIComponent(dist)}`);
  await init({ numThreads: Number(opt('--threads', 1)) });
  const node = Node.create({ opType: op, opset: Number(opt('--opset', 13)), attributes: JSON.parse(opt('--attrs', '{}')) });
  const extra = [];
  if (args.includes('--k')) extra.push(new Tensor('int64', [BigInt(opt('--k'))], [1]));            // TopK's K
  if (args.includes('--axis-input')) extra.push(new Tensor('int64', [BigInt(opt('--axis-input'))], []));  // the scans' axis
  const resident = Tensor.allocate(type, dims);
  resident.data.set(data);
  const outs = node.run([resident, ...extra]).map((t) => Tensor.allocate(t.type, t.dims));
  const run = copy ? () => node.run([new Tensor(type, data, dims), ...extra]) : () => node.run([resident, ...extra], { outputs: outs });
  // Warm-up of at least 200 ms (as bench/ort-compare.mjs): V8 optimizes the JS layer only
  // after many calls, and short calls would otherwise time its first tiers.
  for (const t0 = performance.now(); performance.now() - t0 < 200;) run();
  return { dist, run, info: runtimeInfo(), times: [] };
}

const builds = [];
for (const dist of dists) builds.push(await setup(dist));
for (let r = 0; r < runs; ++r) {
  for (const b of builds) {
    const t0 = performance.now();
    for (let i = 0; i < batch; ++i) b.run();
    b.times.push((performance.now() - t0) / batch);
  }
}
for (const b of builds) {
  b.times.sort((x, y) => x - y);
  console.log(`${op} [${dims}] ${copy ? 'copy' : 'zero-copy'}, ${b.info.numThreads} thread(s), ${b.info.build}: median ${b.times[b.times.length >> 1].toFixed(3)} ms of ${runs}${batch > 1 ? ` x ${batch} calls` : ''} (${b.dist})`);
}
process.exit(0);
