// The published package: `npm pack` holds exactly what users need, and the tarball installed
// into an empty project works from Node ESM, CommonJS, the single-file subpath and the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKEND_DIR } from '../js/helpers/backend-tests.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'orw-pack-'));
const run = (cmd, args, cwd = work) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root));
const tarball = join(work, packed.filename);
const app = join(work, 'app');
run('mkdir', ['-p', app]);
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], app);

const model = join(BACKEND_DIR, 'node/test_reduce_sum_keepdims_example/model.onnx');
const program = `
  await init();
  const node = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 13 });
  const [y] = node.run([new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]), new Tensor('int64', [1n], [1])]);
  console.log(JSON.stringify({ dims: y.dims, data: Array.from(y.data) }));`;

test('package/npm pack holds dist, types, docs, examples, README, CHANGELOG, LICENSE and package.json only', () => {
  const files = packed.files.map((f) => f.path).sort();
  const dist = readdirSync(join(root, 'dist')).map((f) => `dist/${f}`);
  const other = files.filter((f) => !f.startsWith('docs/') && !f.startsWith('examples/'));
  assert.deepEqual(other, ['CHANGELOG.md', 'LICENSE', 'README.md', ...dist, 'package.json'].sort());
  assert.ok(files.includes('dist/index.d.ts'));
  assert.ok(files.includes('dist/onnx-reduce-wasm.wasm'));
});

test('package/imports from Node ESM', () => {
  const out = run('node', ['--input-type=module', '-e', `import { init, Node, Tensor } from 'onnx-reduce-wasm';${program}`], app);
  assert.deepEqual(JSON.parse(out), { dims: [2], data: [6, 15] });
});

test('package/requires from CommonJS', () => {
  const out = run('node', ['-e', `const { init, Node, Tensor } = require('onnx-reduce-wasm'); (async () => {${program}})();`], app);
  assert.deepEqual(JSON.parse(out), { dims: [2], data: [6, 15] });
});

test('package/the single-file subpath needs no .wasm file', () => {
  const out = run('node', ['--input-type=module', '-e', `import { init, Node, Tensor } from 'onnx-reduce-wasm/single';${program}`], app);
  assert.deepEqual(JSON.parse(out), { dims: [2], data: [6, 15] });
});

test('package/the .wasm is exported, for require.resolve, import.meta.resolve and bundler ?url imports', () => {
  const installed = join(app, 'node_modules', 'onnx-reduce-wasm', 'dist', 'onnx-reduce-wasm.wasm');
  const cjs = run('node', ['-e', "console.log(require.resolve('onnx-reduce-wasm/onnx-reduce-wasm.wasm'))"], app).trim();
  assert.equal(cjs, installed);
  const esm = run('node', ['--input-type=module', '-e', "console.log(import.meta.resolve('onnx-reduce-wasm/onnx-reduce-wasm.wasm'))"], app).trim();
  assert.equal(fileURLToPath(esm), installed);
  assert.deepEqual(readFileSync(cjs), readFileSync(join(root, 'dist', 'onnx-reduce-wasm.wasm')));
});

// TypeScript's node16 resolution picks types by condition: require() must get the CommonJS
// declarations (index.d.cts), else tsc refuses to require() what it takes for an ES module (TS1471).
test('package/TypeScript (node16) types require() with index.d.cts and import with index.d.ts', () => {
  writeFileSync(join(app, 'check-require.cts'), "import orw = require('onnx-reduce-wasm');\nconst t: orw.Tensor<'float32'> = new orw.Tensor(new Float32Array(1));\nexport = t;\n");
  writeFileSync(join(app, 'check-import.mts'), "import { Tensor } from 'onnx-reduce-wasm';\nexport const t: Tensor<'int64'> = new Tensor(new BigInt64Array(1));\n");
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'node16', moduleResolution: 'node16', target: 'ES2022', lib: ['ES2022', 'DOM'], types: [] },
    files: ['check-require.cts', 'check-import.mts'],
  }));
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  let listed;
  try {
    listed = run(process.execPath, [tsc, '-p', join(app, 'tsconfig.json'), '--listFiles'], app);
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
  assert.match(listed, /onnx-reduce-wasm\/dist\/index\.d\.cts/);
  assert.match(listed, /onnx-reduce-wasm\/dist\/index\.d\.ts/);
});

test('package/installs no process handlers', () => {
  const out = run('node', ['--input-type=module', '-e', `
    const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    const { init } = await import('onnx-reduce-wasm');
    await init();
    console.log(JSON.stringify([before, [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]]));`], app);
  const [before, after] = JSON.parse(out);
  assert.deepEqual(after, before);
});

test('package/no eval or new Function in what ships (strict CSP) and no top-level await', () => {
  for (const f of readdirSync(join(root, 'dist')).filter((f) => /\.(mjs|cjs)$/.test(f))) {
    const text = readFileSync(join(root, 'dist', f), 'utf8');
    assert.doesNotMatch(text, /new Function\s*\(|\beval\s*\(/, f);
    assert.doesNotMatch(text, /^await /m, f);
  }
});

test('package/the CLI runs from the installed package', () => {
  const out = run('npx', ['--offline', 'onnx-reduce-wasm', 'shapes', model], app);
  assert.match(out, /reduced: float32\[/);
  assert.equal(run('npx', ['--offline', 'onnx-reduce-wasm', '--version'], app).trim(), JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  assert.throws(() => run('npx', ['--offline', 'onnx-reduce-wasm', 'run', join(work, 'missing.onnx')], app), (e) => e.status === 1 && /cannot read/.test(e.stderr));
});

test.after(() => rmSync(work, { recursive: true, force: true }));
