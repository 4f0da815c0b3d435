// What each operator version has: a small table mirroring the rows of src/registry/registry.cc
// (the browser test checks it against Node.create for every op and opset). The page derives
// every control from this table: which opsets to offer, which attributes, which inputs, which
// element types.

export const MAX_OPSET = 26;

const REDUCE_V1 = ['float32', 'float64', 'float16', 'int32', 'int64', 'uint32', 'uint64'];
const REDUCE_V13 = [...REDUCE_V1, 'bfloat16'];
const MINMAX_V12 = [...REDUCE_V1, 'int8', 'uint8'];
const MINMAX_V13 = [...MINMAX_V12, 'bfloat16'];
const MINMAX_V20 = [...MINMAX_V13, 'bool'];
const CUMSUM_V11 = ['float32', 'float64', 'int32', 'int64', 'uint32', 'uint64'];
const SCAN_V14 = [...CUMSUM_V11, 'float16', 'bfloat16'];
const ARG_V1 = ['float32', 'float64', 'float16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const ARG_V13 = [...ARG_V1, 'bfloat16'];

// One row per (op, since version). kind: 'axes-attribute' | 'axes-input' | 'scan' | 'arg'.
const row = (op, since, kind, types) => ({ op, since, kind, types });
const reduceHistory = (op) => [
  row(op, 1, 'axes-attribute', REDUCE_V1),
  row(op, 11, 'axes-attribute', REDUCE_V1),
  row(op, 13, 'axes-attribute', REDUCE_V13),
  row(op, 18, 'axes-input', REDUCE_V13),
];
const minMaxHistory = (op) => [
  row(op, 1, 'axes-attribute', REDUCE_V1),
  row(op, 11, 'axes-attribute', REDUCE_V1),
  row(op, 12, 'axes-attribute', MINMAX_V12),
  row(op, 13, 'axes-attribute', MINMAX_V13),
  row(op, 18, 'axes-input', MINMAX_V13),
  row(op, 20, 'axes-input', MINMAX_V20),
];
const argHistory = (op) => [
  row(op, 1, 'arg', ARG_V1),
  row(op, 11, 'arg', ARG_V1),
  row(op, 12, 'arg', ARG_V1), // select_last_index
  row(op, 13, 'arg', ARG_V13),
];

export const ROWS = Object.freeze([
  ...reduceHistory('ReduceProd'),
  ...reduceHistory('ReduceMean'),
  ...reduceHistory('ReduceSumSquare'),
  ...reduceHistory('ReduceL1'),
  ...reduceHistory('ReduceL2'),
  ...reduceHistory('ReduceLogSum'),
  ...reduceHistory('ReduceLogSumExp'),
  row('ReduceSum', 1, 'axes-attribute', REDUCE_V1),
  row('ReduceSum', 11, 'axes-attribute', REDUCE_V1),
  row('ReduceSum', 13, 'axes-input', REDUCE_V13), // ReduceSum moved axes to an input in 13
  ...minMaxHistory('ReduceMax'),
  ...minMaxHistory('ReduceMin'),
  row('CumSum', 11, 'scan', CUMSUM_V11),
  row('CumSum', 14, 'scan', SCAN_V14),
  row('CumProd', 26, 'scan', SCAN_V14),
  ...argHistory('ArgMax'),
  ...argHistory('ArgMin'),
].map(Object.freeze));

// Operator names in display order: CumProd and ReduceProd first (the package's headline ops).
export const OP_NAMES = Object.freeze(
  [...new Set(ROWS.map((r) => r.op))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
);
function rank(op) {
  return { ReduceProd: 0, CumProd: 1 }[op] ?? 2;
}

// The row in force for op at opset (the newest since <= opset), or null when the op does not
// exist yet at that opset (or the opset is outside 1..MAX_OPSET).
export function versionAt(op, opset) {
  if (!(opset >= 1 && opset <= MAX_OPSET)) return null;
  let best = null;
  for (const r of ROWS) if (r.op === op && r.since <= opset && (!best || r.since > best.since)) best = r;
  return best;
}

// The opsets at which op exists, oldest first.
export function opsetsOf(op) {
  const first = Math.min(...ROWS.filter((r) => r.op === op).map((r) => r.since));
  return Array.from({ length: MAX_OPSET - first + 1 }, (_, i) => first + i);
}

// The controls a version has, derived from its row.
export function featuresOf(r) {
  const reduce = r.kind !== 'scan';
  return {
    reduce,
    scan: !reduce,
    axesAttribute: r.kind === 'axes-attribute',
    axesInput: r.kind === 'axes-input',
    axisAttribute: r.kind === 'arg',
    selectLastIndex: r.kind === 'arg' && r.since >= 12,
    keepdims: reduce,
    noopWithEmptyAxes: r.kind === 'axes-input',
    exclusive: !reduce,
    reverse: !reduce,
    axisInput: !reduce,
    inputNames: reduce ? (r.kind === 'axes-input' ? ['data', 'axes'] : ['data']) : ['x', 'axis'],
    outputName: reduce ? 'reduced' : 'y',
  };
}
