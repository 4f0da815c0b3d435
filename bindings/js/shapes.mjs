// Shape inference from JS: input infos in, {type, dims} out.
//   info: { type: dtype name, dims: (number|string|null)[] | null, value?: (number|bigint|string)[] }
//   dims: a number, a symbol ('N') or null (unknown dim); dims null or omitted: unknown rank.
import { dtypeNameFromOnnx, onnxFromShapeType } from './dtypes.mjs';
import { asBytes, withBytes } from './heap.mjs';
import { setEntry } from './guards.mjs';
import { errorClassName, fail, wasm } from './module.mjs';

// Dims as the wasm side takes them (bigints as numbers), or a TypeError/RangeError naming `what`.
export function checkDimList(list, what, allowNull) {
  if (!Array.isArray(list)) throw new TypeError(`${what} must be an array`);
  return list.map((d, i) => {
    if (typeof d === 'bigint') d = Number(d);
    if (typeof d === 'number') {
      if (!Number.isSafeInteger(d) || (allowNull && d < 0)) throw new RangeError(`${what}[${i}] must be a ${allowNull ? 'non-negative ' : ''}safe integer, got ${d}`);
      return d;
    }
    if (typeof d === 'string' && d.length > 0) return d;
    if (allowNull && d === null) return null;
    throw new TypeError(`${what}[${i}] must be a number${allowNull ? ', a symbol name or null' : ' or a symbol name'}, got ${String(d)}`);
  });
}

// The wasm form of one info ({type: ONNX number, dims, value}), or null.
export function toWasmInfo(info, what) {
  if (info == null) return null;
  if (typeof info !== 'object') throw new TypeError(`${what} must be an object {type, dims, value?} or null`);
  // Each field read once.
  const { type: dtype, dims: givenDims, value } = info;
  const type = dtype === undefined ? 0 : onnxFromShapeType(dtype, what);
  const dims = givenDims == null ? null : checkDimList(Array.isArray(givenDims) ? Array.from(givenDims) : givenDims, `${what}.dims`, true);
  const out = { type, dims };
  if (value != null) out.value = checkDimList(Array.from(value), `${what}.value`, false);
  return out;
}

// A tensor's { type, dims }; a sequence or optional adds kind and element (the info inside it),
// its type and dims those of the innermost tensor, so code reading tensors reads the elements.
export function fromWasmInfo(info) {
  const out = { type: dtypeNameFromOnnx(info.type), dims: info.dims };
  if (info.kind !== undefined) {
    out.kind = info.kind;
    out.element = fromWasmInfo(info.element);
  }
  return out;
}

// Every value of a serialized ModelProto's graph: { [valueName]: { type, dims } } (a sequence or
// optional: { kind, element, type, dims }, as fromWasmInfo), with two
// more properties that are not enumerated (so code that walks the values sees only values):
// `diagnostics`, the nodes inference could not infer or whose declaration it contradicts, and
// `graph`, every value once in graph order with its role. A value named 'diagnostics' or
// 'graph' keeps its name; the property is then not added. options.strict: throw the first
// invalid node or contradicted declaration instead (ops without a shape function are still
// only reported).
export function inferModelShapes(modelBytes, options) {
  const strict = readStrict(options);
  const result = inferredInfos(asBytes(modelBytes, 'inferModelShapes: modelBytes'), 'inferModelShapes', strict);
  const out = {};  // keyed by the model's names, each an own property ('__proto__' too)
  for (const [name, info] of Object.entries(result.values)) setEntry(out, name, fromWasmInfo(info));
  const graph = result.order.map(([name, role]) => ({ name, role, ...out[name] }));
  const diagnostics = result.diagnostics.map((d) => ({
    nodeIndex: d.nodeIndex, nodeName: d.nodeName, opType: d.opType, domain: d.domain, cause: d.cause,
    errorClass: errorClassName(d.kind), message: d.message,
  }));
  for (const [key, value] of [['diagnostics', diagnostics], ['graph', graph]]) {
    if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value, enumerable: false });
  }
  return out;
}

function readStrict(options) {
  if (options === undefined || options === null) return false;
  if (typeof options !== 'object') throw new TypeError('inferModelShapes: options must be an object { strict? } or undefined');
  const { strict } = options;
  if (strict === undefined) return false;
  if (typeof strict !== 'boolean') throw new TypeError(`inferModelShapes: options.strict must be a boolean, got ${typeof strict}`);
  return strict;
}

// The wasm side's shape inference of model bytes (a genuine Uint8Array): { values: { [valueName]:
// wasm info }, order, diagnostics }, or its error thrown in the name of `where` (the API function).
export function inferredInfos(bytes, where, strict) {
  const m = wasm();
  const result = withBytes(bytes, (ptr, n) => m.inferModelShapes(ptr, n, strict), where);
  if (result === null) fail(where);
  return result;
}
