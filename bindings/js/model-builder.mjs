// makeModel and makeNode: ModelProto and NodeProto bytes built in JS, for InferenceSession,
// inferModelShapes and Node.fromBytes. Everything is checked before proto-writer.mjs (the one
// writer, which Node.create uses too) writes a byte: names, types and dims here, each op
// against the module's registry rows, and each known op's attributes and inputs by the wasm
// parser, as Node.fromBytes checks them. Errors name the call, the node and the value.
import { dtypeNameFromOnnx, onnxFromDtype } from './dtypes.mjs';
import { printable } from './guards.mjs';
import { withBytes } from './heap.mjs';
import { fail, failAs, LATEST_OPSET, latestOpset, wasm } from './module.mjs';
import { encodeModel, encodeNode } from './proto-writer.mjs';
import { registryRows } from './registry-rows.mjs';
import { checkDimList, inferredInfos } from './shapes.mjs';
import { asTensor } from './tensor.mjs';
import { tensorFields, withTensorValues } from './tensor-proto.mjs';

const ONNX_DOMAIN = 'ai.onnx';
const canonical = (domain) => (domain === '' ? ONNX_DOMAIN : domain);
const shown = (v) => (typeof v === 'string' ? JSON.stringify(v) : typeof v === 'bigint' ? `${v}n` : v === null || typeof v !== 'object' ? String(v) : Object.prototype.toString.call(v));
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// An object literal (a Tensor, a class instance, is not one: initializers: tensor is a mistake).
const isRecord = (v) => isPlainObject(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));

// The first opset of each op ('ai.onnx:TopK' -> 1), read from the module's rows once: the ops
// it runs and the ai.onnx ops it only infers (MatMul, Conv, ...).
let firstOpsets = null;
function firstOpset(domain, opType) {
  if (!firstOpsets) {
    firstOpsets = new Map();
    for (const r of registryRows()) {
      const key = `${canonical(r.domain)}:${r.opType}`;
      firstOpsets.set(key, Math.min(firstOpsets.get(key) ?? Infinity, r.sinceVersion));
    }
    const inferred = wasm().inferredOps();
    if (inferred === null) throw new RangeError('onnx-reduce-wasm: cannot read the registry rows (out of memory)');
    for (const [op, since] of JSON.parse(inferred)) firstOpsets.set(`${ONNX_DOMAIN}:${op}`, since);
  }
  return firstOpsets.get(`${domain}:${opType}`);
}

function checkName(name, what) {
  if (typeof name !== 'string' || name === '') throw new TypeError(`${what} must be a non-empty string, got ${shown(name)}`);
}

