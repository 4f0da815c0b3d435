// The ONNX backend conformance data (shared/onnx-backend-tests beside the repository, or
// $ORW_BACKEND_TESTS): listing the tests and decoding their TensorProto files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The data directory; checked in order: $ORW_BACKEND_TESTS, ../shared/onnx-backend-tests
// (the repository's sibling, as laid for sessions and CI), /work/shared/onnx-backend-tests.
export const BACKEND_DIR = [
  process.env.ORW_BACKEND_TESTS,
  join(repoRoot, '..', 'shared', 'onnx-backend-tests'),
  '/work/shared/onnx-backend-tests',
].find((d) => d && existsSync(join(d, 'node')));

export const SUITES = ['node', 'pytorch-operator'];

// [{ suite, name, dir, expanded }] for every directory holding a model.onnx, sorted by name.
export function listBackendTests() {
  if (!BACKEND_DIR) return [];
  const out = [];
  for (const suite of SUITES) {
    const base = join(BACKEND_DIR, suite);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      if (existsSync(join(dir, 'model.onnx'))) out.push({ suite, name, dir, expanded: name.endsWith('_expanded') });
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
