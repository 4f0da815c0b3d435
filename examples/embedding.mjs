// Sentence embeddings from token embeddings: mean pooling over the real tokens (an attention
// mask leaves padding out), then L2 normalization, so a dot product is the cosine similarity.
// The head as graph exporters write it (sentence-transformers' Pooling + Normalize), one
// session: Unsqueeze, Shape, Expand, Cast, Mul, ReduceSum, Clip, Div, LpNormalization.
//   node examples/embedding.mjs
import { init, InferenceSession, makeModel, Tensor } from 'onnx-reduce-wasm';

await init();

// A batch of 2 sentences, 4 token positions, 3 features ([batch, tokens, features]); the second
// sentence has 2 real tokens and 2 padding positions (mask 0), whose values must not count.
const hidden = new Tensor('float32', Float32Array.of(
  1, 2, 3,   3, 2, 1,   2, 2, 2,   0, 4, 2,
  1, 0, 0,   3, 0, 4,   99, 99, 99,   -99, 99, 0,
), [2, 4, 3]);
const mask = new Tensor('int64', [1n, 1n, 1n, 1n, 1n, 1n, 0n, 0n], [2, 4]);

const model = makeModel({
  opset: 18,
  inputs: [{ name: 'token_embeddings', type: 'float32', dims: ['B', 'S', 3] }, { name: 'attention_mask', type: 'int64', dims: ['B', 'S'] }],
  outputs: [{ name: 'count', type: 'float32' }, { name: 'mean', type: 'float32' }, { name: 'embedding', type: 'float32' }],
  initializers: { last: new Tensor('int64', [-1n], [1]), tokens: new Tensor('int64', [1n], [1]), eps: new Tensor('float32', [1e-9], []) },
  nodes: [
    { opType: 'Unsqueeze', inputs: ['attention_mask', 'last'], outputs: ['mask3'] },            // [B, S, 1]: a view
    { opType: 'Shape', inputs: ['token_embeddings'], outputs: ['shape'] },
    { opType: 'Expand', inputs: ['mask3', 'shape'], outputs: ['mask_expanded'] },               // [B, S, 3]
    { opType: 'Cast', inputs: ['mask_expanded'], outputs: ['mask_f'], attributes: { to: 1 } },  // to FLOAT
    { opType: 'Mul', inputs: ['token_embeddings', 'mask_f'], outputs: ['masked'] },
    { opType: 'ReduceSum', inputs: ['masked', 'tokens'], outputs: ['sum'], attributes: { keepdims: 0 } },
    { opType: 'ReduceSum', inputs: ['mask_f', 'tokens'], outputs: ['count3'], attributes: { keepdims: 0 } },
    { opType: 'Clip', inputs: ['count3', 'eps'], outputs: ['count_clipped'] },                 // no division by 0
    { opType: 'Div', inputs: ['sum', 'count_clipped'], outputs: ['mean'] },
    { opType: 'LpNormalization', inputs: ['mean'], outputs: ['embedding'], attributes: { p: 2, axis: -1 } },
    { opType: 'ReduceMax', inputs: ['count3', 'last'], outputs: ['count'], attributes: { keepdims: 0 } },
  ],
});
const session = await InferenceSession.create(model);
const { count, mean, embedding } = await session.run({ token_embeddings: hidden, attention_mask: mask });

const features = hidden.dims[2];
const row = (a, r) => Array.from(a.subarray(r * features, (r + 1) * features), (v) => v.toFixed(4)).join(' ');
console.log(`counts: ${count.data.join(' ')}`); // → counts: 4 2
console.log(`mean 0: ${row(mean.data, 0)}`); // → mean 0: 1.5000 2.5000 2.0000
console.log(`mean 1: ${row(mean.data, 1)}`); // → mean 1: 2.0000 0.0000 2.0000
console.log(`unit 0: ${row(embedding.data, 0)}`); // → unit 0: 0.4243 0.7071 0.5657
console.log(`unit 1: ${row(embedding.data, 1)}`); // → unit 1: 0.7071 0.0000 0.7071
const unit = embedding.data;
const cosine = unit.subarray(0, features).reduce((s, v, i) => s + v * unit[features + i], 0);
console.log(`cosine similarity: ${cosine.toFixed(4)}`); // → cosine similarity: 0.7000

await session.release();