function checkInteger(v, what, min, max = Number.MAX_SAFE_INTEGER) {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, got ${shown(v)}`);
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`${what} must be an integer >= ${min}, got ${v}`);
  // Opsets past the newest this package implements are unsupported, as the wasm side says.
  if (v > max) throw new Error(`${what} ${v} is outside the supported range ${min}..${max}`);
}

// A node spec's fields, each read once and type-checked: { opType, inputs, outputs,
// attributes, name, domain, opset }. `where` names the node (makeNode, makeModel: nodes[i]).
function readNode(spec, where) {
  if (!isPlainObject(spec)) throw new TypeError(`${where} must be an object { opType, inputs, outputs, attributes?, name?, domain? }, got ${shown(spec)}`);
  const { opType, inputs = [], outputs = [], attributes = {}, name = '', domain = '', opset } = spec;
  checkName(opType, `${where}.opType`);
  const at = `${where} (${printable(opType)})`;
  const names = (list, what) => {
    const absent = `'' for an absent optional ${what.slice(0, -1)}`;
    if (!Array.isArray(list)) throw new TypeError(`${at}: ${what} must be an array of value names (${absent}), got ${shown(list)}`);
    const copy = Array.from(list);  // each entry read once
    const bad = copy.findIndex((s) => typeof s !== 'string');
    if (bad !== -1) throw new TypeError(`${at}: ${what}[${bad}] must be a value name, a string (${absent}), got ${shown(copy[bad])}`);
    return copy;
  };
  if (!isPlainObject(attributes)) throw new TypeError(`${at}: attributes must be an object { name: value }, got ${shown(attributes)}`);
  if (typeof name !== 'string') throw new TypeError(`${at}: name must be a string, got ${shown(name)}`);
  if (typeof domain !== 'string') throw new TypeError(`${at}: domain must be a string ('' or 'ai.onnx' for the standard ops), got ${shown(domain)}`);
  return { opType, inputs: names(inputs, 'inputs'), outputs: names(outputs, 'outputs'), attributes, name, domain, opset, at };
}

// The NodeProto bytes of a read node whose domain is at `opset`. An op the registry lacks (run
// or inferred-only) is an Error unless allowUnknownOps; a known op must exist at the opset and
// is parsed by the wasm side, which checks its attributes and inputs (the node is released at
// once).
function writeNode(node, where, opset, allowUnknownOps) {
  const { opType, at } = node;
  const domain = canonical(node.domain);
  const first = firstOpset(domain, opType);
  const bytes = encodeNode({ ...node, attributes: withTensorValues(node.attributes, at) }, at);
  if (first === undefined) {
    if (allowUnknownOps) return bytes;
    throw new Error(`${at}: the package has no op '${printable(opType)}' in domain '${printable(domain)}' (README.md lists the supported ops); pass allowUnknownOps: true to write it anyway, e.g. for inferModelShapes`);
  }
  if (opset < first) throw new Error(`${at}: ${opType} exists from opset ${first} on, and the opset here is ${opset}`);
  const m = wasm();
  const handle = withBytes(bytes, (ptr, n) => m.nodeFromBytes(ptr, n, opset, false), where);
  if (!handle) fail(where);
  m.nodeRelease(handle);
  return bytes;
}

// NodeSpec (as Node.create takes it, plus allowUnknownOps) -> serialized onnx.NodeProto bytes,
// with the inputs and outputs named exactly as given.
export function makeNode(spec) {
  const node = readNode(spec, 'makeNode');
  const { allowUnknownOps = false } = spec;
  const opset = node.opset ?? latestOpset();
  checkInteger(opset, 'makeNode: opset', 1, canonical(node.domain) === ONNX_DOMAIN ? LATEST_OPSET : undefined);
  if (typeof allowUnknownOps !== 'boolean') throw new TypeError(`makeNode: allowUnknownOps must be a boolean, got ${shown(allowUnknownOps)}`);
  return writeNode(node, 'makeNode', opset, allowUnknownOps);
}

// [{ name, type: ONNX number, dims }] of graph inputs or outputs; dims may be left out of outputs.
function valueInfos(list, what, dimsRequired) {
  const form = `{ name, type, dims${dimsRequired ? '' : '?'} }`;
  if (!Array.isArray(list)) throw new TypeError(`makeModel: ${what} must be an array of ${form}, got ${shown(list)}`);
  return Array.from(list, (v, i) => {
    if (!isPlainObject(v)) throw new TypeError(`makeModel: ${what}[${i}] must be an object ${form}, got ${shown(v)}`);
    const { name, type, dims } = v;
    checkName(name, `makeModel: ${what}[${i}].name`);
    const at = `makeModel: ${what}[${i}] ('${printable(name)}')`;
    const onnx = onnxFromDtype(type, `${at}.type`);
    if (dims == null && dimsRequired) throw new TypeError(`${at}.dims must be an array of dims (numbers, symbol names such as 'N', or null for an unknown dim), got ${shown(dims)}`);
    return { name, type: onnx, dims: dims == null ? null : checkDimList(dims, `${at}.dims`, true) };
  });
}

// Initializers as { name: Tensor } or [{ name, tensor }] (what readTensorProto returns) ->
// [{ name, type, dims, bytes }], the data copied.
function initializerList(initializers) {
  let entries;
  if (Array.isArray(initializers)) {
    entries = Array.from(initializers, (e, i) => {
      if (!isRecord(e)) throw new TypeError(`makeModel: initializers[${i}] must be an object { name, tensor }, got ${shown(e)}`);
      const { name, tensor } = e;
      checkName(name, `makeModel: initializers[${i}].name`);
      return [name, tensor, `makeModel: initializers[${i}] ('${printable(name)}').tensor`];
    });
  } else if (isRecord(initializers)) {
    entries = Object.entries(initializers).map(([name, tensor]) => {
      checkName(name, 'makeModel: initializers: each name');
      return [name, tensor, `makeModel: initializers['${printable(name)}']`];
    });
  } else {
    throw new TypeError(`makeModel: initializers must be an object { name: Tensor } or an array of { name, tensor }, got ${shown(initializers)}`);
  }
  return entries.map(([name, t, at]) => {
    const { onnx, dims, bytes } = tensorFields(asTensor(t, at), at);
    return { name, type: onnx, dims, bytes };
  });
}

// opsetImports { domain: version } for the domains besides ai.onnx (whose opset is `opset`).
function importList(opsetImports) {
  if (!isPlainObject(opsetImports)) throw new TypeError(`makeModel: opsetImports must be an object { domain: version }, got ${shown(opsetImports)}`);
  return Object.entries(opsetImports).map(([domain, version]) => {
    if (canonical(domain) === ONNX_DOMAIN) throw new RangeError(`makeModel: opsetImports['${domain}']: the ai.onnx opset is given as \`opset\`, not in opsetImports`);
    checkInteger(version, `makeModel: opsetImports['${printable(domain)}']`, 1);  // keys are strings: '' is ai.onnx's
    return [domain, version];
  });
}

