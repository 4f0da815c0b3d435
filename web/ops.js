// What each operator version has, from the registry rows the package's module exports
// (bindings/interface.cc): which opsets to offer, which attributes, which inputs, which
// element types. The page shows the reduce, arg and scan families (rows with a keepdims
// attribute or an axis input); loadOps() builds the table once the module is loaded.
import { _registryRows, LATEST_OPSET } from '../dist/index.mjs';

export let MAX_OPSET = 0;
// One row per (op, since version): { op, since, types, inputs, attributes }.
export let ROWS = Object.freeze([]);
// Operator names in display order: CumProd and ReduceProd first (the package's headline ops).
export let OP_NAMES = Object.freeze([]);

const has = (list, name) => list.some((x) => x.name === name);

// Call after init().
export function loadOps() {
  MAX_OPSET = LATEST_OPSET;
  ROWS = Object.freeze(_registryRows()
    .filter((r) => r.domain === 'ai.onnx' && (has(r.attributes, 'keepdims') || has(r.inputs, 'axis')))
    .map((r) => Object.freeze({ op: r.opType, since: r.sinceVersion, types: r.types, inputs: r.inputs, attributes: r.attributes })));
  OP_NAMES = Object.freeze([...new Set(ROWS.map((r) => r.op))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)));
}

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

// The controls a version has: one per input and attribute its row lists.
export function featuresOf(r) {
  const attr = (name) => has(r.attributes, name);
  const scan = has(r.inputs, 'axis');
  return {
    reduce: !scan,
    scan,
    axesAttribute: attr('axes'),
    axesInput: has(r.inputs, 'axes'),
    axisAttribute: attr('axis'),
    selectLastIndex: attr('select_last_index'),
    keepdims: attr('keepdims'),
    noopWithEmptyAxes: attr('noop_with_empty_axes'),
    exclusive: attr('exclusive'),
    reverse: attr('reverse'),
    axisInput: scan,
    inputNames: r.inputs.map((i) => i.name),
    outputName: scan ? 'y' : 'reduced',
  };
}
