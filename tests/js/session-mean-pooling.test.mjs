// The mean-pooling + L2-normalization head as graph exporters write it, one InferenceSession
// (Unsqueeze(mask) -> Expand(Shape(x)) -> Cast -> Mul -> ReduceSum, ReduceSum(mask) -> Clip
// -> Div -> LpNormalization, or ReduceL2 + Div), built with makeModel at opsets 12 (axes as
// attributes) and 18 (axes as inputs), checked against a plain-JS reference in float64 and
// against onnxruntime-web on the same model bytes. Then what the layout ops' shared bytes
// must never do: a kept ('wasm') output of a view op outlives its input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ort from 'onnxruntime-web';
import { init, InferenceSession, makeModel, Node, Tensor } from '../../dist/index.node.mjs';
import { prng } from './helpers/prng.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await init();

const H = 24;

// The head's model: `norm` 'lp' (LpNormalization) or 'l2' (ReduceL2 keepdims=1, then Div).
function poolingModel(opset, norm) {
  const axesInput = opset >= 13;
  const nodes = [
    axesInput
      ? { opType: 'Unsqueeze', inputs: ['attention_mask', 'last'], outputs: ['mask3'] }
      : { opType: 'Unsqueeze', inputs: ['attention_mask'], outputs: ['mask3'], attributes: { axes: [-1] } },
    { opType: 'Shape', inputs: ['token_embeddings'], outputs: ['x_shape'] },
    { opType: 'Expand', inputs: ['mask3', 'x_shape'], outputs: ['mask_expanded'] },
    { opType: 'Cast', inputs: ['mask_expanded'], outputs: ['mask_f'], attributes: { to: 1 } },
    { opType: 'Mul', inputs: ['token_embeddings', 'mask_f'], outputs: ['masked'] },
    { opType: 'ReduceSum', inputs: axesInput ? ['masked', 'tokens'] : ['masked'], outputs: ['sum'], attributes: { keepdims: 0, ...(axesInput ? {} : { axes: [1] }) } },
    { opType: 'ReduceSum', inputs: axesInput ? ['mask_f', 'tokens'] : ['mask_f'], outputs: ['count'], attributes: { keepdims: 0, ...(axesInput ? {} : { axes: [1] }) } },
    { opType: 'Clip', inputs: ['count', 'eps'], outputs: ['count_clipped'] },
    { opType: 'Div', inputs: ['sum', 'count_clipped'], outputs: ['mean'] },
  ];
  if (norm === 'lp') {
    nodes.push({ opType: 'LpNormalization', inputs: ['mean'], outputs: ['embedding'], attributes: { p: 2, axis: -1 } });
  } else {
    nodes.push(axesInput
      ? { opType: 'ReduceL2', inputs: ['mean', 'last'], outputs: ['norm'], attributes: { keepdims: 1 } }
      : { opType: 'ReduceL2', inputs: ['mean'], outputs: ['norm'], attributes: { keepdims: 1, axes: [-1] } });
    nodes.push({ opType: 'Div', inputs: ['mean', 'norm'], outputs: ['embedding'] });
  }
  const initializers = { eps: new Tensor('float32', [1e-9], []) };
  if (axesInput) Object.assign(initializers, { last: new Tensor('int64', [-1n], [1]), tokens: new Tensor('int64', [1n], [1]) });
  return makeModel({
    opset,
    inputs: [{ name: 'token_embeddings', type: 'float32', dims: ['B', 'S', H] }, { name: 'attention_mask', type: 'int64', dims: ['B', 'S'] }],
    outputs: [{ name: 'embedding', type: 'float32', dims: ['B', H] }],
    initializers,
    nodes,
  });
}

