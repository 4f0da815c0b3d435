// The command line: `run` with JSON, .pb and .npy inputs and random ones, `shapes`, and
// clear failures with non-zero exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKEND_DIR } from './helpers/backend-tests.mjs';
import { encodeModel } from './helpers/model-writer.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/cli.mjs');
const backend = join(BACKEND_DIR, 'node');
const tmp = mkdtempSync(join(tmpdir(), 'orw-cli-'));
const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

// A C-order float32 .npy file of the given shape and values.
function npy(file, shape, values) {
  const header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const pad = 64 - ((10 + header.length + 1) % 64);
  const h = Buffer.from(header + ' '.repeat(pad) + '\n', 'latin1');
  const pre = Buffer.from([0x93, ...Buffer.from('NUMPY'), 1, 0, h.length & 0xff, h.length >> 8]);
  writeFileSync(file, Buffer.concat([pre, h, Buffer.from(new Float32Array(values).buffer)]));
}

test('cli/run prints outputs computed from .pb inputs', () => {
  const dir = join(backend, 'test_cumprod_2d_axis_0');
  const r = run('run', join(dir, 'model.onnx'), '--input', `x=${dir}/test_data_set_0/input_0.pb`, '--input', `axis=${dir}/test_data_set_0/input_1.pb`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /output y: float64\[2,3\] 1 2 3 4 10 18/);
});

test('cli/run reads JSON and .npy inputs and makes up the rest', () => {
  const model = join(backend, 'test_reduce_sum_keepdims_example/model.onnx');
  npy(join(tmp, 'data.npy'), [3, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  writeFileSync(join(tmp, 'axes.json'), JSON.stringify({ type: 'int64', dims: [1], data: [1] }));
  const r = run('run', model, '--input', `data=${join(tmp, 'data.npy')}`, '--input', `axes=${join(tmp, 'axes.json')}`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /output reduced: float32\[3,1,2\] 4 6 12 14 20 22/);
  const random = run('run', model, '--seed', '7');
  assert.equal(random.status, 0, random.stderr);
  assert.match(random.stdout, /input {2}data: float32\[3,2,2\] \(random\)/);
  assert.equal(run('run', model, '--seed', '7').stdout, random.stdout, 'a fixed seed gives the same inputs');
});

test('cli/run and shapes handle ArgMax models (int64 output)', () => {
  const dir = join(BACKEND_DIR, 'arg-max-min', 'test_argmax_default_axis_example');
  const r = run('run', join(dir, 'model.onnx'), '--input', `data=${dir}/test_data_set_0/input_0.pb`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /output result: int64\[1,2\] 1 1/);
  const shapes = run('shapes', join(dir, 'model.onnx'));
  assert.equal(shapes.status, 0, shapes.stderr);
  assert.match(shapes.stdout, /^output {7}result: int64\[1,2\]$/m);
});

test('cli/shapes prints every value in graph order with its role', () => {
  const r = run('shapes', join(backend, 'test_reduce_sum_keepdims_example/model.onnx'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'input        data: float32[3,2,2]\ninput        axes: int64[1]\noutput       reduced: float32[3,1,2]\n');
});

test('cli/shapes prints sequences and optionals in their text form', () => {
  const r = run('shapes', join(root, 'tests/data/onnx-node-models/test_sequence_map_identity_1_sequence_1_tensor/model.onnx'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'input        x0: seq(float32[N])\ninput        x1: float32[M]\n'
    + 'output       y0: seq(float32[N])\noutput       y1: seq(float32[M])\n');
});

test('cli/shapes reports the nodes it could not infer; --json; --strict', () => {
  const model = encodeModel({
    opset: 13,
    nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['r'] },
      { opType: 'ReduceMax', inputs: ['r'], outputs: ['bad'], attributes: { axes: [5] } },
      { opType: 'FancyOp', inputs: ['x'], outputs: ['f'] }],
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }],
    outputs: [{ name: 'bad', type: 'float32', dims: null }],
  });
  writeFileSync(join(tmp, 'partial.onnx'), model);
  const r = run('shapes', join(tmp, 'partial.onnx'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, [
    'input        x: float32[N,4]',
    'intermediate r: float32[N,4]',
    'output       bad: float32[*]',
    'intermediate f: unknown[*]',
    "diagnostic   invalid-node: ReduceMax (opset 13): attribute 'axes': axis 5 is out of range for rank 2 (valid range [-2, 1])",
    "diagnostic   no-shape-function: FancyOp (opset 13): no shape function for op 'FancyOp' of domain 'ai.onnx' at this opset; its outputs are unknown",
    ''].join('\n'));
  const json = JSON.parse(run('shapes', join(tmp, 'partial.onnx'), '--json').stdout);
  assert.deepEqual(json.values[1], { name: 'r', role: 'intermediate', type: 'float32', dims: ['N', 4] });
  assert.deepEqual(json.diagnostics.map((d) => [d.nodeIndex, d.opType, d.cause, d.errorClass]),
    [[1, 'ReduceMax', 'invalid-node', 'RangeError'], [2, 'FancyOp', 'no-shape-function', 'Error']]);
  const strict = run('shapes', join(tmp, 'partial.onnx'), '--strict');
  assert.equal(strict.status, 1);
  assert.match(strict.stderr, /ReduceMax \(opset 13\): attribute 'axes': axis 5 is out of range/);
});

test('cli/bad input fails with a message and a non-zero exit', () => {
  const model = join(backend, 'test_reduce_sum_keepdims_example/model.onnx');
  const usage = run('frobnicate', model);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /usage:/);
  const unknown = run('run', model, '--input', `nope=${join(tmp, 'x.json')}`);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /no input 'nope'/);
  writeFileSync(join(tmp, 'bad.json'), '{ not json');
  const bad = run('run', model, '--input', `data=${join(tmp, 'bad.json')}`);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /bad\.json: not valid JSON/);
  writeFileSync(join(tmp, 'garbage.onnx'), Buffer.from([0xff, 0xff, 0xff, 0xff]));
  const garbage = run('shapes', join(tmp, 'garbage.onnx'));
  assert.equal(garbage.status, 1);
  assert.match(garbage.stderr, /ModelProto/);
});

