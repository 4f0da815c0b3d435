// The house's structure, checked from its own files (npm test runs it):
// - the include rule of docs/architecture.md ("Rooms and what each may include"): every
//   #include "..." from one room of src/ into another names a room that the table's
//   `includes` column allows for it, and bindings/ reaches the families only through
//   runtime/ and registry/; every room of src/ has its row;
// - no include cycle between the rooms of src/, no import cycle among bindings/js;
// - no file of src/ or bindings/ (C++ and JS) over the line limit.
// Usage: node scripts/check-structure.mjs [--root <dir>] [--max-lines 400]
// Prints one line per finding and a last line "structure: ..."; exits 1 on any finding.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ROOT = resolve(option('--root', join(dirname(fileURLToPath(import.meta.url)), '..')));
const MAX_LINES = Number(option('--max-lines', 400));

const walk = (dir) => (existsSync(dir)
  ? readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  })
  : []);
const rel = (p) => relative(ROOT, p);
const findings = [];

// The rooms in the table's order, each with the rooms its `includes` cell allows: "—" none;
// "the rooms above" the shared rooms listed above it (those that do not themselves say "the
// rooms above": the families sit over them); "everything above" every room listed above it;
// any other entry is a room by name (its first word; a parenthesis says why).
function readRoomRules(architecture) {
  const section = architecture.split(/^## /m).find((s) => s.startsWith('Rooms and what each may include'));
  if (!section) throw new Error('docs/architecture.md: no section "Rooms and what each may include"');
  const rows = [...section.matchAll(/^\| `([a-z_]+)\/` \|.*\| ([^|]+) \|$/gm)].map((m) => ({ room: m[1], cell: m[2].trim() }));
  const order = rows.map((r) => r.room);
  const shared = new Set();
  const allowed = new Map();
  rows.forEach(({ room, cell }, i) => {
    const above = order.slice(0, i);
    const ok = new Set();
    for (const entry of cell === '—' ? [] : cell.split(/,(?![^(]*\))/)) {
      const words = entry.trim();
      if (words === 'the rooms above') above.filter((r) => shared.has(r)).forEach((r) => ok.add(r));
      else if (words === 'everything above') above.forEach((r) => ok.add(r));
      else {
        const name = words.split(/[\s(]/)[0];
        if (!above.includes(name)) findings.push(`docs/architecture.md: ${room}/ may include '${name}', which is not a room listed above it`);
        ok.add(name);
      }
    }
    if (!/^the rooms above/.test(cell)) shared.add(room);
    allowed.set(room, ok);
  });
  return { order, allowed, shared };
}

// Include edges between rooms: Map(from room -> Map(to room -> first "file -> include")).
function includeEdges(files, roomOf) {
  const edges = new Map();
  const src = join(ROOT, 'src');
  for (const f of files) {
    for (const m of readFileSync(f, 'utf8').matchAll(/^\s*#\s*include\s+"([^"]+)"/gm)) {
      const target = [join(dirname(f), m[1]), join(src, m[1])].find((t) => existsSync(t));
      if (!target || relative(src, target).startsWith('..')) continue;  // not into src/
      const a = roomOf(f), b = relative(src, target).split('/')[0];
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.get(a).has(b)) edges.get(a).set(b, `${rel(f)} -> "${m[1]}"`);
    }
  }
  return edges;
}

// The cycles of a graph (Map(node -> Map(next -> why))), each as a list of nodes.
function cycles(graph) {
  const found = [];
  const state = new Map();  // 1 on the stack, 2 done
  const stack = [];
  const visit = (u) => {
    state.set(u, 1);
    stack.push(u);
    for (const v of graph.get(u)?.keys() ?? []) {
      if (state.get(v) === 1) found.push([...stack.slice(stack.indexOf(v)), v]);
      else if (!state.get(v)) visit(v);
    }
    stack.pop();
    state.set(u, 2);
  };
  for (const u of graph.keys()) if (!state.get(u)) visit(u);
  return found;
}

const architecture = join(ROOT, 'docs', 'architecture.md');
const { order, allowed, shared } = readRoomRules(readFileSync(architecture, 'utf8'));

// 1. The include rule, src/.
const srcDir = join(ROOT, 'src');
const cppFiles = walk(srcDir).filter((p) => /\.(h|cc)$/.test(p));
const srcEdges = includeEdges(cppFiles, (f) => relative(srcDir, f).split('/')[0]);
for (const room of readdirSync(srcDir).filter((f) => statSync(join(srcDir, f)).isDirectory())) {
  if (!order.includes(room)) findings.push(`src/${room}/: no row in docs/architecture.md's table of rooms`);
}
for (const [from, targets] of srcEdges) {
  for (const [to, why] of targets) {
    if (!allowed.get(from)?.has(to)) {
      findings.push(`${why}: ${from}/ may include ${[...(allowed.get(from) ?? [])].join(', ') || 'no other room'} (docs/architecture.md), not ${to}/`);
    }
  }
}
// bindings/: the shared rooms, and the families only through runtime/ and registry/.
const bindingsDir = join(ROOT, 'bindings');
const glueFiles = walk(bindingsDir).filter((p) => /\.(h|cc)$/.test(p));
const glueAllowed = new Set([...shared, 'registry', 'runtime']);
for (const [, targets] of includeEdges(glueFiles, () => 'bindings')) {
  for (const [to, why] of targets) {
    if (!glueAllowed.has(to)) findings.push(`${why}: bindings/ reaches the families only through runtime/ and registry/ (docs/architecture.md), not ${to}/`);
  }
}

// 2. Cycles: rooms of src/, modules of bindings/js.
const roomCycles = cycles(srcEdges);
for (const c of roomCycles) {
  findings.push(`src rooms include each other: ${c.join(' -> ')} (${c.slice(0, -1).map((a, i) => srcEdges.get(a).get(c[i + 1])).join('; ')})`);
}
const jsFiles = walk(join(bindingsDir, 'js')).filter((p) => /\.m?js$/.test(p));
const imports = new Map(jsFiles.map((f) => [rel(f), new Map(
  [...readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)]
    .map((m) => [rel(resolve(dirname(f), m[1])), m[1]]),
)]));
const jsCycles = cycles(imports);
for (const c of jsCycles) findings.push(`JS modules import each other: ${c.join(' -> ')}`);

// 3. File sizes.
const sized = [...new Set([...cppFiles, ...glueFiles, ...jsFiles])]
  .map((p) => [rel(p), readFileSync(p, 'utf8').split('\n').length])
  .sort((a, b) => b[1] - a[1]);
const over = sized.filter(([, n]) => n > MAX_LINES);
for (const [p, n] of over) findings.push(`${p}: ${n} lines (> ${MAX_LINES})`);

for (const f of findings) console.log(f);
console.log(`structure: ${order.length} rooms, ${roomCycles.length} room cycles, ${jsCycles.length} JS import cycles, `
  + `${over.length} files over ${MAX_LINES} lines (largest ${sized[0]?.[0]} ${sized[0]?.[1]}), ${findings.length} findings`);
process.exit(findings.length ? 1 : 0);
