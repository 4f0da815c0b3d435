// The loaded wasm module and the moves of tensors between JS and wasm memory.
import { DTYPES, dtypeFromOnnx } from './dtypes.mjs';
import { lastError } from './errors.mjs';
import { Tensor, trustedTensor } from './tensor.mjs';
import { makeWasmTensor, wasmAddress } from './wasm-tensor.mjs';

let mod = null;
let loading = null;
let readResource = null;

// Loads the wasm module once (load() returns the instantiated module); later calls share it.
export function initWith(load, reader) {
  readResource = reader;
  if (mod) return Promise.resolve();
  if (!loading) {
    loading = Promise.resolve()
      .then(load)
      .then(
        (m) => { mod = m; },
        (e) => { loading = null; throw e; },
      );
  }
  return loading;
}

// The Emscripten module, its wasm compiled and instantiated by `instantiate(imports)` (a
// promise of { instance, module }) in the glue's instantiateWasm hook instead of by the glue's
// own loader, so a failure rejects with instantiate's own error (the glue would log and abort).
export function createWithLoader(createModule, instantiate) {
  return new Promise((resolve, reject) => {
    createModule({
      instantiateWasm(imports, receiveInstance) {
        instantiate(imports).then(({ instance, module }) => receiveInstance(instance, module), reject);
        return {};
      },
    }).then(resolve, reject);
  });
}

export function wasm() {
  if (!mod) throw new Error('onnx-reduce-wasm: call `await init()` before using the API');
  return mod;
}

// Reads a model given as a path or URL (entry-specific: fs in Node, fetch in browsers).
export function readModelResource(where) {
  if (!readResource) throw new Error('onnx-reduce-wasm: call `await init()` before using the API');
  return readResource(where);
}

// Copies bytes into a wasm buffer for the duration of f(ptr).
export function withBytes(bytes, f) {
  const m = wasm();
  const ptr = m._malloc(Math.max(bytes.length, 1));
  try {
    m.HEAPU8.set(bytes, ptr);
    return f(ptr);
  } finally {
    m._free(ptr);
  }
}

// One reusable buffer for input descriptors and data: no malloc/free per call.
let arena = 0;
let arenaSize = 0;
const align = (n) => (n + 15) & ~15;
const ARENA_KEEP = 1 << 20;

// Views of wasm memory by TypedArray kind, re-created only when memory grows (creating views
// per call costs more than the copies of small tensors).
let viewsOf = null;
const views = new Map();
function heapView(Kind) {
  const buffer = wasm().HEAPU8.buffer;
  if (viewsOf !== buffer) { views.clear(); viewsOf = buffer; }
  let v = views.get(Kind);
  if (!v) { v = new Kind(buffer); views.set(Kind, v); }
  return v;
}

// Stages positional input tensors (null = omitted) and calls run(descPtr); the descriptor is
// per input: present, ONNX type, rank, data pointer, dims (float64). The input at `unstaged`
// is described but its data is not copied (a streamed run sends it in pieces).
export function withInputs(tensors, run, unstaged = -1) {
  const m = wasm();
  let descLen = 0;
  let bytes = 0;
  for (let i = 0; i < tensors.length; ++i) {
    const t = tensors[i];
    descLen += 4 + (t ? t.dims.length : 0);
    if (t && i !== unstaged && t.location !== 'wasm') bytes += align(t.data.byteLength);
  }
  const need = align(descLen * 8) + bytes;
  if (need > arenaSize) {
    if (arena) m._free(arena);
    arenaSize = Math.max(need, arenaSize * 2, 4096);
    arena = m._malloc(arenaSize);
    if (!arena) { arenaSize = 0; throw new RangeError(`cannot allocate ${need} bytes of wasm memory for the inputs`); }
  }
  const desc = heapView(Float64Array);
  let k = arena / 8;
  let p = arena + align(descLen * 8);
  for (let i = 0; i < tensors.length; ++i) {
    const t = tensors[i];
    if (!t) { desc[k++] = 0; desc[k++] = 0; desc[k++] = 0; desc[k++] = 0; continue; }
    // 'wasm' tensors are read where they are; the others are copied in.
    const resident = t.location === 'wasm' ? wasmAddress(t, `inputs[${i}]`) : 0;
    const staged = i !== unstaged && !resident;
    // Elements copied through a view of their own kind (p is 16-byte aligned).
    const src = staged ? t.data : null;
    if (staged) heapView(src.constructor).set(src, p / src.BYTES_PER_ELEMENT);
    desc[k++] = 1;
    desc[k++] = DTYPES[t.type].onnx;
    desc[k++] = t.dims.length;
    desc[k++] = resident || (staged ? p : 0);
    for (const d of t.dims) desc[k++] = d;
    if (staged) p += align(src.byteLength);
  }
  try {
    return run(arena);
  } finally {
    // Keep a small buffer for the next call; give a large one back.
    if (arenaSize > ARENA_KEEP) { m._free(arena); arena = 0; arenaSize = 0; }
  }
}

// Inputs this large are streamed when the run allows it: copied into wasm memory one
// cache-sized piece at a time, each processed while it is still in cache; nothing of the
// input's size is held in wasm memory, and a scan's output comes out piece by piece too.
const STREAM_MIN_BYTES = 1 << 20;

