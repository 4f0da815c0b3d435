// Canary tensors for the boundary tests: one in JS memory, one in wasm memory, with values no
// test writes. checkCanaries() after each case: both unchanged, the module still computing
// right (a Mul of small inputs, a ReduceSum of the wasm canary).
import assert from 'node:assert/strict';
import { Tensor, Node } from '../../../dist/index.node.mjs';

// Call after init().
export function makeCanaries() {
  const f32 = (...v) => new Tensor('float32', Float32Array.from(v), [v.length]);
  const mul = Node.create({ opType: 'Mul', opset: 14 });
  const sum = Node.create({ opType: 'ReduceSum', opset: 11, attributes: { keepdims: 0 } });
  const jsCanary = f32(7, 7, 7, 7);
  const wasmCanary = Tensor.allocate('float32', [4]);
  wasmCanary.data.fill(42);
  function checkCanaries() {
    assert.deepEqual(Array.from(jsCanary.data), [7, 7, 7, 7]);
    assert.deepEqual(Array.from(wasmCanary.data), [42, 42, 42, 42]);
    assert.deepEqual(Array.from(mul.run([f32(1, 2, 3), f32(10, 20, 30)])[0].data), [10, 40, 90]);
    assert.deepEqual(Array.from(sum.run([wasmCanary])[0].data), [168]);
  }
  return { jsCanary, wasmCanary, checkCanaries };
}