// The model spec -> serialized onnx.ModelProto bytes of one graph.
export function makeModel(spec) {
  if (!isPlainObject(spec)) throw new TypeError(`makeModel: expected { opset?, inputs, outputs, nodes, initializers?, opsetImports?, irVersion?, allowUnknownOps? }, got ${shown(spec)}`);
  const { opset = latestOpset(), inputs, outputs, nodes, initializers = {}, opsetImports = {}, irVersion = 8, allowUnknownOps = false } = spec;
  checkInteger(opset, 'makeModel: opset', 1, LATEST_OPSET);
  checkInteger(irVersion, 'makeModel: irVersion', 1);
  if (typeof allowUnknownOps !== 'boolean') throw new TypeError(`makeModel: allowUnknownOps must be a boolean, got ${shown(allowUnknownOps)}`);
  const imports = importList(opsetImports);
  const opsets = new Map([[ONNX_DOMAIN, opset], ...imports]);

  // Each value is produced once: by a graph input, an initializer or one node's output.
  const producer = new Map();
  const produce = (name, by, where) => {
    if (producer.has(name)) throw new RangeError(`${where}: '${printable(name)}' is already ${producer.get(name)} (a value is produced once: by a graph input, an initializer or one node output)`);
    producer.set(name, by);
  };
  const ins = valueInfos(inputs, 'inputs', true);
  ins.forEach((v, i) => produce(v.name, 'a graph input', `makeModel: inputs[${i}]`));
  const inits = initializerList(initializers);
  inits.forEach((t) => produce(t.name, 'an initializer', `makeModel: initializers['${printable(t.name)}']`));

  if (!Array.isArray(nodes)) throw new TypeError(`makeModel: nodes must be an array of { opType, inputs, outputs, attributes?, name?, domain? }, got ${shown(nodes)}`);
  const read = Array.from(nodes, (n, i) => readNode(n, `makeModel: nodes[${i}]`));
  const written = read.map((node, i) => {
    const { at } = node;
    const domain = canonical(node.domain);
    const domainOpset = opsets.get(domain);
    if (domainOpset === undefined) throw new RangeError(`${at}: the model has no opset for domain '${printable(domain)}'; pass opsetImports: { '${printable(domain)}': version }`);
    if (node.opset !== undefined && node.opset !== domainOpset) {
      throw new RangeError(`${at}: opset ${shown(node.opset)} differs from the model's opset ${domainOpset} for domain '${printable(domain)}' (a model has one opset per domain: leave the node's opset out)`);
    }
    node.inputs.forEach((name, k) => {
      if (name === '' || producer.has(name)) return;  // '' names an absent optional input
      const later = read.findIndex((n, j) => j > i && n.outputs.includes(name));
      throw new RangeError(`${at}: input ${k} '${printable(name)}' is used before it is defined: it is not a graph input, an initializer or an output of an earlier node${later !== -1 ? ` (nodes[${later}] produces it: list the nodes in the order they run)` : ''}`);
    });
    const bytes = writeNode(node, `makeModel: nodes[${i}]`, domainOpset, allowUnknownOps);
    const by = `an output of nodes[${i}] (${printable(node.opType)})`;
    node.outputs.forEach((name, k) => { if (name !== '') produce(name, by, `${at}: output ${k}`); });
    return bytes;
  });

  const outs = valueInfos(outputs, 'outputs', false);
  const listed = new Set();
  outs.forEach((v, i) => {
    const at = `makeModel: outputs[${i}] ('${printable(v.name)}')`;
    if (!producer.has(v.name)) throw new RangeError(`${at} is not produced by any node, graph input or initializer`);
    if (listed.has(v.name)) throw new RangeError(`${at} is listed twice`);
    listed.add(v.name);
  });
  const bytes = encodeModel({ opset, irVersion, nodes: written, inputs: ins, outputs: outs, initializers: inits, opsetImports: imports });
  checkTypeFlow(bytes, outs);
  return bytes;
}

// Types across nodes: the model's own shape inference (what inferModelShapes checks: each
// node's input types against its op, e.g. Add of float32 and int64) run on the bytes, its
// error in makeModel's name; then each declared output type against the one inferred.
function checkTypeFlow(bytes, outs) {
  const { values: inferred, diagnostics } = inferredInfos(bytes, 'makeModel', false);
  const invalid = diagnostics.find((d) => d.cause === 'invalid-node');
  if (invalid) failAs(invalid.kind, `makeModel: ${invalid.message}`);
  outs.forEach((v, i) => {  // (v.type: the ONNX element type; 0 inferred: unknown)
    const got = inferred[v.name]?.type ?? 0;
    if (got !== 0 && got !== v.type) {
      throw new TypeError(`makeModel: outputs[${i}] ('${printable(v.name)}') is declared ${dtypeNameFromOnnx(v.type)}, but the graph makes it ${dtypeNameFromOnnx(got)}`);
    }
  });
}
