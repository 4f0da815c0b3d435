// Post-processing pipelines as apps run them on a model's outputs, each built with makeModel and
// loaded into the model panel with example inputs: a classifier's logits -> Softmax -> TopK, and a
// sentence embedding's masked mean pooling -> L2 normalization.
import { makeModel, Tensor } from '../dist/index.mjs';

export const PIPELINES = Object.freeze([
  {
    id: 'classifier',
    label: 'Classifier: logits → Softmax → TopK (the 2 best classes of each row)',
    fileName: 'classifier-postprocess.onnx',
    spec: () => ({
      opset: 13,
      inputs: [{ name: 'logits', type: 'float32', dims: ['batch', 'classes'] }],
      outputs: [{ name: 'probability', type: 'float32', dims: ['batch', 2] }, { name: 'class', type: 'int64', dims: ['batch', 2] }],
      initializers: { k: new Tensor('int64', [2n], [1]) },
      nodes: [
        { opType: 'Softmax', inputs: ['logits'], outputs: ['probs'], attributes: { axis: -1 } },
        { opType: 'TopK', inputs: ['probs', 'k'], outputs: ['probability', 'class'], attributes: { axis: -1 } },
      ],
    }),
    inputs: { logits: { dims: '2, 5', values: '2.0 0.5 -1.0 0.1 3.2  -3.0 4.0 3.5 0.0 1.0' } },
  },
  {
    id: 'embedding',
    label: 'Sentence embedding: mean pooling over the attention mask → L2 normalization',
    fileName: 'embedding-postprocess.onnx',
    spec: () => ({
      opset: 13,
      inputs: [
        { name: 'last_hidden_state', type: 'float32', dims: ['batch', 'tokens', 4] },
        { name: 'attention_mask', type: 'int64', dims: ['batch', 'tokens', 1] },
      ],
      outputs: [{ name: 'embedding', type: 'float32', dims: ['batch', 4] }],
      initializers: { token_axis: new Tensor('int64', [1n], [1]) },
      nodes: [
        { opType: 'Cast', inputs: ['attention_mask'], outputs: ['mask'], attributes: { to: 1 } },
        { opType: 'Mul', inputs: ['last_hidden_state', 'mask'], outputs: ['masked'] },
        { opType: 'ReduceSum', inputs: ['masked', 'token_axis'], outputs: ['sum'], attributes: { keepdims: 0 } },
        { opType: 'ReduceSum', inputs: ['mask', 'token_axis'], outputs: ['count'], attributes: { keepdims: 0 } },
        { opType: 'Div', inputs: ['sum', 'count'], outputs: ['mean'] },
        { opType: 'LpNormalization', inputs: ['mean'], outputs: ['embedding'], attributes: { axis: -1, p: 2 } },
      ],
    }),
    // Two sentences of 3 token positions; the second has one padding position (mask 0).
    inputs: {
      last_hidden_state: { dims: '2, 3, 4', values: '1 2 3 4  3 2 1 0  2 2 2 2  1 0 0 1  3 0 4 1  99 99 99 99' },
      attention_mask: { dims: '2, 3, 1', values: '1 1 1  1 1 0' },
    },
  },
]);

// The model bytes of a pipeline (needs init()).
export const pipelineModel = (p) => makeModel(p.spec());
