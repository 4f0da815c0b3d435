// `npm run bench:init`: the time from `import` of the package's Node entry to the end of
// `await init()`, in a fresh Node process each run (nothing cached between runs); median and
// range of N runs.
//   node bench/init.mjs [--runs N] [--entry dist/index.node.mjs]
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 15;
const entry = args.includes('--entry') ? args[args.indexOf('--entry') + 1] : fileURLToPath(new URL('../dist/index.node.mjs', import.meta.url));

const child = `
const t0 = performance.now();
const { init } = await import(${JSON.stringify(pathToFileURL(entry).href)});
await init();
console.log(performance.now() - t0);
`;
const times = [];
for (let i = 0; i < runs; ++i) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  times.push(Number(r.stdout.trim()));
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`import + init() (${entry}), ${runs} fresh processes, Node ${process.version}: ` +
  `median ${median.toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times.at(-1).toFixed(1)})`);