test('cli/--version and -v print the version in package.json', () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const flag of ['--version', '-v']) {
    const r = run(flag);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${version}\n`);
  }
});

test('cli/--help and -h list every command and exit 0', () => {
  for (const flag of ['--help', '-h']) {
    const r = run(flag);
    assert.equal(r.status, 0, r.stderr);
    for (const command of ['run <model.onnx>', 'shapes <model.onnx>', '--version', '--help']) {
      assert.ok(r.stdout.includes(`onnx-reduce-wasm ${command}`), `${flag} lists ${command}`);
    }
  }
  // Without a command, the same list on stderr with the usage-error exit code.
  const bare = run();
  assert.equal(bare.status, 2);
  assert.match(bare.stderr, /onnx-reduce-wasm --version/);
});

test.after(() => rmSync(tmp, { recursive: true, force: true }));

test('cli/run --json prints every input and output as one JSON array (int64 values as strings)', () => {
  const dir = join(backend, 'test_cumprod_2d_axis_0');
  const r = run('run', join(dir, 'model.onnx'), '--input', `x=${dir}/test_data_set_0/input_0.pb`, '--input', `axis=${dir}/test_data_set_0/input_1.pb`, '--json');
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(report.map((e) => [e.role, e.name]), [['input', 'x'], ['input', 'axis'], ['output', 'y']]);
  assert.equal(report[2].type, 'float64');
  assert.deepEqual(report[2].dims, [2, 3]);
  assert.deepEqual(report[2].values, [1, 2, 3, 4, 10, 18]);
  const argmax = run('run', join(BACKEND_DIR, 'arg-max-min', 'test_argmax_default_axis_example', 'model.onnx'), '--json');
  assert.equal(argmax.status, 0, argmax.stderr);
  const out = JSON.parse(argmax.stdout).find((e) => e.role === 'output');
  assert.equal(out.type, 'int64');
  assert.ok(out.values.every((v) => typeof v === 'string'), 'int64 values as strings');
});

test('cli/an unknown command is a usage error naming it (exit 2)', () => {
  const r = run('frobnicate', 'model.onnx');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^unknown command 'frobnicate' \(run or shapes\)\nusage:/);
  const escaped = run('\u001b[2Jrm', 'model.onnx');
  assert.equal(escaped.status, 2);
  assert.ok(!escaped.stderr.includes('\u001b'), 'control characters of the command are escaped');
});
