// ONNX backend conformance: every test in tests/data/onnx-backend (node/, pytorch-operator/,
// arg-max-min/, post-processing/ and layout/) through InferenceSession, one subtest per backend test, named after it.
// Plain tests must match their expected outputs (floats rtol 1e-4, atol 1e-6, NaN = NaN;
// ints and bool exactly). `_expanded` tests run like the others (through the element-wise ops of
// the function bodies): there is no skip path, a test that cannot run fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, InferenceSession, readTensorProto } from '../../dist/index.node.mjs';
import { BACKEND_DIR, dataSets, listBackendTests, modelBytes } from './helpers/backend-tests.mjs';
import { tensorMismatch } from './helpers/values.mjs';

await init();

const TESTS = listBackendTests();
test('conformance/the backend test data is present (node/, pytorch-operator/, arg-max-min/, post-processing/ and layout/)', () => {
  assert.equal(TESTS.filter((b) => b.suite === 'node').length, 149, 'node/ tests');
  assert.equal(TESTS.filter((b) => b.suite === 'pytorch-operator').length, 4, 'pytorch-operator/ tests');
  assert.equal(TESTS.filter((b) => b.suite === 'arg-max-min').length, 32, 'arg-max-min/ tests');
  assert.equal(TESTS.filter((b) => b.suite === 'post-processing').length, 88, 'post-processing/ tests');
  assert.equal(TESTS.filter((b) => b.suite === 'layout').length, 53, 'layout/ tests');
});

async function runBackendTest(b) {
  const session = await InferenceSession.create(modelBytes(b.dir));
  try {
    const sets = dataSets(b.dir);
    assert.ok(sets.length > 0, 'has a test_data_set_*');
    for (const ds of sets) {
      assert.equal(ds.inputs.length, session.inputNames.length, `${ds.name}: one input file per graph input`);
      assert.equal(ds.outputs.length, session.outputNames.length, `${ds.name}: one output file per graph output`);
      // Inputs and outputs are in graph order; .pb names may be empty (pytorch-operator).
      const feeds = {};
      ds.inputs.forEach((bytes, i) => { feeds[session.inputNames[i]] = readTensorProto(bytes).tensor; });
      const results = await session.run(feeds);
      ds.outputs.forEach((bytes, i) => {
        const name = session.outputNames[i];
        const want = readTensorProto(bytes).tensor;
        assert.ok(results[name], `${ds.name}: output '${name}' is returned`);
        const why = tensorMismatch(results[name], want, { rtol: 1e-4, atol: 1e-6 });
        assert.equal(why, null, `${ds.name}: output '${name}': ${why}`);
      });
    }
  } finally {
    await session.release();
  }
}

for (const b of TESTS) {
  test(`${b.suite}/${b.name}`, () => runBackendTest(b));
}
