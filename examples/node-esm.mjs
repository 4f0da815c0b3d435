// Node, ES modules: build nodes, run them on TypedArrays, infer shapes, catch an error.
//   node examples/node-esm.mjs
import { init, Node, Tensor } from 'onnx-reduce-wasm';

await init();   // loads the wasm once; later calls return at once

// ReduceSum over axis 1 of a [2, 3] matrix (opset 13 on: axes are an int64 input).
const sum = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 13 });
const x = new Tensor('float32', Float32Array.of(1, 2, 3, 4, 5, 6), [2, 3]);
const [rowSums] = sum.run([x, new Tensor('int64', [1n], [1])]);
console.log(`${rowSums.type} [${rowSums.dims}] ${rowSums.data.join(' ')}`); // → float32 [2] 6 15

// The same node's shape function, with a symbolic batch dim.
const [info] = sum.inferShapes([{ type: 'float32', dims: ['N', 3] }, { type: 'int64', dims: [1], value: [1] }]);
console.log(JSON.stringify(info)); // → {"type":"float32","dims":["N"]}

// CumProd (opset 26), exclusive: each element is the product of the ones before it.
const cumprod = Node.create({ opType: 'CumProd', attributes: { exclusive: 1 }, opset: 26 });
const [y] = cumprod.run([new Tensor('float64', [2, 3, 4, 5]), new Tensor('int32', [0], [])]);
console.log(Array.from(y.data).join(' ')); // → 1 2 6 24

// int64 data is a BigInt64Array; integer sums wrap in their width, like numpy.
const [big] = sum.run([new Tensor('int64', [2n ** 62n, 2n ** 62n], [1, 2]), new Tensor('int64', [1n], [1])]);
console.log(big.data[0]); // → -9223372036854775808n

// Errors are TypeError / RangeError / Error naming the op, the input and the reason.
try {
  sum.run([new Tensor('float32', [1, 2], [2]), new Tensor('int64', [3n], [1])]);
} catch (e) {
  console.log(`${e.name}: ${e.message}`); // → RangeError: ReduceSum (opset 13): input 'axes': axis 3 is out of range for rank 1 (valid range [-1, 0])
}

for (const node of [sum, cumprod]) node.dispose();   // frees the wasm state now (else the GC does)
