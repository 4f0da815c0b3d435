// The package inside a user's bundle for Node (esbuild --platform=node, as ESM and CommonJS):
// with the .wasm left behind, init() rejects with the package's Error naming the path it tried
// and the init() options to pass; with the .wasm copied next to the bundle, or its path given,
// it works; a bundle of onnx-reduce-wasm/single needs no file. And the .wasm exported for
// browser builds (Vite ?url).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const wasm = join(root, 'dist', 'onnx-reduce-wasm.wasm');
const work = mkdtempSync(join(tmpdir(), 'orw-bundle-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

// A project that depends on the package (linked, as `npm link` would) and a tiny program.
mkdirSync(join(work, 'node_modules'));
symlinkSync(root, join(work, 'node_modules', 'onnx-reduce-wasm'), 'dir');
// No top-level await, so that the same source bundles as ESM and as CommonJS.
const program = (initArgs) => `
  import { init, Node, Tensor } from 'onnx-reduce-wasm';
  init(${initArgs}).then(() => {
    const [y] = Node.create({ opType: 'ReduceSum', opset: 13 }).run([new Tensor('float32', [1, 2, 3])]);
    console.log(y.data[0]);
  }, (e) => {
    console.error(e.message);
    process.exitCode = 3;
  });`;

async function bundle(name, format, source) {
  const dir = join(work, name);
  mkdirSync(dir);
  const entry = join(work, `${name}.mjs`);
  writeFileSync(entry, source);
  const outfile = join(dir, format === 'esm' ? 'app.mjs' : 'app.cjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format, outfile, logLevel: 'silent', absWorkingDir: work });
  return { dir, outfile };
}

const runNode = (file) => spawnSync(process.execPath, [file], { encoding: 'utf8' });

// The single-file entry carries its wasm: a bundle of it runs with nothing copied beside it.
const singleProgram = program('').replace("from 'onnx-reduce-wasm'", "from 'onnx-reduce-wasm/single'");

for (const format of ['esm', 'cjs']) {
  test(`package/an esbuild ${format} bundle without the .wasm: init() names the missing path and init({ wasmPath })`, async () => {
    const { dir, outfile } = await bundle(`missing-${format}`, format, program(''));
    const r = runNode(outfile);
    assert.equal(r.status, 3, `${r.stdout}${r.stderr}`);
    assert.ok(r.stderr.includes(join(dir, 'onnx-reduce-wasm.wasm')), `names the path: ${r.stderr}`);
    assert.match(r.stderr, /^onnx-reduce-wasm: init\(\): /);
    assert.match(r.stderr, /init\(\{ wasmPath \}\)/);
  });

  test(`package/an esbuild ${format} bundle runs with the .wasm copied next to it`, async () => {
    const { dir, outfile } = await bundle(`copied-${format}`, format, program(''));
    copyFileSync(wasm, join(dir, 'onnx-reduce-wasm.wasm'));
    const r = runNode(outfile);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), '6');
  });

  test(`package/an esbuild ${format} bundle of onnx-reduce-wasm/single runs with no .wasm beside it`, async () => {
    const { outfile } = await bundle(`single-${format}`, format, singleProgram);
    const r = runNode(outfile);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), '6');
  });
}

test('package/init({ wasmPath }) to a missing file names that path; to the real one (a path or a file: URL), works', async () => {
  const missing = join(work, 'elsewhere', 'orw.wasm');
  const bad = await bundle('bad-path', 'esm', program(JSON.stringify({ wasmPath: missing })));
  const r = runNode(bad.outfile);
  assert.equal(r.status, 3, r.stdout);
  assert.ok(r.stderr.startsWith(`onnx-reduce-wasm: init({ wasmPath }): the .wasm file ${missing} does not exist`), r.stderr);
  assert.match(r.stderr, /require\.resolve\('onnx-reduce-wasm\/onnx-reduce-wasm\.wasm'\)/);
  // A path, or a file: URL as a string.
  for (const [name, wasmPath] of [['good-path', wasm], ['good-url', pathToFileURL(wasm).href]]) {
    const good = await bundle(name, 'esm', program(JSON.stringify({ wasmPath })));
    const ok = runNode(good.outfile);
    assert.equal(ok.status, 0, `${name}: ${ok.stderr}`);
    assert.equal(ok.stdout.trim(), '6');
  }
});

// The .wasm through the exports map in a browser build: Vite's `?url` import emits it as an
// asset and gives its URL (e.g. for init({ wasmPath }) or a <link rel="preload">).
test('package/Vite resolves onnx-reduce-wasm/onnx-reduce-wasm.wasm?url to the .wasm as an asset', async () => {
  const app = join(work, 'vite-app');
  mkdirSync(app);
  writeFileSync(join(app, 'main.js'), "import wasmUrl from 'onnx-reduce-wasm/onnx-reduce-wasm.wasm?url';\nconsole.log(wasmUrl);\n");
  const { build: viteBuild } = await import('vite');
  const outDir = join(app, 'out');
  const result = await viteBuild({
    root: work, logLevel: 'silent', configFile: false,
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(app, 'main.js') }, assetsInlineLimit: 0 },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  const assets = output.filter((o) => o.type === 'asset' && o.fileName.endsWith('.wasm'));
  assert.equal(assets.length, 1, 'one .wasm asset');
  assert.deepEqual(Buffer.from(assets[0].source), readFileSync(wasm));
  const chunk = output.find((o) => o.type === 'chunk');
  assert.ok(chunk.code.includes(assets[0].fileName), 'the import gives the asset URL');
});
