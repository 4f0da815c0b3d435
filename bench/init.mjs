// `npm run bench:init`: the time from `import` of the package's Node entry to the end of
// `await init()`, in a fresh Node process each run (nothing cached between runs); median and
// range of N runs.
//   node bench/init.mjs [--runs N] [--entry dist/index.node.mjs]
//   node bench/init.mjs --phases [--runs N]   also the parts, each timed alone in fresh
//     processes: importing an empty module, importing the entry, reading the .wasm, compiling
//     it synchronously (what the Node entry does) and asynchronously (WebAssembly.compile)
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 15;
const entry = args.includes('--entry') ? args[args.indexOf('--entry') + 1] : fileURLToPath(new URL('../dist/index.node.mjs', import.meta.url));

// Each script prints the milliseconds of what it times, in a fresh process.
function medianOf(script) {
  const times = [];
  for (let i = 0; i < runs; ++i) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    times.push(Number(r.stdout.trim()));
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], max: times.at(-1) };
}
const show = (t) => `median ${t.median.toFixed(1)} ms (min ${t.min.toFixed(1)}, max ${t.max.toFixed(1)})`;

const entryUrl = JSON.stringify(pathToFileURL(entry).href);
const total = medianOf(`
const t0 = performance.now();
const { init } = await import(${entryUrl});
await init();
console.log(performance.now() - t0);
`);
console.log(`import + init() (${entry}), ${runs} fresh processes, Node ${process.version}: ${show(total)}`);

if (args.includes('--phases')) {
  const wasm = JSON.stringify(fileURLToPath(new URL('onnx-reduce-wasm.wasm', pathToFileURL(entry))));
  const timed = (setup, body) => `${setup}\nconst t0 = performance.now();\n${body}\nconsole.log(performance.now() - t0);`;
  const phases = [
    ['import of an empty module', timed('', "await import('data:text/javascript,export const x = 1;');")],
    ['import of the entry', timed('', `await import(${entryUrl});`)],
    ['read the .wasm (fs/promises)', timed('', `await (await import('node:fs/promises')).readFile(${wasm});`)],
    ['compile, synchronous', timed(`const b = (await import('node:fs')).readFileSync(${wasm});`, 'new WebAssembly.Module(b);')],
    ['compile, WebAssembly.compile', timed(`const b = (await import('node:fs')).readFileSync(${wasm});`, 'await WebAssembly.compile(b);')],
  ];
  for (const [name, script] of phases) console.log(`  ${name.padEnd(30)} ${show(medianOf(script))}`);
}
