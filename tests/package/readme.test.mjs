// The README as a new user follows it: the packed tarball installed into an empty project
// (`npm i ./onnx-reduce-wasm-<version>.tgz`, offline: the package has no dependencies), and
// the README's JS blocks pasted into it, importing 'onnx-reduce-wasm' by name, each printing
// what its `// → ...` comments show. The package is packed from a staging copy of what
// package.json "files" lists (symlinks followed), so a dist/ that is a link packs as a folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeBlocks, expectedOutput, isRunnableJs, outputLines, REPO } from '../js/helpers/doc-blocks.mjs';

const work = mkdtempSync(join(tmpdir(), 'orw-readme-'));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
test.after(() => rmSync(work, { recursive: true, force: true }));

const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
const stage = join(work, 'stage');
mkdirSync(stage);
for (const f of ['package.json', ...pkg.files]) cpSync(join(REPO, f), join(stage, f), { recursive: true, dereference: true });
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], stage));
const app = join(work, 'app');
mkdirSync(app);
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed.filename)], app);

// The README's blocks run in order in one folder: its makeModel block writes the model.onnx
// the next one loads.
const blocks = codeBlocks('README.md').filter(isRunnableJs);
test('package/the README has Node blocks to try, the model.onnx recipe before its use', () => {
  assert.ok(blocks.length >= 3);
  const make = blocks.findIndex((b) => /makeModel\(/.test(b.code) && /writeFileSync\('model\.onnx'/.test(b.code));
  const use = blocks.findIndex((b) => /'model\.onnx'/.test(b.code) && !/writeFileSync/.test(b.code));
  assert.ok(make >= 0 && use > make, 'a block writes model.onnx with makeModel before a block reads it');
});

for (const b of blocks) {
  test(`package/README.md:${b.line} works in a project that installed the tarball`, () => {
    assert.match(b.code, /from 'onnx-reduce-wasm'/, 'imports the package by name');
    const file = join(app, `readme-${b.line}.mjs`);
    writeFileSync(file, b.code);
    let stdout;
    try {
      stdout = run('node', [file], app);
    } catch (e) {
      assert.fail(`README.md:${b.line} failed in the installed project:\n${e.stderr}`);
    }
    const expected = expectedOutput(b.code);
    if (expected.length) assert.deepEqual(outputLines(stdout), expected);
  });
}