// The reference: mean of the unmasked token vectors (count at least 1e-9), divided by its
// Euclidean norm, in float64.
function reference(x, mask, B, S) {
  const out = new Float64Array(B * H);
  for (let b = 0; b < B; ++b) {
    let count = 0;
    for (let s = 0; s < S; ++s) count += Number(mask[b * S + s]);
    count = Math.max(count, 1e-9);
    let sq = 0;
    for (let h = 0; h < H; ++h) {
      let sum = 0;
      for (let s = 0; s < S; ++s) sum += x[(b * S + s) * H + h] * Number(mask[b * S + s]);
      out[b * H + h] = sum / count;
      sq += (sum / count) ** 2;
    }
    for (let h = 0; h < H; ++h) out[b * H + h] /= Math.sqrt(sq);
  }
  return out;
}

function batch(rng, B, S) {
  const x = Float32Array.from({ length: B * S * H }, () => rng.next() * 4 - 2);
  const mask = new BigInt64Array(B * S);
  for (let b = 0; b < B; ++b) {
    const real = rng.int(1, S);  // at least one real token per row
    for (let s = 0; s < real; ++s) mask[b * S + s] = 1n;
  }
  return { x, mask };
}

function assertClose(actual, expected, what, rtol = 2e-6, atol = 1e-7) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; ++i) {
    const tol = atol + rtol * Math.abs(expected[i]);
    assert.ok(Math.abs(actual[i] - expected[i]) <= tol, `${what}: element ${i} is ${actual[i]}, expected ${expected[i]}`);
  }
}

for (const opset of [12, 18]) {
  for (const norm of ['lp', 'l2']) {
    test(`mean pooling/opset ${opset}, ${norm === 'lp' ? 'LpNormalization' : 'ReduceL2 + Div'}: one session, the reference and onnxruntime-web agree`, async () => {
      const bytes = poolingModel(opset, norm);
      const session = await InferenceSession.create(bytes);
      const peer = await ort.InferenceSession.create(bytes);
      const rng = prng(opset * 10 + norm.length);
      // Batches of other sizes through the same session (its memos and reused buffers).
      for (const [B, S] of [[3, 7], [1, 1], [5, 33], [3, 7]]) {
        const { x, mask } = batch(rng, B, S);
        const { embedding } = await session.run({
          token_embeddings: new Tensor('float32', x, [B, S, H]),
          attention_mask: new Tensor('int64', mask, [B, S]),
        });
        assert.deepEqual(embedding.dims, [B, H]);
        assertClose(embedding.data, reference(x, mask, B, S), `[${B},${S}] against the reference`);
        const theirs = await peer.run({
          token_embeddings: new ort.Tensor('float32', x, [B, S, H]),
          attention_mask: new ort.Tensor('int64', mask, [B, S]),
        });
        assertClose(embedding.data, theirs.embedding.data, `[${B},${S}] against onnxruntime-web`);
      }
      await session.release();
      await peer.release();
    });
  }
}

test('mean pooling/the output kept in wasm memory is the copy-mode output', async () => {
  const session = await InferenceSession.create(poolingModel(18, 'lp'));
  const { x, mask } = batch(prng(5), 4, 9);
  const feeds = { token_embeddings: new Tensor('float32', x, [4, 9, H]), attention_mask: new Tensor('int64', mask, [4, 9]) };
  const { embedding: copied } = await session.run(feeds);
  const { embedding: kept } = await session.run(feeds, { preferredOutputLocation: 'wasm' });
  assert.equal(kept.location, 'wasm');
  assert.deepEqual(Array.from(await kept.getData()), Array.from(copied.data));
  kept.dispose();
  await session.release();
});

