// The outputs of a run, as the wasm side describes them (orw_output_desc: their count, then
// per output the OUTPUT_SLOTS (ONNX type, rank, data pointer, byte size) and the dims, float64),
// copied out as fresh Tensors, kept in wasm memory, or written to preallocated ones.
import { DTYPES, dtypeFromOnnx } from './dtypes.mjs';
import { heapView } from './heap.mjs';
import { OUTPUT_SLOTS, wasm } from './module.mjs';
import { bufferOf, byteLengthOf, byteOffsetOf, bytesOf, lengthOf } from './intrinsics.mjs';
import { asOwnOutput, isWasmTensor, makeWasmTensor, trustedTensor, wasmAddress } from './tensor.mjs';

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
// preallocated into[i] (type and dims must match). `where` names the call in errors, `label(i)`
// preallocated output i. All or nothing: every preallocated tensor is checked, and every kept or
// fresh output made, before the first byte of a caller's tensor is written; a failure leaves
// them all as they were.
export function takeOutputs(keep = null, into = null, where = 'run', label = (i) => `${where}: options.outputs[${i}]`) {
  const m = wasm();
  const outputs = [];
  try {
    const descs = describeOutputs(m);
    if (into) into.forEach((t, i) => t && checkInto(t, descs[i], label(i)));
    // Keeping an output allocates, which may grow memory: m.HEAPU8 is read afresh each time.
    // A copy made by the view's slice() has an ArrayBuffer of its own, also when wasm memory
    // is a SharedArrayBuffer (the threaded build), whose own slice() would be shared too.
    for (let i = 0; i < descs.length; ++i) {
      const { type, ptr, byteSize, dims } = descs[i];
      if (into?.[i]) outputs.push(into[i]);
      else if (keep?.(i)) outputs.push(makeWasmTensor(type, dims, m._orw_tensor_hold_output(i), `${where}: keeping outputs[${i}] in wasm memory`));
      else outputs.push(trustedTensor(type, new DTYPES[type].array(copyOut(m, ptr, byteSize, where)), dims));
    }
    if (into) into.forEach((t, i) => t && writeInto(t, descs[i], m));
    return outputs;
  } catch (e) {
    for (const t of outputs) if (!into?.includes(t)) t.dispose();
    throw e;
  } finally {
    m._orw_release_outputs();
  }
}

// A copy of an output's bytes in an ArrayBuffer of its own; JS memory running out is a
// RangeError naming the call, as wasm memory running out is.
function copyOut(m, ptr, byteSize, where) {
  try {
    return m.HEAPU8.slice(ptr, ptr + byteSize).buffer;
  } catch (e) {
    throw new RangeError(`${where}: cannot copy an output of ${byteSize} bytes out of wasm memory (${e.message})`);
  }
}

const LOCATIONS = ['cpu', 'wasm'];

// Checks a preferred output location; `what` names it in errors.
export function checkLocation(loc, what) {
  if (!LOCATIONS.includes(loc)) throw new TypeError(`${what} must be 'cpu' or 'wasm', got ${JSON.stringify(String(loc))}`);
  return loc;
}

// The run options { preferredOutputLocation?: 'cpu'|'wasm', outputs?: (Tensor|null)[] } as
// takeOutputs' keep and into (null when unused), for a run of `count` outputs.
// `keepDefault(i)` is the location when the options do not say (e.g. a session's default);
// `label(i)` names preallocated output i in errors (default: options.outputs[i]).
export function runOptions(options, count, where, keepDefault = null, label = (i) => `${where}: options.outputs[${i}]`) {
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
    // A snapshot: each entry read once (a subclass instance copied), the run writes to what was
    // checked here.
    into = Array.from(given, (t) => t ?? null);
    if (into.length > count) throw new RangeError(`${where}: options.outputs has ${into.length} entries, the run has ${count} outputs`);
    const spans = [];
    into.forEach((t, i) => {
      if (t === null) return;
      t = into[i] = asOwnOutput(t, label(i));
      if (!isWasmTensor(t)) checkPreallocated(t, label(i));
      const span = memoryOf(t, label(i));
      // Two outputs in one place: the second would overwrite the first (an output may share an
      // input's memory: the inputs are read before any output is written).
      const other = spans.findIndex((s) => s && s.buffer === span.buffer && s.start < span.end && span.start < s.end);
      if (other !== -1) throw new RangeError(`${label(i)} shares memory with ${label(other)} (the same tensor, or views of one buffer): each output needs memory of its own`);
      spans[i] = span;
    });
  }
  return { keep, into };
}

// The memory a preallocated output's data occupies: { buffer, start, end } (the buffer of wasm
// memory for 'wasm' tensors), read through the engine's accessors.
function memoryOf(t, what) {
  if (isWasmTensor(t)) {
    const start = wasmAddress(t, what);
    return { buffer: wasm().HEAPU8.buffer, start, end: start + Math.max(t.size, 1) * DTYPES[t.type].array.BYTES_PER_ELEMENT };
  }
  const start = byteOffsetOf(t.data);
  return { buffer: bufferOf(t.data), start, end: start + Math.max(byteLengthOf(t.data), 1) };
}

// A preallocated 'cpu' tensor whose buffer was detached or resized since it was made.
function checkPreallocated(t, what) {
  const length = lengthOf(t.data);
  if (length !== t.size) {
    throw new RangeError(`${what}: the preallocated tensor's data has ${length} elements but its dims [${t.dims}] need ${t.size} (the buffer was detached or resized after the Tensor was made)`);
  }
}

// Checks that output `desc` fits the preallocated tensor t (type, dims, a live buffer).
function checkInto(t, { type, dims }, what) {
  if (t.type !== type) throw new TypeError(`${what}: the output is ${type}, the preallocated tensor ${t.type}`);
  if (t.dims.length !== dims.length || t.dims.some((d, j) => d !== dims[j])) {
    throw new RangeError(`${what}: the output has dims [${dims}], the preallocated tensor [${t.dims}]`);
  }
  if (isWasmTensor(t)) wasmAddress(t, what);
  else checkPreallocated(t, what);
}

// Copies an output (at ptr in wasm memory) into the preallocated tensor t (checked: checkInto).
function writeInto(t, { ptr, byteSize }, m) {
  if (isWasmTensor(t)) {
    const dst = wasmAddress(t, 'run');
    if (dst !== ptr) m.HEAPU8.copyWithin(dst, ptr, ptr + byteSize);
  } else if (byteSize) {
    bytesOf(t.data).set(m.HEAPU8.subarray(ptr, ptr + byteSize));
  }
}

// The preallocated outputs the kernels may write in place (PlacedOutputs): only when one output
// is preallocated, and only a 'wasm' one (null: none). With two or more, the kernels could fill
// one before the other is found not to fit; their results are copied after every check instead.
export function placedOutputs(into) {
  let placed = null;
  for (const t of into) {
    if (!t) continue;
    if (placed || !isWasmTensor(t)) return null;
    placed = t;
  }
  return placed && into.map((t) => (t === placed ? t : null));
}
