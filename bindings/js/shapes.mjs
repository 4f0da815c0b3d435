// Shape inference from JS: input infos in, {type, dims} out.
//   info: { type: dtype name, dims: (number|string|null)[] | null, value?: (number|bigint|string)[] }
//   dims: a number, a symbol ('N') or null (unknown dim); dims null or omitted: unknown rank.
import { dtypeNameFromOnnx, onnxFromDtype } from './dtypes.mjs';
import { asBytes, withBytes } from './heap.mjs';
import { setEntry } from './guards.mjs';
import { fail, wasm } from './module.mjs';

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
  const type = dtype === undefined ? 0 : onnxFromDtype(dtype, what);
  const dims = givenDims == null ? null : checkDimList(Array.isArray(givenDims) ? Array.from(givenDims) : givenDims, `${what}.dims`, true);
  const out = { type, dims };
  if (value != null) out.value = checkDimList(Array.from(value), `${what}.value`, false);
  return out;
}

export function fromWasmInfo(info) {
  return { type: dtypeNameFromOnnx(info.type), dims: info.dims };
}

// Every value of a serialized ModelProto's graph: { [valueName]: { type, dims } }. Ops
// outside the package give { type: 'unknown', dims: null } without failing.
export function inferModelShapes(modelBytes) {
  const result = inferredInfos(asBytes(modelBytes, 'inferModelShapes: modelBytes'), 'inferModelShapes');
  const out = {};  // keyed by the model's names, each an own property ('__proto__' too)
  for (const [name, info] of Object.entries(result)) setEntry(out, name, fromWasmInfo(info));
  return out;
}

// The wasm side's shape inference of model bytes (a genuine Uint8Array): { [valueName]: wasm
// info }, or its error thrown in the name of `where` (the API function).
export function inferredInfos(bytes, where) {
  const m = wasm();
  const result = withBytes(bytes, (ptr, n) => m.inferModelShapes(ptr, n), where);
  if (result === null) fail(where);
  return result;
}
