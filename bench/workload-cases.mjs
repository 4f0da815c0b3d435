// The workloads of bench/workloads.mjs: each { name, group, model (encodeModel's spec: the same
// graph for ours and ORT-web), inputs() -> { name: { type, data, dims } }, outputs (what the
// answers are compared by: { values, indices } or { values }), transformers? (tjs, feeds) ->
// (check) => outputs of transformers.js's own functions for the same work }.
const F32 = 1, I64 = 7;
const int64 = (xs) => new Uint8Array(BigInt64Array.from(xs, BigInt).buffer);
const float32 = (xs) => new Uint8Array(Float32Array.from(xs).buffer);

// Logits-like values: a deterministic normal-ish spread (sum of uniforms) times `scale`.
export function logits(count, scale = 3, seed = 1) {
  const a = new Float32Array(count);
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  for (let i = 0; i < count; ++i) a[i] = (next() + next() + next() + next() - 2) * 1.7 * scale;
  return a;
}
const size = (dims) => dims.reduce((a, b) => a * b, 1);
const rowsOf = (dims) => [size(dims.slice(0, -1)), dims.at(-1)];

function oneNode(opType, dims, attributes, { opset = 13, outDims = dims, k, outType = F32 } = {}) {
  const outputs = [{ name: 'y', type: outType, dims: outDims }];
  const inputs = ['x'];
  const initializers = [];
  if (k !== undefined) {
    initializers.push({ name: 'k', type: I64, dims: [1], bytes: int64([k]) });
    inputs.push('k');
    outputs.push({ name: 'i', type: I64, dims: outDims });
  }
  return { opset, nodes: [{ opType, inputs, outputs: outputs.map((o) => o.name), attributes }], inputs: [{ name: 'x', type: F32, dims }], outputs, initializers };
}

// transformers.js's softmax / log_softmax take one row (an array): a batch is a loop over rows.
function rowwise(fn, x, dims) {
  const [rows, n] = rowsOf(dims);
  const out = new Float32Array(rows * n);
  for (let r = 0; r < rows; ++r) out.set(fn(x.subarray(r * n, (r + 1) * n)), r * n);
  return out;
}

function softmaxCase(op, dims, axis = -1, group = 'Softmax') {
  const fn = op === 'Softmax' ? 'softmax' : 'log_softmax';
  return {
    name: `${op} [${dims}] axis ${axis}`, group,
    model: oneNode(op, dims, { axis }),
    inputs: () => ({ x: { type: 'float32', data: logits(size(dims), 3, dims.length), dims } }),
    outputs: { values: 'y' },
    tolerance: 1e-4,  // ORT-web's float exp is a few ulps off
    transformers: axis === -1 || axis === dims.length - 1 ? (tjs, feeds) => () => ({ values: rowwise(tjs[fn], feeds.x.data, dims) }) : undefined,
  };
}

function topkCase(dims, k) {
  const [rows] = rowsOf(dims);
  return {
    name: `TopK k=${k} [${dims}]`, group: 'TopK',
    model: oneNode('TopK', dims, { axis: -1 }, { opset: 11, outDims: [...dims.slice(0, -1), k], k }),
    inputs: () => ({ x: { type: 'float32', data: logits(size(dims), 3, k), dims } }),
    outputs: { values: 'y', indices: 'i' },
    transformers: (tjs, feeds) => {
      const t = new tjs.Tensor('float32', feeds.x.data, dims);
      return async () => {
        const [v, i] = await tjs.topk(t, k);
        return { values: v.data, indices: i.data };
      };
    },
    rows,
  };
}

// Mean pooling with an attention mask and L2 normalization, as exporters write a
// sentence-embedding head: Unsqueeze(mask) -> Expand(Shape(x)) -> Cast -> Mul -> ReduceSum,
// ReduceSum(mask) -> Clip -> Div -> LpNormalization.
function meanPoolingCase(dims) {
  const [b, s] = dims;
  const h = dims[2];
  return {
    name: `mean pooling + L2 [${dims}] (a 10-node session)`, group: 'embedding',
    model: {
      opset: 13,
      nodes: [
        { opType: 'Unsqueeze', inputs: ['mask', 'last'], outputs: ['m1'] },
        { opType: 'Shape', inputs: ['x'], outputs: ['xs'] },
        { opType: 'Expand', inputs: ['m1', 'xs'], outputs: ['m2'] },
        { opType: 'Cast', inputs: ['m2'], outputs: ['m3'], attributes: { to: F32 } },
        { opType: 'Mul', inputs: ['x', 'm3'], outputs: ['p'] },
        { opType: 'ReduceSum', inputs: ['p', 'seq'], outputs: ['num'], attributes: { keepdims: 0 } },
        { opType: 'ReduceSum', inputs: ['m3', 'seq'], outputs: ['den'], attributes: { keepdims: 0 } },
        { opType: 'Clip', inputs: ['den', 'eps'], outputs: ['den2'] },
        { opType: 'Div', inputs: ['num', 'den2'], outputs: ['mean'] },
        { opType: 'LpNormalization', inputs: ['mean'], outputs: ['y'], attributes: { axis: -1, p: 2 } },
      ],
      inputs: [{ name: 'x', type: F32, dims }, { name: 'mask', type: I64, dims: [b, s] }],
      outputs: [{ name: 'y', type: F32, dims: [b, h] }],
      initializers: [
        { name: 'last', type: I64, dims: [1], bytes: int64([-1]) },
        { name: 'seq', type: I64, dims: [1], bytes: int64([1]) },
        { name: 'eps', type: F32, dims: [], bytes: float32([1e-9]) },
      ],
    },
    inputs: () => {
      const mask = new BigInt64Array(b * s);
      for (let i = 0; i < b; ++i) for (let j = 0; j < s; ++j) mask[i * s + j] = j < s - ((i * 7) % (s / 2)) ? 1n : 0n;
      return { x: { type: 'float32', data: logits(size(dims), 1, 3), dims }, mask: { type: 'int64', data: mask, dims: [b, s] } };
    },
    outputs: { values: 'y' },
    transformers: (tjs, feeds) => {
      const x = new tjs.Tensor('float32', feeds.x.data, dims);
      const mask = new tjs.Tensor('int64', feeds.mask.data, [b, s]);
      return () => ({ values: tjs.mean_pooling(x, mask).normalize(2, -1).data });
    },
  };
}

