// Sentence embeddings from token embeddings: mean pooling over the real tokens (an attention
// mask leaves padding out), then L2 normalization, so a dot product is the cosine similarity.
// Everything runs in wasm: Cast, Mul (broadcasting), ReduceSum, Div, LpNormalization.
//   node examples/embedding.mjs
import { init, Node, Tensor } from 'onnx-reduce-wasm';

await init();

// A batch of 2 sentences, 4 token positions, 3 features ([batch, tokens, features]); the second
// sentence has 2 real tokens and 2 padding positions (mask 0), whose values must not count.
const hidden = new Tensor('float32', Float32Array.of(
  1, 2, 3,   3, 2, 1,   2, 2, 2,   0, 4, 2,
  1, 0, 0,   3, 0, 4,   99, 99, 99,   -99, 99, 0,
), [2, 4, 3]);
const mask = new Tensor('int64', [1n, 1n, 1n, 1n, 1n, 1n, 0n, 0n], [2, 4]);

const cast = Node.create({ opType: 'Cast', attributes: { to: 1 }, opset: 13 });    // to FLOAT
const mul = Node.create({ opType: 'Mul', opset: 14 });
const div = Node.create({ opType: 'Div', opset: 14 });
const sum = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: 13 });
const l2 = Node.create({ opType: 'LpNormalization', attributes: { axis: -1, p: 2 }, opset: 22 });
const tokens = new Tensor('int64', [1n], [1]);

const [maskF] = cast.run([mask]);                                   // float32 [2, 4]
const [masked] = mul.run([hidden, maskF.reshape([2, 4, 1])]);       // [2, 4, 3] * [2, 4, 1]
const [summed] = sum.run([masked, tokens]);                         // [2, 3]
const [counts] = sum.run([maskF, tokens]);                          // [2]: real tokens per sentence
const [mean] = div.run([summed, counts.reshape([2, 1])]);           // [2, 3] / [2, 1]
const [unit] = l2.run([mean]);                                      // [2, 3], rows of length 1

const features = hidden.dims[2];
const row = (a, r) => Array.from(a.subarray(r * features, (r + 1) * features), (v) => v.toFixed(4)).join(' ');
console.log(`counts: ${counts.data.join(' ')}`); // → counts: 4 2
console.log(`mean 0: ${row(mean.data, 0)}`); // → mean 0: 1.5000 2.5000 2.0000
console.log(`mean 1: ${row(mean.data, 1)}`); // → mean 1: 2.0000 0.0000 2.0000
console.log(`unit 0: ${row(unit.data, 0)}`); // → unit 0: 0.4243 0.7071 0.5657
console.log(`unit 1: ${row(unit.data, 1)}`); // → unit 1: 0.7071 0.0000 0.7071
const cosine = unit.data.subarray(0, features).reduce((s, v, i) => s + v * unit.data[features + i], 0);
console.log(`cosine similarity: ${cosine.toFixed(4)}`); // → cosine similarity: 0.7000

for (const node of [cast, mul, div, sum, l2]) node.dispose();
