// The command line on hostile models and input files: sizes refused against --max-elements
// before anything that large is allocated, names printed with control characters escaped,
// and every problem of an input file reported with the file and the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeModel, encodeTensor } from './helpers/model-writer.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/cli.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'orw-cli-hostile-'));
const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60000 });
test.after(() => rmSync(tmp, { recursive: true, force: true }));

// A model of one ReduceSum of input `x` (float32, dims) to `y`, written to a file.
function sumModel(file, dims, { input = 'x', output = 'y' } = {}) {
  writeFileSync(file, encodeModel({
    opset: 13,
    nodes: [{ opType: 'ReduceSum', inputs: [input], outputs: [output], attributes: { keepdims: 0 } }],
    inputs: [{ name: input, type: 'float32', dims }],
    outputs: [{ name: output, type: 'float32', dims: [] }],
  }));
  return file;
}

test('cli/a model declaring a float32[1000000000] input is refused at once, naming the size and the limit', () => {
  const model = sumModel(join(tmp, 'huge.onnx'), [1000000000]);
  const started = Date.now();
  const r = run('run', model);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^error: input 'x' \(random, from the model's declared shape\): \[1000000000\] is 1000000000 elements, more than the limit of 134217728 \(--max-elements N raises it\)/);
  assert.ok(Date.now() - started < 20000, 'refused without allocating');
  // --max-elements lowers and raises the limit.
  const small = sumModel(join(tmp, 'small.onnx'), [1000]);
  assert.match(run('run', small, '--max-elements', '999').stderr, /\[1000\] is 1000 elements, more than the limit of 999/);
  const ok = run('run', small, '--max-elements', '1000');
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /output y: float32\[\]/);
  assert.equal(run('run', small, '--max-elements', 'lots').status, 2);
  // An input file larger than the limit: refused before its data is made into a tensor.
  writeFileSync(join(tmp, 'x.json'), JSON.stringify({ type: 'float32', dims: [1000], data: new Array(1000).fill(1) }));
  const file = run('run', small, '--input', `x=${join(tmp, 'x.json')}`, '--max-elements', '10');
  assert.equal(file.status, 1);
  assert.match(file.stderr, /x\.json: data: \[1000\] is 1000 elements, more than the limit of 10/);
});

test('cli/names from the model are printed with control characters escaped (run and shapes)', () => {
  const evil = 'x\u001b[2J\u001b]0;pwned\u0007\u009b1m\u202e';
  const model = sumModel(join(tmp, 'evil.onnx'), [2], { input: evil, output: `y${evil}` });
  for (const args of [['run', model], ['shapes', model]]) {
    const r = run(...args);
    assert.equal(r.status, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    assert.ok(r.stdout.includes('x\\x1b[2J\\x1b]0;pwned\\x07\\x9b1m\\u{202e}'), r.stdout);
  }
  // '__proto__' is a name like any other: its input is fed and its output printed.
  const r = run('run', sumModel(join(tmp, 'proto-in.onnx'), [2], { input: '__proto__', output: 'y' }));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^input {2}__proto__: float32\[2\] \(random\)/m);
  const out = run('run', sumModel(join(tmp, 'proto-out.onnx'), [2], { input: 'x', output: '__proto__' }));
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /^output __proto__: float32\[\]/m);
  // A model name in an error message: escaped as well.
  const unknown = run('run', model, '--input', `nope\u001b[31m=${join(tmp, 'none.json')}`);
  assert.equal(unknown.status, 1);
  assert.doesNotMatch(unknown.stderr, /\u001b/);
});

test('cli/every problem of an --input file names the file and the reason', () => {
  const model = sumModel(join(tmp, 'four.onnx'), [4]);
  const header = (text) => {
    const h = Buffer.from(text.padEnd(118, ' ') + '\n', 'latin1');
    return Buffer.concat([Buffer.from([0x93, ...Buffer.from('NUMPY'), 1, 0, h.length & 0xff, h.length >> 8]), h]);
  };
  const cases = [
    ['noshape.npy', header("{'descr': '<f4', 'fortran_order': False, }"), /noshape\.npy: the \.npy header has no 'shape'/],
    ['odd.npy', Buffer.concat([header("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }"), Buffer.alloc(7)]),
      /odd\.npy: the data is 7 bytes, shape \[4\] of <f4 needs 16/],
    ['cut.npy', header("{'descr': '<f4'").subarray(0, 20), /cut\.npy: the \.npy header claims \d+ bytes, the file has 10/],
    ['magic.npy', Buffer.from('hello'), /magic\.npy: not a \.npy file/],
    ['deep.json', '['.repeat(100000) + ']'.repeat(100000), /deep\.json: the data is nested deeper than 64 levels/],
    ['ragged.json', '[[1, 2], [3]]', /ragged\.json: the data is ragged/],
    ['notdata.json', '{"data": 5}', /notdata\.json: expected \{"type", "dims", "data"\}/],
    ['badtype.json', '{"type": "f\\u001b[2J", "data": [1, 2, 3, 4]}', /badtype\.json: Tensor: unknown type 'f\\x1b\[2J'/],
    ['wrongsize.json', '{"type": "float32", "dims": [4], "data": [1, 2, 3]}', /wrongsize\.json: Tensor: size mismatch: data has 3 elements but dims \[4\] need 4/],
    ['garbage.pb', Buffer.from([0xff, 0xff, 0xff]), /garbage\.pb: readTensorProto: /],
    ['missing.json', null, /cannot read .*missing\.json: ENOENT/],
  ];
  for (const [name, content, re] of cases) {
    const file = join(tmp, name);
    if (content !== null) writeFileSync(file, content);
    const r = run('run', model, '--input', `x=${file}`);
    assert.equal(r.status, 1, `${name}: ${r.stderr}`);
    assert.match(r.stderr, re, name);
    assert.doesNotMatch(r.stderr, /Cannot read properties|Maximum call stack|should be a multiple/, name);
    assert.doesNotMatch(r.stderr, /\u001b/, name);
  }
  // A good .pb of the wrong size for the model: the run says so, naming the input.
  writeFileSync(join(tmp, 'three.pb'), Uint8Array.from(encodeTensor('x', { type: 'float32', data: Float32Array.of(1, 2, 3), dims: [3] })));
  assert.match(run('run', model, '--input', `x=${join(tmp, 'three.pb')}`).stderr, /^error: input 'x': dim 0 must be 4, got shape \[3\]/);
});
