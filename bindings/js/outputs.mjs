// The outputs of a run, as the wasm side describes them (orw_output_desc: their count, then
// per output the OUTPUT_SLOTS (ONNX type, rank, data pointer, byte size) and the dims, float64),
// copied out as fresh Tensors, kept in wasm memory, or written to preallocated ones.
import { DTYPES, dtypeFromOnnx } from './dtypes.mjs';
import { heapView } from './heap.mjs';
import { fail, OUTPUT_SLOTS, wasm } from './module.mjs';
import { isTensor, isWasmTensor, makeWasmTensor, trustedTensor, wasmAddress } from './tensor.mjs';

// The outputs' descriptors: [{ type, ptr, byteSize, dims }].
function describeOutputs(m) {
  const S = OUTPUT_SLOTS;
  const f64 = heapView(Float64Array);
  let k = m._orw_output_desc() / 8;
  const count = f64[k++];
  const descs = new Array(count);
  for (let i = 0; i < count; ++i) {
    const rank = f64[k + S.rank];
    const dims = new Array(rank);
    for (let d = 0; d < rank; ++d) dims[d] = f64[k + S.slots + d];
    descs[i] = { type: dtypeFromOnnx(f64[k + S.type]), ptr: f64[k + S.data], byteSize: f64[k + S.bytes], dims };
    k += S.slots + rank;
  }
  return descs;
}

// The outputs of the last run, then frees the wasm side's hold on them. Each is copied out as
// a fresh Tensor, or kept in wasm memory (keep(i) true: a 'wasm' tensor), or written to the
// preallocated into[i] (type and dims must match; `where` names the run in errors).
export function takeOutputs(keep = null, into = null, where = 'run') {
  const m = wasm();
  const outputs = [];
  try {
    const descs = describeOutputs(m);
    // Keeping an output allocates, which may grow memory: m.HEAPU8 is read afresh each time.
    // A copy made by the view's slice() has an ArrayBuffer of its own, also when wasm memory
    // is a SharedArrayBuffer (the threaded build), whose own slice() would be shared too.
    for (let i = 0; i < descs.length; ++i) {
      const { type, ptr, byteSize, dims } = descs[i];
      if (into?.[i]) outputs.push(writeInto(into[i], type, dims, ptr, byteSize, `${where}: outputs[${i}]`));
      else if (keep?.(i)) outputs.push(makeWasmTensor(type, dims, holdOutput(m, i, where)));
      else outputs.push(trustedTensor(type, new DTYPES[type].array(m.HEAPU8.slice(ptr, ptr + byteSize).buffer), dims));
    }
    return outputs;
  } catch (e) {
    for (const t of outputs) if (!into?.includes(t)) t.dispose();
    throw e;
  } finally {
    m._orw_release_outputs();
  }
}

// A handle on output i (a copy when the output views memory the module does not own, which
// may fail for want of memory).
function holdOutput(m, i, where) {
  const handle = m._orw_tensor_hold_output(i);
  if (!handle) fail(where);
  return handle;
}

const LOCATIONS = ['cpu', 'wasm'];

// Checks a preferred output location; `what` names it in errors.
export function checkLocation(loc, what) {
  if (!LOCATIONS.includes(loc)) throw new TypeError(`${what} must be 'cpu' or 'wasm', got ${JSON.stringify(String(loc))}`);
  return loc;
}

// The run options { preferredOutputLocation?: 'cpu'|'wasm', outputs?: (Tensor|null)[] } as
// takeOutputs' keep and into (null when unused), for a run of `count` outputs.
// `keepDefault(i)` is the location when the options do not say (e.g. a session's default).
export function runOptions(options, count, where, keepDefault = null) {
  if (options === undefined || options === null) return { keep: keepDefault, into: null };
  if (typeof options !== 'object' || Array.isArray(options)) throw new TypeError(`${where}: options must be an object { preferredOutputLocation?, outputs? }`);
  let keep = keepDefault;
  if (options.preferredOutputLocation !== undefined) {
    const wanted = checkLocation(options.preferredOutputLocation, `${where}: options.preferredOutputLocation`) === 'wasm';
    keep = wanted ? () => true : null;
  }
  let into = null;
  if (options.outputs !== undefined) {
    const given = options.outputs;
    if (!Array.isArray(given)) throw new TypeError(`${where}: options.outputs must be an array of preallocated Tensors (null for a fresh one)`);
    // A snapshot: each entry read once, the run writes to what was checked here.
    into = Array.from(given, (t) => t ?? null);
    if (into.length > count) throw new RangeError(`${where}: options.outputs has ${into.length} entries, the run has ${count} outputs`);
    into.forEach((t, i) => {
      if (t === null) return;
      if (!isTensor(t)) throw new TypeError(`${where}: options.outputs[${i}] is not a Tensor of this package (use Tensor.allocate or new Tensor)`);
      if (isWasmTensor(t)) wasmAddress(t, `${where}: options.outputs[${i}]`);
      else checkPreallocated(t, `${where}: options.outputs[${i}]`);
    });
  }
  return { keep, into };
}

// A preallocated 'cpu' tensor whose buffer was detached or resized since it was made.
function checkPreallocated(t, what) {
  if (t.data.length !== t.size) {
    throw new RangeError(`${what}: the preallocated tensor's data has ${t.data.length} elements but its dims [${t.dims}] need ${t.size} (the buffer was detached or resized after the Tensor was made)`);
  }
}

// Copies an output (at ptr in wasm memory) into the preallocated tensor t; returns t.
function writeInto(t, type, dims, ptr, byteSize, what) {
  if (t.type !== type) throw new TypeError(`${what}: the output is ${type}, the preallocated tensor ${t.type}`);
  if (t.dims.length !== dims.length || t.dims.some((d, j) => d !== dims[j])) {
    throw new RangeError(`${what}: the output has dims [${dims}], the preallocated tensor [${t.dims}]`);
  }
  const m = wasm();
  if (isWasmTensor(t)) {
    const dst = wasmAddress(t, what);
    if (dst !== ptr) m.HEAPU8.copyWithin(dst, ptr, ptr + byteSize);
  } else if (byteSize) {
    checkPreallocated(t, what);
    const d = t.data;
    new Uint8Array(d.buffer, d.byteOffset, d.byteLength).set(m.HEAPU8.subarray(ptr, ptr + byteSize));
  }
  return t;
}
