// One node timed on its own: Node.run on a wasm-resident input with a preallocated output
// (zero-copy) or on a JS TypedArray (--copy), median of --runs after a warm-up; for a single
// case the suites do not hold, or for builds compared side by side (--dist: another build's
// dist/ folder, e.g. a worktree of an earlier commit after its scripts/build.sh).
//   node bench/probe.mjs --op TopK --dims 1,4194304 [--opset 11] [--attrs '{"axis":-1}']
//     [--k 5] [--axis-input 0] [--threads 1] [--runs 15] [--copy] [--dist DIR]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dist = resolve(opt('--dist', new URL('../dist', import.meta.url).pathname));
const { init, runtimeInfo, Node, Tensor } = await import(pathToFileURL(`${dist}/index.node.mjs`).href);
await init({ numThreads: Number(opt('--threads', 1)) });

const op = opt('--op', 'ReduceSum');
const dims = opt('--dims', '64,256,256').split(',').map(Number);
const runs = Number(opt('--runs', 15));
const node = Node.create({ opType: op, opset: Number(opt('--opset', 13)), attributes: JSON.parse(opt('--attrs', '{}')) });
const extra = [];
if (args.includes('--k')) extra.push(new Tensor('int64', [BigInt(opt('--k'))], [1]));            // TopK's K
if (args.includes('--axis-input')) extra.push(new Tensor('int64', [BigInt(opt('--axis-input'))], []));  // the scans' axis
const count = dims.reduce((a, b) => a * b);
const data = new Float32Array(count);
for (let i = 0; i < count; ++i) data[i] = Math.sin(i) * 5;
const resident = Tensor.allocate('float32', dims);
resident.data.set(data);
const outs = node.run([resident, ...extra]).map((t) => Tensor.allocate(t.type, t.dims));
const run = args.includes('--copy') ? () => node.run([new Tensor('float32', data, dims), ...extra]) : () => node.run([resident, ...extra], { outputs: outs });
for (let i = 0; i < 3; ++i) run();
const times = [];
for (let r = 0; r < runs; ++r) {
  const t0 = performance.now();
  run();
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const info = runtimeInfo();
console.log(`${op} [${dims}] ${args.includes('--copy') ? 'copy' : 'zero-copy'}, ${info.numThreads} thread(s), ${info.build}: median ${times[times.length >> 1].toFixed(3)} ms of ${runs} (${dist})`);
process.exit(0);
