// What the tarball holds, file by file: exactly the expected set, each shipped module reachable
// from an entry point package.json names (nothing shipped that no entry uses), and the metadata
// npm shows on the package's page (repository, homepage, bugs, keywords, an absolute image URL).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
const files = packed.files.map((f) => f.path).sort();

// The JS layer's modules besides the entries: the single-file entry and the CLI import them
// unbundled (the other entries are bundles that hold them).
const LAYER = ['api', 'dtypes', 'graph-node', 'guards', 'half', 'heap', 'module', 'outputs', 'proto-writer',
  'model-builder', 'registry-rows', 'session', 'shapes', 'stream', 'tensor', 'tensor-proto', 'threads',
  'intrinsics', 'escape', 'cli-inputs'].map((m) => `dist/${m}.mjs`);
// The threaded build: one .wasm; the browser glue and its pthread worker script; the Node glue
// and its worker (CommonJS).
const THREADED = ['dist/onnx-reduce-wasm-mt.wasm', 'dist/onnx-reduce-wasm-mt.mjs', 'dist/onnx-reduce-wasm-mt.worker.js',
  'dist/onnx-reduce-wasm-mt.node.cjs', 'dist/onnx-reduce-wasm-mt.node.worker.cjs'];
// The documentation and the examples, whole: the README links into them, and the tarball is
// what a user reads (tests/package/links.test.mjs checks every link).
const tree = (dir) => readdirSync(join(root, dir), { recursive: true })
  .filter((f) => statSync(join(root, dir, f)).isFile()).map((f) => posix.join(dir, f.split(sep).join('/')));
const EXPECTED = [
  'LICENSE', 'README.md', 'CHANGELOG.md', 'package.json',
  ...tree('docs'), ...tree('examples'),
  'dist/index.mjs', 'dist/index.node.mjs', 'dist/index.cjs', 'dist/single.mjs', 'dist/cli.mjs',
  'dist/index.d.ts', 'dist/index.d.cts',
  'dist/onnx-reduce-wasm.wasm', 'dist/onnx-reduce-wasm.single.mjs',
  ...THREADED,
  ...LAYER,
].sort();

test('package/the tarball holds exactly the expected files', () => {
  assert.deepEqual(files, EXPECTED);
  // The unminified Emscripten glue: the bundles hold a minified copy; nothing imports this one.
  assert.ok(!files.includes('dist/onnx-reduce-wasm.mjs'));
});

// Every file path package.json points at (exports, main, module, types, bin), recursively.
function entryPoints() {
  const out = [];
  const walk = (v) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([pkg.exports, pkg.main, pkg.module, pkg.types, pkg.bin]);
  return out.map((p) => posix.normalize(p));
}

// The files reachable from the entries: relative static and dynamic imports, the assets and
// worker scripts a module loads with new URL('./file', import.meta.url), a CommonJS file it
// requires by a relative name (the Node entry's createRequire of the threaded glue), and the
// pthread worker an Emscripten glue asks locateFile for (shipped as .worker.js, or renamed
// .worker.cjs for Node: bindings/js/threads-node.mjs maps the name).
function reachable() {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.(mjs|cjs|js)$/.test(file)) return;
    const text = readFileSync(join(root, file), 'utf8');
    const refs = [
      ...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g),
      ...text.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+|[\w.-]+\.(?:wasm|worker\.js))['"]/g),
      ...text.matchAll(/\(\s*['"](\.\/[\w.-]+\.cjs)['"]\s*\)/g),
      // new URL('./file', base): the browser entry's threaded files, off bundlers' patterns
      ...text.matchAll(/new URL\(\s*['"](\.\/[^'"]+)['"]\s*,\s*[\w$]+\s*\)/g),
    ].map((m) => m[1]);
    for (const [, name] of text.matchAll(/locateFile\(\s*['"]([\w.-]+)\.worker\.js['"]\s*\)/g)) {
      refs.push(...[`${name}.worker.js`, `${name}.worker.cjs`].filter((f) => files.includes(posix.join(posix.dirname(file), f))));
    }
    for (const r of refs) visit(posix.normalize(posix.join(posix.dirname(file), r)));
  };
  entryPoints().forEach(visit);
  return seen;
}

test('package/the tarball carries the docs, the examples and the changelog', () => {
  for (const f of ['docs/api.md', 'docs/benchmarks.md', 'docs/figures/size.json', 'examples/README.md', 'CHANGELOG.md']) {
    assert.ok(files.includes(f), f);
  }
});

test('package/every shipped module and asset is reachable from an entry in package.json', () => {
  const used = reachable();
  const unused = files.filter((f) => f.startsWith('dist/') && !used.has(f));
  assert.deepEqual(unused, [], 'shipped but used by no entry');
});

test('package/package.json says where the project lives', () => {
  const home = 'https://github.com/onnx-reduce-wasm/onnx-reduce-wasm';
  assert.equal(pkg.repository?.type, 'git');
  assert.equal(pkg.repository?.url, `git+${home}.git`);
  assert.equal(pkg.homepage, `${home}#readme`);
  assert.equal(pkg.bugs?.url, `${home}/issues`);
  assert.ok(Array.isArray(pkg.keywords) && pkg.keywords.includes('onnx') && pkg.keywords.includes('webassembly'));
});

test('package/the README links images by absolute URL (npm does not serve the repository files)', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g), ...readme.matchAll(/<img[^>]*\ssrc=["']([^"']+)/g)].map((m) => m[1]);
  for (const src of images) assert.match(src, /^https:\/\//, `README image ${src}`);
});
