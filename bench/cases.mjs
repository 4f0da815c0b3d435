// The end-to-end suite's cases, one list for bench/ort-compare.mjs (one-node models, both
// runtimes) and bench/threads.mjs (Node.run, ours alone), so the two cannot drift: each case is
// { op, type, dims, label, axes? (Reduce/Arg/scan: null = every axis), attributes?, opset?,
// k? (TopK) }; `post` marks the post-processing ops, which take attributes instead of axes.
export const BIG = [64, 256, 256];  // 16 MiB of float32

export function suiteCases() {
  const cases = [];
  for (const op of ['ReduceSum', 'ReduceProd', 'ReduceMean', 'ReduceMax']) {
    for (const [label, axes] of [['[2]', [2]], ['[0]', [0]], ['[1]', [1]], ['all', null]]) cases.push({ op, type: 'float32', dims: BIG, axes, label });
  }
  for (const op of ['ReduceMin', 'ReduceL2', 'ReduceLogSumExp']) cases.push({ op, type: 'float32', dims: BIG, axes: [2], label: '[2]' });
  for (const axis of [2, 0]) cases.push({ op: 'ArgMax', type: 'float32', dims: BIG, axes: [axis], label: `axis ${axis}` });
  for (const op of ['CumSum', 'CumProd']) for (const axis of [1, 0]) cases.push({ op, type: 'float32', dims: [1024, 4096], axes: [axis], label: `axis ${axis}` });
  for (const type of ['int32', 'int64', 'float64']) for (const axis of [2, 0]) cases.push({ op: 'ReduceProd', type, dims: BIG, axes: [axis], label: `[${axis}]` });
  for (const op of ['ReduceSum', 'ReduceProd']) cases.push({ op, type: 'float32', dims: [8, 16], axes: [1], label: '[1]', perCall: true });
  for (const axis of [2, 0]) cases.push({ op: 'Softmax', type: 'float32', dims: BIG, label: `axis ${axis}`, post: true, attributes: { axis }, opset: 13 });
  for (const dims of [[512, 32000], [64, 1000]]) cases.push({ op: 'TopK', type: 'float32', dims, label: 'k=5', post: true, attributes: { axis: -1 }, opset: 11, k: 5 });
  cases.push({ op: 'LpNormalization', type: 'float32', dims: [8, 128, 384], label: 'p=2 axis -1', post: true, attributes: { axis: -1, p: 2 }, opset: 13 });
  return cases;
}

export const caseName = (c) => `${c.op} ${c.type} [${c.dims}] ${c.label}`;
