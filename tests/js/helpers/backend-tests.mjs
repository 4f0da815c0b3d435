// The ONNX backend conformance data, the repository's own copy in tests/data/onnx-backend:
// listing the tests and decoding their TensorProto files. Missing data is an error, never a skip.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The data directory (inside the repository: a fresh clone is all a user has).
export const BACKEND_DIR = join(repoRoot, 'tests', 'data', 'onnx-backend');

export const SUITES = ['node', 'pytorch-operator', 'arg-max-min', 'post-processing', 'layout'];

// [{ suite, name, dir, expanded }] for every directory holding a model.onnx, sorted by name.
// Throws when a suite's folder is missing.
export function listBackendTests() {
  const out = [];
  for (const suite of SUITES) {
    const base = join(BACKEND_DIR, suite);
    if (!existsSync(base)) throw new Error(`ONNX backend test data missing: ${base}`);
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      if (existsSync(join(dir, 'model.onnx'))) out.push({ suite, name, dir, expanded: name.includes('_expanded') });
    }
  }
  return out;
}

const numbered = (prefix) => (f) => f.startsWith(prefix) && f.endsWith('.pb');
const index = (f) => Number(/_(\d+)\.pb$/.exec(f)[1]);

// [{ name: 'test_data_set_0', inputs: [bytes], outputs: [bytes] }], files in index order.
export function dataSets(dir) {
  return readdirSync(dir)
    .filter((d) => d.startsWith('test_data_set_'))
    .sort()
    .map((ds) => {
      const files = readdirSync(join(dir, ds));
      const read = (prefix) => files.filter(numbered(prefix)).sort((a, b) => index(a) - index(b))
        .map((f) => readFileSync(join(dir, ds, f)));
      return { name: ds, inputs: read('input_'), outputs: read('output_') };
    });
}

export const modelBytes = (dir) => new Uint8Array(readFileSync(join(dir, 'model.onnx')));
