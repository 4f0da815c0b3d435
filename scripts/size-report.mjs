// Prints the download size of the package's default browser entry (every file it loads: the JS
// modules reached from dist/index.mjs, the Emscripten glue, the .wasm; raw and gzip -9), then
// what the threaded build adds when init() picks it (its glue, worker script and .wasm; in
// Node its CommonJS glue and worker instead of the first two), then where the wasm's bytes go, by section (kernel family x type, protobuf-lite, the ONNX
// messages, Embind, libc++, ...), from the symbol map the build writes next to the module.
//   node scripts/size-report.mjs            the tables, and docs/figures/size.json (the figures
//                                           README.md and docs/size.md state, checked against
//                                           them by tests/package/figures.test.mjs)
//   node scripts/size-report.mjs --check    also fails (exit 1) when the gzipped total passes
//                                           the budget below
//   node scripts/size-report.mjs --functions 40 [--match printf]
//                                           also the largest function bodies, by name
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// The budget of the default entry, gzip -9 total, in KiB. The one place it is kept: raised
// only when a change buys something worth its bytes (docs/size.md), lowered as the package
// shrinks, so that the download does not creep up unnoticed.
export const BUDGET_KIB = 250.0;

const root = new URL('../', import.meta.url);
const dist = new URL('dist/', root);
const symbolsFile = new URL('build/wasm/bindings/onnx-reduce-wasm.mjs.symbols', root);
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1).padStart(7);

// The files the default entry loads: the modules reachable by relative imports from index.mjs,
// and the .wasm the glue fetches.
function entryFiles(entry) {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    const text = readFileSync(new URL(f, dist), 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^'";]*?from\s*['"]\.\/([^'"]+)['"]/g)) visit(m[1]);
  };
  visit(entry);
  return [...seen, 'onnx-reduce-wasm.wasm'];
}

function downloadTable() {
  let raw = 0, zipped = 0;
  const rows = [], files = [];
  // Each file is its own HTTP response, so each is gzipped on its own.
  for (const f of entryFiles('index.mjs')) {
    const buf = readFileSync(new URL(f, dist));
    const g = gz(buf);
    raw += buf.length; zipped += g;
    files.push({ file: f, bytes: buf.length, gzip: g });
    rows.push(`${f.padEnd(24)} ${kb(buf.length)} KB  ${kb(g)} KB gzipped`);
  }
  rows.push(`${'total'.padEnd(24)} ${kb(raw)} KB  ${kb(zipped)} KB gzipped  (budget ${BUDGET_KIB} KB)`);
  return { text: rows.join('\n'), zipped, raw, files };
}

// The threaded build's files (scripts/build.sh), loaded only when init() picks threads: a
// browser loads the first three besides the default entry (not its .wasm), Node the last two
// and the .wasm. Outside the budget, which is the default download's.
const THREADED_FILES = ['onnx-reduce-wasm-mt.mjs', 'onnx-reduce-wasm-mt.worker.js', 'onnx-reduce-wasm-mt.wasm',
  'onnx-reduce-wasm-mt.node.cjs', 'onnx-reduce-wasm-mt.node.worker.cjs'];
function threadedTable() {
  const present = THREADED_FILES.filter((f) => existsSync(new URL(f, dist)));
  if (present.length === 0) return { text: 'threaded build: not in dist/', files: [] };
  const rows = ['threaded build (loaded by init({ numThreads > 1 }) only):'], files = [];
  for (const f of present) {
    const buf = readFileSync(new URL(f, dist));
    const g = gz(buf);
    files.push({ file: f, bytes: buf.length, gzip: g });
    rows.push(`${f.padEnd(34)} ${kb(buf.length)} KB  ${kb(g)} KB gzipped`);
  }
  return { text: rows.join('\n'), files };
}

// ---- the wasm by section ------------------------------------------------------------------

