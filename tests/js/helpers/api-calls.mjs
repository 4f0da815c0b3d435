// Small helpers of the API-area tests (init, tensor, node, session, streams, shape-inference):
// tensors from plain values, a one-output node run, a script run in a fresh Node process.
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { Node, Tensor } from '../../../dist/index.node.mjs';

// The Node entry as a URL, for scripts run in a fresh process.
export const ENTRY = new URL('../../../dist/index.node.mjs', import.meta.url).href;

export const f32 = (values, dims) => new Tensor('float32', values, dims);
export const i64 = (values, dims) => new Tensor('int64', values.map(BigInt), dims);
// The one output of a node made from `spec` and run on `inputs` (the node disposed after).
export const run1 = (spec, inputs) => {
  const node = Node.create(spec);
  try {
    const out = node.run(inputs);
    assert.equal(out.length, 1, 'one output');
    return out[0];
  } finally {
    node.dispose();
  }
};

// Runs a script in a fresh Node process (a fresh, not yet initialised module) and returns stdout.
export const fresh = (script) => execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