export function workloadCases() {
  const cases = [];
  for (const dims of [[1, 32000], [64, 32000], [1, 152064], [64, 1000], [256, 256]]) cases.push(softmaxCase('Softmax', dims));
  for (const dims of [[1, 32000], [64, 32000], [1, 152064], [64, 1000]]) cases.push(softmaxCase('LogSoftmax', dims, -1, 'LogSoftmax'));
  cases.push(softmaxCase('Softmax', [8, 12, 128, 128], -1, 'attention'));
  cases.push(softmaxCase('Softmax', [64, 256, 256], 2, 'attention'));
  cases.push(softmaxCase('Softmax', [64, 256, 256], 0, 'attention'));
  for (const dims of [[1, 32000], [1, 152064], [64, 1000], [512, 32000]]) for (const k of [1, 5, 50, 256]) cases.push(topkCase(dims, k));
  for (const dims of [[64, 32000], [1, 152064]]) {
    cases.push({
      name: `ArgMax [${dims}] axis -1 (greedy decoding)`, group: 'ArgMax',
      model: oneNode('ArgMax', dims, { axis: -1, keepdims: 0 }, { outDims: dims.slice(0, -1), outType: I64 }),
      inputs: () => ({ x: { type: 'float32', data: logits(size(dims), 3, 9), dims } }),
      outputs: { indices: 'y' },
      // transformers.js's Tensor#argmax takes no dim (4.3); its greedy decoding takes each row's
      // maximum with a plain loop (utils/maths max), as here.
      transformers: (tjs, feeds) => () => {
        const [rows, n] = rowsOf(dims);
        const x = feeds.x.data, out = new BigInt64Array(rows);
        for (let r = 0; r < rows; ++r) {
          let best = 0, value = x[r * n];
          for (let j = 1; j < n; ++j) if (x[r * n + j] > value) value = x[r * n + j], best = j;
          out[r] = BigInt(best);
        }
        return { indices: out };
      },
    });
  }
  const pooled = [32, 128, 384];
  cases.push({
    name: `ReduceMean [${pooled}] axes [1] (mean pooling, no mask)`, group: 'embedding',
    model: { ...oneNode('ReduceMean', pooled, { keepdims: 0 }, { outDims: [32, 384] }), opset: 18 },
    inputs: () => ({ x: { type: 'float32', data: logits(size(pooled), 1, 4), dims: pooled } }),
    outputs: { values: 'y' },
    transformers: (tjs, feeds) => {
      const t = new tjs.Tensor('float32', feeds.x.data, pooled);
      return () => ({ values: t.mean(1).data });
    },
  });
  // ReduceMean 18 takes its axes as an input: all axes unless given, so give [1].
  const rm = cases.at(-1).model;
  rm.nodes[0].inputs = ['x', 'axes'];
  rm.initializers = [{ name: 'axes', type: I64, dims: [1], bytes: int64([1]) }];
  cases.push(meanPoolingCase(pooled));
  for (const dims of [[32, 384], [64, 128, 384]]) {
    cases.push({
      name: `LpNormalization p=2 [${dims}] axis -1`, group: 'embedding',
      model: oneNode('LpNormalization', dims, { axis: -1, p: 2 }),
      inputs: () => ({ x: { type: 'float32', data: logits(size(dims), 1, 5), dims } }),
      outputs: { values: 'y' },
      transformers: (tjs, feeds) => {
        const t = new tjs.Tensor('float32', feeds.x.data, dims);
        return () => ({ values: t.normalize(2, -1).data });
      },
    });
  }
  const cls = [64, 1000];
  cases.push({
    name: `classifier: Softmax then TopK k=5 [${cls}]`, group: 'classifier',
    model: {
      opset: 13,
      nodes: [
        { opType: 'Softmax', inputs: ['x'], outputs: ['p'], attributes: { axis: -1 } },
        { opType: 'TopK', inputs: ['p', 'k'], outputs: ['y', 'i'], attributes: { axis: -1 } },
      ],
      inputs: [{ name: 'x', type: F32, dims: cls }],
      outputs: [{ name: 'y', type: F32, dims: [64, 5] }, { name: 'i', type: I64, dims: [64, 5] }],
      initializers: [{ name: 'k', type: I64, dims: [1], bytes: int64([5]) }],
    },
    inputs: () => ({ x: { type: 'float32', data: logits(size(cls), 3, 6), dims: cls } }),
    outputs: { values: 'y', indices: 'i' },
    transformers: (tjs, feeds) => {
      return async () => {
        const p = new tjs.Tensor('float32', rowwise(tjs.softmax, feeds.x.data, cls), cls);
        const [v, i] = await tjs.topk(p, 5);
        return { values: v.data, indices: i.data };
      };
    },
  });
  return cases;
}
