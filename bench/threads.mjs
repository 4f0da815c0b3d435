// Our side alone on 1 thread and on N: the end-to-end suite's 16 MiB cases (and the [8,16]
// per-call case) through Node.run, in copy mode (JS TypedArrays in, copied) and zero-copy
// (wasm-resident input and a preallocated output). A process loads one build, so each thread
// count runs in child processes of its own, alternated `--rounds` times; the cache is flushed
// (a 32 MiB write) before every timed run, as the other side's run flushes it in
// bench/ort-compare.mjs. Prints medians and the speed-up of N threads over 1.
//   node bench/threads.mjs [--threads N (2)] [--runs R (15)] [--rounds K (2)] [--filter TEXT] [--json]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIG, caseName, suiteCases } from './cases.mjs';

const BIG_ELEMENTS = BIG.reduce((a, b) => a * b);  // 16 MiB of float32

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

if (process.env.ORW_BENCH_CHILD) {
  const { init, runtimeInfo, Node, Tensor } = await import('../dist/index.node.mjs');
  await init();
  const runs = Number(opt('--runs', 15));
  const filter = opt('--filter', '');
  // The suite's cases (bench/cases.mjs) as Node specs: Reduce ops take axes as an attribute at
  // opset 11, ArgMax an axis at 13, the scans an axis input at 26, TopK K as an input.
  const cases = suiteCases().filter((c) => !(c.perCall && c.op !== 'ReduceSum')).map((c) => {
    const name = c.perCall ? `${caseName(c)} (per call)` : caseName(c);
    const axes = c.axes ?? c.dims.map((_, i) => i);
    if (c.post) return { name, type: c.type, dims: c.dims, node: { opType: c.op, opset: c.opset, attributes: c.attributes }, extra: c.k ? [new Tensor('int64', [BigInt(c.k)], [1])] : [] };
    if (c.op === 'ArgMax') return { name, type: c.type, dims: c.dims, node: { opType: c.op, opset: 13, attributes: { axis: axes[0] } } };
    if (c.op.startsWith('Cum')) return { name, type: c.type, dims: c.dims, node: { opType: c.op, opset: 26 }, extra: [new Tensor('int64', [BigInt(axes[0])], [])] };
    return { name, type: c.type, dims: c.dims, node: { opType: c.op, opset: 11, attributes: { axes } } };
  });

  const scratch = new Float64Array(4 << 20);
  const flush = () => { for (let i = 0; i < scratch.length; i += 8) scratch[i] += 1; };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result = { numThreads: runtimeInfo().numThreads, rows: {} };
  for (const c of cases) {
    if (!c.name.includes(filter)) continue;
    const count = c.dims.reduce((a, b) => a * b);
    const Data = { float32: Float32Array, float64: Float64Array, int32: Int32Array, int64: BigInt64Array }[c.type];
    const data = new Data(count);
    for (let i = 0; i < count; ++i) data[i] = c.type === 'int64' ? BigInt(1 + (i % 3)) : c.type === 'int32' ? 1 + (i % 3) : 1 + Math.sin(i) * 1e-3;
    const node = Node.create(c.node);
    const extra = c.extra ?? [];
    const cpu = new Tensor(c.type, data, c.dims);
    const resident = Tensor.allocate(c.type, c.dims);
    resident.data.set(data);
    const outs = node.run([resident, ...extra]).map((t) => Tensor.allocate(t.type, t.dims));
    const tiny = count < 4096;
    const modes = { copy: () => node.run([cpu, ...extra]), zeroCopy: () => node.run([resident, ...extra], { outputs: outs }) };
    result.rows[c.name] = { elements: count };
    for (const [mode, run] of Object.entries(modes)) {
      const batch = tiny ? 2000 : 1;
      for (let i = 0; i < 3 * batch; ++i) run();
      const t = [];
      for (let r = 0; r < runs; ++r) {
        if (!tiny) flush();
        const t0 = performance.now();
        for (let i = 0; i < batch; ++i) run();
        t.push((performance.now() - t0) / batch);
      }
      result.rows[c.name][mode] = median(t);
    }
    resident.dispose();
    for (const o of outs) o.dispose();
  }
  console.log(JSON.stringify(result));
  process.exit(0);
}

const threads = Number(opt('--threads', 2));
const rounds = Number(opt('--rounds', 2));
const self = fileURLToPath(import.meta.url);
const passOn = args.filter((a, i) => !['--threads', '--rounds'].includes(a) && !['--threads', '--rounds'].includes(args[i - 1]) && a !== '--json');
const samples = { 1: [], [threads]: [] };
for (let r = 0; r < rounds; ++r) {
  for (const n of [1, threads]) {
    const child = spawnSync(process.execPath, [self, ...passOn], { encoding: 'utf8', env: { ...process.env, ORW_BENCH_CHILD: '1', ORW_NUM_THREADS: String(n) } });
    if (child.status !== 0) throw new Error(`bench/threads.mjs: the child with ${n} threads failed: ${child.stderr}`);
    const out = JSON.parse(child.stdout);
    if (out.numThreads !== n) throw new Error(`bench/threads.mjs: asked for ${n} threads, the child ran ${out.numThreads}`);
    samples[n].push(out.rows);
  }
}
const best = (list, name, mode) => Math.min(...list.map((rows) => rows[name][mode]));  // the best round of each
const names = Object.keys(samples[1][0]);
const table = names.map((name) => {
  const row = { case: name, elements: samples[1][0][name].elements };
  for (const mode of ['copy', 'zeroCopy']) {
    const one = best(samples[1], name, mode), many = best(samples[threads], name, mode);
    Object.assign(row, { [`${mode}_1_ms`]: one, [`${mode}_${threads}_ms`]: many, [`${mode}_speedup`]: one / many });
  }
  return row;
});
const geo = (mode) => {
  // (16 MiB and more of input: not the per-call case, TopK [64,1000] or LpNormalization)
  const big = table.filter((r) => r.elements >= BIG_ELEMENTS);
  return Math.exp(big.reduce((s, r) => s + Math.log(r[`${mode}_speedup`]), 0) / big.length);
};
if (args.includes('--json')) {
  console.log(JSON.stringify({ date: new Date().toISOString(), threads, rounds, node: process.version, rows: table, geomean: { copy: geo('copy'), zeroCopy: geo('zeroCopy') } }, null, 2));
} else {
  const f = (x) => x.toFixed(3).padStart(8);
  console.log(`our side alone, medians (ms), best of ${rounds} alternated rounds; 1 thread vs ${threads}`);
  console.log(`${'case'.padEnd(42)} ${'copy 1'.padStart(8)} ${`copy ${threads}`.padStart(8)}  speed-up ${'zc 1'.padStart(8)} ${`zc ${threads}`.padStart(8)}  speed-up`);
  for (const r of table) {
    console.log(`${r.case.padEnd(42)} ${f(r.copy_1_ms)} ${f(r[`copy_${threads}_ms`])}  ${r.copy_speedup.toFixed(2).padStart(7)}x ${f(r.zeroCopy_1_ms)} ${f(r[`zeroCopy_${threads}_ms`])}  ${r.zeroCopy_speedup.toFixed(2).padStart(7)}x`);
  }
  if (table.some((r) => r.elements >= BIG_ELEMENTS)) console.log(`geometric mean over the 16 MiB cases: copy ${geo('copy').toFixed(2)}x, zero-copy ${geo('zeroCopy').toFixed(2)}x`);
}
