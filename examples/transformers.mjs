// For transformers.js users: its models' raw outputs post-processed here, its Tensor taken as
// input as it is (type, data, dims) and the results handed back as its Tensor. Two pipelines'
// last steps, each as one session: a classifier's logits -> Softmax -> TopK, and a sentence
// embedding's mean pooling over the attention mask and L2 normalization.
//   npm i @huggingface/transformers onnx-reduce-wasm; node examples/transformers.mjs
// With a real model the tensors come from it, e.g.
//   const { logits } = await model(await tokenizer(texts, { padding: true }));
// here they are written out, so that the example runs offline.
import { Tensor as HfTensor, mean_pooling } from '@huggingface/transformers';
import { init, InferenceSession, makeModel, Tensor } from 'onnx-reduce-wasm';

await init();

// 1. Classification: logits [batch, classes] -> the two best classes and their probabilities.
const labels = ['negative', 'neutral', 'positive'];
const logits = new HfTensor('float32', Float32Array.of(-1.2, 0.3, 2.9, 3.1, 0.2, -2.0), [2, 3]);
const classify = await InferenceSession.create(makeModel({
  opset: 13,
  inputs: [{ name: 'logits', type: 'float32', dims: ['N', 3] }],
  outputs: [{ name: 'p', type: 'float32', dims: ['N', 2] }, { name: 'class', type: 'int64', dims: ['N', 2] }],
  initializers: { k: new Tensor('int64', [2n], [1]) },
  nodes: [
    { opType: 'Softmax', inputs: ['logits'], outputs: ['probs'], attributes: { axis: -1 } },
    { opType: 'TopK', inputs: ['probs', 'k'], outputs: ['p', 'class'] },
  ],
}));
const top = await classify.run({ logits });   // a transformers.js Tensor as the input
for (let row = 0; row < 2; ++row) {
  const pick = (j) => `${labels[Number(top.class.data[row * 2 + j])]} ${top.p.data[row * 2 + j].toFixed(3)}`;
  console.log(`text ${row}: ${pick(0)}, ${pick(1)}`);
}
// → text 0: positive 0.917, neutral 0.068
// → text 1: negative 0.942, neutral 0.052

// 2. Sentence embeddings: last_hidden_state [batch, tokens, features] and the tokenizer's
// attention_mask [batch, tokens] (int64; 0 marks padding) -> unit vectors [batch, features].
const hidden = new HfTensor('float32', Float32Array.of(
  1, 2, 3,   3, 2, 1,   2, 2, 2,
  1, 0, 0,   3, 0, 4,   99, 99, 99,
), [2, 3, 3]);
const attentionMask = new HfTensor('int64', BigInt64Array.of(1n, 1n, 1n, 1n, 1n, 0n), [2, 3]);
const embed = await InferenceSession.create(makeModel({
  opset: 13,
  inputs: [{ name: 'hidden', type: 'float32', dims: ['B', 'T', 3] }, { name: 'mask', type: 'int64', dims: ['B', 'T', 1] }],
  outputs: [{ name: 'unit', type: 'float32', dims: ['B', 3] }],
  initializers: { tokens: new Tensor('int64', [1n], [1]) },
  nodes: [
    { opType: 'Cast', inputs: ['mask'], outputs: ['m'], attributes: { to: 1 } },
    { opType: 'Mul', inputs: ['hidden', 'm'], outputs: ['masked'] },
    { opType: 'ReduceSum', inputs: ['masked', 'tokens'], outputs: ['sum'], attributes: { keepdims: 0 } },
    { opType: 'ReduceSum', inputs: ['m', 'tokens'], outputs: ['count'], attributes: { keepdims: 0 } },
    { opType: 'Div', inputs: ['sum', 'count'], outputs: ['mean'] },
    { opType: 'LpNormalization', inputs: ['mean'], outputs: ['unit'], attributes: { axis: -1, p: 2 } },
  ],
}));
const { unit } = await embed.run({ hidden, mask: attentionMask.unsqueeze(2) });
const embeddings = new HfTensor(unit.type, unit.data, unit.dims);   // back to transformers.js
console.log(embeddings.tolist().map((r) => r.map((v) => v.toFixed(4)).join(' ')).join(' | '));
// → 0.5774 0.5774 0.5774 | 0.7071 0.0000 0.7071

// The same as transformers.js's own post-processing (mean_pooling, then normalize).
const theirs = mean_pooling(hidden, attentionMask).normalize(2, -1);
const diff = Math.max(...theirs.data.map((v, i) => Math.abs(v - embeddings.data[i])));
console.log(`agrees with transformers.js: ${diff < 1e-6}`); // → agrees with transformers.js: true

await classify.release();
await embed.release();