test('layout views/a kept output of a view op (or of Constant) holds its own bytes, not the input\'s', async () => {
  // Graph outputs that would be the graph input's bytes (Reshape, Identity), and two outputs
  // that would share one buffer: each comes out as bytes of its own.
  const model = makeModel({
    opset: 18,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
    outputs: [{ name: 'r', type: 'float32' }, { name: 'i', type: 'float32' }, { name: 'f', type: 'float32' }],
    initializers: { shape: new Tensor('int64', [3n, 2n], [2]) },
    nodes: [
      { opType: 'Reshape', inputs: ['x', 'shape'], outputs: ['r'] },
      { opType: 'Identity', inputs: ['r'], outputs: ['i'] },
      { opType: 'Flatten', inputs: ['x'], outputs: ['f'], attributes: { axis: 0 } },
    ],
  });
  const session = await InferenceSession.create(model);
  const first = await session.run({ x: new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]) }, { preferredOutputLocation: 'wasm' });
  assert.deepEqual(first.r.dims, [3, 2]);
  assert.deepEqual(first.f.dims, [1, 6]);
  await session.run({ x: new Tensor('float32', [9, 9, 9, 9, 9, 9], [2, 3]) });  // the input arena is overwritten
  for (const name of ['r', 'i', 'f']) assert.deepEqual(Array.from(await first[name].getData()), [1, 2, 3, 4, 5, 6], name);
  first.r.data[0] = 42;  // writing one kept output leaves the others alone
  assert.equal(first.i.data[0], 1);
  assert.equal(first.f.data[0], 1);
  for (const t of Object.values(first)) t.dispose();
  await session.release();

  // An initializer's bytes, and a node's output that another output views.
  const sharing = await InferenceSession.create(makeModel({
    opset: 18,
    inputs: [{ name: 'x', type: 'float32', dims: [2] }],
    outputs: [{ name: 'w_out', type: 'float32' }, { name: 'prod', type: 'float32' }, { name: 'prod_view', type: 'float32' }],
    initializers: { w: new Tensor('float32', [3, 4], [2]), zero: new Tensor('int64', [0n], [1]) },
    nodes: [
      { opType: 'Identity', inputs: ['w'], outputs: ['w_out'] },
      { opType: 'Mul', inputs: ['x', 'w'], outputs: ['prod'] },
      { opType: 'Unsqueeze', inputs: ['prod', 'zero'], outputs: ['prod_view'] },
    ],
  }));
  const x = new Tensor('float32', [1, 2], [2]);
  const kept = await sharing.run({ x }, { preferredOutputLocation: 'wasm' });
  kept.w_out.data[0] = 42;
  kept.prod.data[0] = 42;
  assert.deepEqual(Array.from(kept.prod_view.data), [3, 8], 'an output viewing another output has bytes of its own');
  const again = await sharing.run({ x });
  assert.deepEqual(Array.from(again.w_out.data), [3, 4], 'the initializer is untouched');
  assert.deepEqual(Array.from(again.prod.data), [3, 8]);
  for (const t of Object.values(kept)) t.dispose();
  await sharing.release();

  const constant = Node.create({ opType: 'Constant', opset: 13, attributes: { value: new Tensor('float32', [1, 2], [2]) } });
  const [value] = constant.run([], { preferredOutputLocation: 'wasm' });
  value.data[0] = 42;  // the node's own value is not the output's bytes
  assert.deepEqual(Array.from(constant.run([])[0].data), [1, 2]);
  value.dispose();
  constant.dispose();

  const reshape = Node.create({ opType: 'Reshape', opset: 14 });
  const input = Tensor.allocate('float32', [2, 2]);
  input.data.set([1, 2, 3, 4]);
  const [view] = reshape.run([input, new Tensor('int64', [4n], [1])], { preferredOutputLocation: 'wasm' });
  input.data.fill(7);  // the output does not see the input's memory
  assert.deepEqual(Array.from(await view.getData()), [1, 2, 3, 4]);
  input.dispose();
  const [copied] = reshape.run([new Tensor('float32', [5, 6, 7, 8], [2, 2]), new Tensor('int64', [-1n], [1])]);
  assert.deepEqual(Array.from(copied.data), [5, 6, 7, 8]);
  view.dispose();
  reshape.dispose();
});