// Runs with input 0 streamed; begin(descPtr) starts the run on the wasm side and returns 1
// (started), 2 (this run cannot stream) or 0 (error). Returns the outputs, or null when the
// run did not stream.
export function runStreamed(tensors, begin) {
  const first = tensors[0];
  if (!first || first.location === 'wasm' || first.data.byteLength < STREAM_MIN_BYTES) return null;
  const m = wasm();
  const status = withInputs(tensors, begin, 0);
  if (status === 2) return null;
  if (status !== 1) fail();
  const Data = first.data.constructor;
  const src = new Uint8Array(first.data.buffer, first.data.byteOffset, first.data.byteLength);
  const elementBytes = first.data.BYTES_PER_ELEMENT;
  const out = m._orw_stream_output_in_pieces() ? new Data(first.data.length) : null;
  for (let n; (n = m._orw_stream_next()) > 0;) {
    const offset = m._orw_stream_offset();
    m.HEAPU8.set(src.subarray(offset * elementBytes, (offset + n) * elementBytes), m._orw_stream_in());
    if (!m._orw_stream_feed()) fail();
    if (out) out.set(new Data(m.HEAPU8.buffer, m._orw_stream_out(), n), offset);
  }
  if (!m._orw_stream_end()) fail();
  return out ? [trustedTensor(first.type, out, [...first.dims])] : takeOutputs();
}

// The outputs of the last run, then frees the wasm side's hold on them. Each is copied out as
// a fresh Tensor, or kept in wasm memory (keep(i) true: a 'wasm' tensor), or written to the
// preallocated into[i] (type and dims must match; `where` names the run in errors). The wasm
// side describes them in one float64 block (orw_output_desc): count, then per output type,
// rank, data pointer, byte size, dims.
export function takeOutputs(keep = null, into = null, where = 'run') {
  if (!keep && !into) return copyOutputs();
  const m = wasm();
  const outputs = [];
  try {
    const f64 = new Float64Array(m.HEAPU8.buffer, m._orw_output_desc());
    const count = f64[0];
    const descs = new Array(count);
    for (let i = 0, k = 1; i < count; ++i) {
      const rank = f64[k + 1];
      descs[i] = { type: dtypeFromOnnx(f64[k]), ptr: f64[k + 2], byteSize: f64[k + 3], dims: Array.from(f64.subarray(k + 4, k + 4 + rank)) };
      k += 4 + rank;
    }
    // Keeping an output allocates, which may grow memory: views are made afresh each time.
    for (let i = 0; i < count; ++i) {
      const { type, ptr, byteSize, dims } = descs[i];
      if (into?.[i]) outputs.push(writeInto(into[i], type, dims, ptr, byteSize, `${where}: outputs[${i}]`));
      else if (keep?.(i)) outputs.push(makeWasmTensor(type, dims, m._orw_tensor_hold_output(i)));
      else outputs.push(trustedTensor(type, new DTYPES[type].array(m.HEAPU8.buffer.slice(ptr, ptr + byteSize)), dims));
    }
    return outputs;
  } catch (e) {
    for (const t of outputs) if (!into?.includes(t)) t.dispose();
    throw e;
  } finally {
    m._orw_release_outputs();
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
    into = options.outputs;
    if (!Array.isArray(into)) throw new TypeError(`${where}: options.outputs must be an array of preallocated Tensors (null for a fresh one)`);
    if (into.length > count) throw new RangeError(`${where}: options.outputs has ${into.length} entries, the run has ${count} outputs`);
    into.forEach((t, i) => {
      if (t == null) return;
      if (!(t instanceof Tensor)) throw new TypeError(`${where}: options.outputs[${i}] is not a Tensor of this package (use Tensor.allocate or new Tensor)`);
      if (t.location === 'wasm') wasmAddress(t, `${where}: options.outputs[${i}]`);
    });
  }
  return { keep, into };
}

// takeOutputs when every output is copied out (the common case, kept lean for small tensors).
function copyOutputs() {
  const m = wasm();
  try {
    const f64 = heapView(Float64Array);
    const heap = f64.buffer;
    let k = m._orw_output_desc() / 8;
    const count = f64[k++];
    const outputs = new Array(count);
    for (let i = 0; i < count; ++i) {
      const type = dtypeFromOnnx(f64[k]);
      const rank = f64[k + 1];
      const ptr = f64[k + 2];
      const byteSize = f64[k + 3];
      const dims = new Array(rank);
      for (let d = 0; d < rank; ++d) dims[d] = f64[k + 4 + d];
      k += 4 + rank;
      outputs[i] = trustedTensor(type, new DTYPES[type].array(heap.slice(ptr, ptr + byteSize)), dims);
    }
    return outputs;
  } finally {
    m._orw_release_outputs();
  }
}

// Copies an output (at ptr in wasm memory) into the preallocated tensor t; returns t.
function writeInto(t, type, dims, ptr, byteSize, what) {
  if (t.type !== type) throw new TypeError(`${what}: the output is ${type}, the preallocated tensor ${t.type}`);
  if (t.dims.length !== dims.length || t.dims.some((d, j) => d !== dims[j])) {
    throw new RangeError(`${what}: the output has dims [${dims}], the preallocated tensor [${t.dims}]`);
  }
  const m = wasm();
  if (t.location === 'wasm') {
    const dst = wasmAddress(t, what);
    if (dst !== ptr) m.HEAPU8.copyWithin(dst, ptr, ptr + byteSize);
  } else {
    const d = t.data;
    new Uint8Array(d.buffer, d.byteOffset, d.byteLength).set(m.HEAPU8.subarray(ptr, ptr + byteSize));
  }
  return t;
}

// Throws the JS error for the last failed wasm call.
export function fail() {
  throw lastError(wasm());
}
