// Every program in examples/ (Node ESM, CommonJS, TypeScript and the ones they import) and every
// runnable JS code block of README.md and docs/*.md runs against the built package (dist/),
// and prints exactly the output its `// → ...` comments show. The browser page and the Web
// Worker example, and the HTML blocks, run in tests/browser/docs-examples.test.mjs.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { init, makeModel } from 'onnx-reduce-wasm';
import { REPO, codeBlocks, docFiles, expectedOutput, isRunnableJs, outputLines, RUNNABLE_JS } from './helpers/doc-blocks.mjs';

const run = promisify(execFile);
assert.ok(existsSync(join(REPO, 'dist', 'index.node.mjs')), 'dist/ is not built: run `npm run build` first');

// Runs a program with Node; resolves to its stdout lines. 'onnx-reduce-wasm' resolves to this
// repository's package.json exports (a package may import itself by name), i.e. to dist/.
async function runNode(file, cwd) {
  try {
    const { stdout } = await run(process.execPath, [file], { cwd, encoding: 'utf8', timeout: 120000 });
    return outputLines(stdout);
  } catch (e) {
    assert.fail(`${file} failed (exit ${e.code}):\n${e.stderr || e.message}`);
  }
}

function checkOutput(what, lines, source) {
  const expected = expectedOutput(source);
  assert.ok(expected.length > 0, `${what} shows no output (no // → comment): nothing would be checked`);
  assert.deepEqual(lines, expected, `${what}: output differs from its // → comments`);
}

// examples/: every .mjs/.cjs program.
const EXAMPLES = join(REPO, 'examples');
const programs = readdirSync(EXAMPLES).filter((f) => /\.(mjs|cjs)$/.test(f)).sort();

test('examples/ has the programs docs/ and the README point to', () => {
  for (const f of ['node-esm.mjs', 'commonjs.cjs', 'typescript.ts', 'classifier.mjs', 'embedding.mjs', 'model-shapes.mjs', 'browser/index.html', 'worker/index.html', 'worker/worker.mjs']) {
    assert.ok(existsSync(join(EXAMPLES, f)), `examples/${f}`);
  }
});

for (const f of programs) {
  test(`examples/${f} prints what it shows`, async () => {
    const lines = await runNode(join(EXAMPLES, f), REPO);
    checkOutput(`examples/${f}`, lines, readFileSync(join(EXAMPLES, f), 'utf8'));
  });
}

test('examples/model-shapes.mjs on a model file prints every value', async () => {
  await init();
  const model = join(REPO, 'build', 'docs-blocks', 'given.onnx');
  mkdirSync(join(REPO, 'build', 'docs-blocks'), { recursive: true });
  writeFileSync(model, makeModel({
    opset: 13,
    nodes: [{ opType: 'ReduceL2', inputs: ['v'], outputs: ['n'], attributes: { axes: [-1] } }],
    inputs: [{ name: 'v', type: 'float32', dims: ['B', 16] }],
    outputs: [{ name: 'n', type: 'float32', dims: ['B', 1] }],
  }));
  const { stdout } = await run(process.execPath, [join(EXAMPLES, 'model-shapes.mjs'), model], { cwd: REPO, encoding: 'utf8' });
  assert.deepEqual(outputLines(stdout).sort(), ['n: float32 [B, 1]', 'v: float32 [B, 16]']);
});

test('examples/typescript.ts type-checks against the shipped types and prints what it shows', async () => {
  const out = join(REPO, 'build', 'examples');
  rmSync(out, { recursive: true, force: true });
  try {
    await run(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(EXAMPLES, 'tsconfig.json')], { cwd: REPO, encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc -p examples/tsconfig.json:\n${e.stdout}${e.stderr}`);
  }
  const lines = await runNode(join(out, 'typescript.js'), REPO);
  checkOutput('examples/typescript.ts', lines, readFileSync(join(EXAMPLES, 'typescript.ts'), 'utf8'));
});

// README.md and docs/*.md: each runnable block is written to build/docs-blocks/ (inside the
// repository, so 'onnx-reduce-wasm' resolves to it) and run there as its own ES module, beside
// model.onnx: one ReduceSum node summing each row of x, float32 [N, 3] -> y, float32 [N].
const BLOCKS = join(REPO, 'build', 'docs-blocks');
const blocks = docFiles().flatMap(codeBlocks);

before(async () => {
  await init();
  mkdirSync(BLOCKS, { recursive: true });
  writeFileSync(join(BLOCKS, 'model.onnx'), makeModel({
    opset: 11,
    nodes: [{ opType: 'ReduceSum', inputs: ['x'], outputs: ['y'], attributes: { axes: [1], keepdims: 0 } }],
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 3] }],
    outputs: [{ name: 'y', type: 'float32', dims: ['N'] }],
  }));
});

test('docs: every JS block is runnable or marked no-run, and most of them run', () => {
  const js = blocks.filter((b) => RUNNABLE_JS.has(b.lang));
  const skipped = js.filter((b) => !isRunnableJs(b));
  assert.ok(js.length > 0);
  assert.ok(skipped.length <= js.length / 4, `too many no-run blocks: ${skipped.map((b) => `${b.file}:${b.line}`).join(', ')}`);
  for (const b of blocks.filter((x) => ['ts', 'typescript', 'jsx', 'cjs'].includes(x.lang))) {
    assert.fail(`${b.file}:${b.line}: a ${b.lang} block would not run; use js (or js no-run)`);
  }
});

for (const b of blocks.filter(isRunnableJs)) {
  test(`${b.file}:${b.line} (js block) runs and prints what it shows`, async () => {
    mkdirSync(BLOCKS, { recursive: true });
    const name = `${b.file.replace(/[/.]/g, '_')}-${b.line}.mjs`;
    writeFileSync(join(BLOCKS, name), b.code);
    const lines = await runNode(join(BLOCKS, name), BLOCKS);
    const expected = expectedOutput(b.code);
    if (expected.length) assert.deepEqual(lines, expected, `${b.file}:${b.line}: output differs from its // → comments`);
  });
}