function leb(buf, pos) {
  let v = 0, shift = 0, b;
  do { b = buf[pos++]; v += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return [v, pos];
}

// Function bodies (index in the function space, bytes) and the other sections' bytes.
function wasmParts(buf) {
  let pos = 8, imported = 0;
  const bodies = [];
  const sections = {};
  while (pos < buf.length) {
    const id = buf[pos];
    let size;
    [size, pos] = leb(buf, pos + 1);
    const end = pos + size;
    if (id === 2) {  // imports: functions among them come first in the function index space
      let [n, p] = leb(buf, pos);
      for (let i = 0; i < n; ++i) {
        let len;
        [len, p] = leb(buf, p); p += len;
        [len, p] = leb(buf, p); p += len;
        const kind = buf[p++];
        if (kind === 0) { [, p] = leb(buf, p); ++imported; }
        else if (kind === 1) { p += 1; const flags = buf[p++]; [, p] = leb(buf, p); if (flags & 1) [, p] = leb(buf, p); }
        else if (kind === 2) { const flags = buf[p++]; [, p] = leb(buf, p); if (flags & 1) [, p] = leb(buf, p); }
        else if (kind === 3) p += 2;
        else if (kind === 4) { p += 1; [, p] = leb(buf, p); }
      }
    }
    if (id === 10) {
      let [n, p] = leb(buf, pos);
      for (let i = 0; i < n; ++i) {
        const start = p;
        let len;
        [len, p] = leb(buf, p);
        p += len;
        bodies.push({ index: imported + i, bytes: buf.subarray(start, p) });
      }
    } else {
      const name = { 1: 'types', 2: 'imports', 3: 'functions', 4: 'table', 5: 'memory', 6: 'globals', 7: 'exports',
        9: 'elements', 11: 'data', 12: 'data count', 13: 'tags' }[id] ?? 'custom';
      sections[name] = Buffer.concat([sections[name] ?? Buffer.alloc(0), buf.subarray(pos, end)]);
    }
    pos = end;
  }
  return { bodies, sections };
}

// Lane types as the kernels compute in them: integer sums and products run on the unsigned
// twin, Max/Min on the signed one (both signednesses share one instance).
const LANE_TYPES = {
  float: 'float32', double: 'float64', 'signed char': 'int8', 'unsigned char': 'uint8', short: 'int16',
  'unsigned short': 'uint16', int: 'int32', 'unsigned int': 'uint32', 'long long': 'int64',
  'unsigned long long': 'uint64', 'unsigned __int128': 'uint128',
};

// The kernel family of a function in orw::kernels / orw::simd.
function kernelFamily(name) {
  if (/topk|TopK|select_rows|sort_rows/i.test(name)) return 'topk';
  if (/normalize|softmax|hardmax|lp_norm/i.test(name)) return 'normalize';
  if (/scan/i.test(name)) return 'scan';
  if (/\bArg[A-Z]|\barg_|make_arg_stream|merge_lanes|merge_candidate|add_arg_history/.test(name)) return 'arg';
  if (/unary|binary|elementwise|\bmul|\bcast\b|store_from|\bload\(/i.test(name)) return 'elementwise, cast';
  return 'reduce';
}

// The section of one (demangled) function name: kernels by family x compute type (the first
// SIMD wrapper named in it: its input lane type, and its accumulator when wider).
function sectionOf(name) {
  const head = name.split('(')[0];
  if (/orw::(kernels|simd)::/.test(name)) {
    const lane = name.match(/(?:Vec128|Scalar)<([a-z ]+)(?:, ([a-z_0-9 ]+))?>/);
    let type = '(dispatch)';
    if (lane) {
      const [, t, a] = lane;
      type = LANE_TYPES[t] ?? t;
      if (a && a !== t) type += ` -> ${LANE_TYPES[a] ?? a}`;
      if (/^Scalar/.test(lane[0])) type += ' scalar';
    }
    return `kernels: ${kernelFamily(name)} ${type}`;
  }
  if (/emscripten::|embind|emval/i.test(name)) return 'Embind';
  if (/orw::bindings::/.test(name)) return 'bindings (C++ side)';
  // Shape inference: the shape functions (every family's and the inferred-only ops'), whole-model
  // inference with its diagnostics and declarations, and their shared rules.
  if (/orw::(infer_\w*shape|\(anonymous namespace\)::GraphInference|merge_declared|window_output_dims|broadcast_inputs|dim_(mul|add|sub|div)|normalize_axis|optional_info|set_output|input_values|known_values)\b/.test(head)) {
    return 'orw: shape functions, model inference';
  }
  if (/orw::/.test(name)) return 'orw: ops, plan, runtime';
  if (/onnx::/.test(head)) return 'ONNX messages (onnx.pb.cc)';
  if (/google::protobuf/.test(head)) return 'protobuf-lite';
  if (/std::|__cxa|__cxxabiv1|__gxx|operator (new|delete)|typeinfo|vtable/.test(name)) return 'libc++ / libc++abi';
  return 'libc, malloc, runtime';
}

// Function index -> demangled name, from the symbol map.
function symbolNames(symbols) {
  const names = new Map();
  for (const line of symbols.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) names.set(Number(line.slice(0, i)), line.slice(i + 1).replace(/\\([0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))));
  }
  return names;
}

// The n largest function bodies (raw bytes), optionally only those whose name contains `match`.
function functionTable(wasmBuf, symbols, n, match) {
  const names = symbolNames(symbols);
  const rows = wasmParts(wasmBuf).bodies.map((b) => ({ bytes: b.bytes.length, name: names.get(b.index) ?? `function ${b.index}` }))
    .filter((r) => !match || r.name.includes(match))
    .sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((t, r) => t + r.bytes, 0);
  return [`largest functions${match ? ` matching '${match}'` : ''} (${rows.length}, ${total} bytes raw in all)`,
    ...rows.slice(0, n).map((r) => `${String(r.bytes).padStart(7)}  ${r.name}`)].join('\n');
}

function sectionTable(wasmBuf, symbols) {
  const names = symbolNames(symbols);
  const { bodies, sections } = wasmParts(wasmBuf);
  const parts = new Map();
  const add = (key, bytes) => { if (!parts.has(key)) parts.set(key, []); parts.get(key).push(bytes); };
  for (const b of bodies) add(sectionOf(names.get(b.index) ?? ''), b.bytes);
  add('data (strings, vtables, defaults)', sections.data ?? Buffer.alloc(0));
  const rest = Object.entries(sections).filter(([k]) => k !== 'data').map(([, v]) => v);
  add('types, imports, exports, tables', Buffer.concat(rest));
  // gzip of each section alone overstates it (no shared dictionary); scaled to the whole
  // file's gzip so the column adds up.
  const rows = [...parts].map(([key, list]) => { const buf = Buffer.concat(list); return { key, raw: buf.length, g: gz(buf) }; });
  const scale = gz(wasmBuf) / rows.reduce((s, r) => s + r.g, 0);
  rows.sort((a, b) => (a.key.startsWith('kernels') === b.key.startsWith('kernels') ? b.raw - a.raw : a.key.startsWith('kernels') ? 1 : -1));
  const lines = [`${'wasm by section'.padEnd(42)} raw     ~gzipped`];
  for (const r of rows) lines.push(`${r.key.padEnd(40)} ${kb(r.raw)} KB ${kb(r.g * scale)} KB`);
  const k = rows.filter((r) => r.key.startsWith('kernels'));
  lines.push(`${'kernels, all'.padEnd(40)} ${kb(k.reduce((s, r) => s + r.raw, 0))} KB ${kb(k.reduce((s, r) => s + r.g * scale, 0))} KB`);
  return lines.join('\n');
}

const { text, zipped, raw, files } = downloadTable();
const threaded = threadedTable();
console.log(text);
console.log('\n' + threaded.text);
// The figures the docs quote, rewritten by every build (scripts/build.sh runs this script).
mkdirSync(new URL('docs/figures/', root), { recursive: true });
writeFileSync(new URL('docs/figures/size.json', root), `${JSON.stringify({
  command: 'node scripts/size-report.mjs',
  entry: { files, bytes: raw, gzip: zipped, gzip_kb: Number((zipped / 1024).toFixed(1)) },
  budget_kb: BUDGET_KIB,
  threaded: threaded.files,
}, null, 2)}\n`);
if (existsSync(symbolsFile)) {
  const wasmBuf = readFileSync(new URL('onnx-reduce-wasm.wasm', dist));
  const symbols = readFileSync(symbolsFile, 'utf8');
  console.log('\n' + sectionTable(wasmBuf, symbols));
  // --functions N [--match TEXT]: the largest function bodies by name (e.g. --match PlanStream).
  const at = process.argv.indexOf('--functions');
  if (at > 0) {
    const m = process.argv.indexOf('--match');
    console.log('\n' + functionTable(wasmBuf, symbols, Number(process.argv[at + 1]) || 30, m > 0 ? process.argv[m + 1] : ''));
  }
}
if (process.argv.includes('--check') && zipped > BUDGET_KIB * 1024) {
  console.error(`size budget: the default entry is ${(zipped / 1024).toFixed(1)} KB gzipped, over the budget of ${BUDGET_KIB} KB (scripts/size-report.mjs)`);
  process.exit(1);
}
