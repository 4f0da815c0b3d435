// The loaded wasm module and the moves of tensors between JS and wasm memory.
import { DTYPES, dtypeFromOnnx } from './dtypes.mjs';
import { lastError } from './errors.mjs';
import { trustedTensor } from './tensor.mjs';

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
    if (t && i !== unstaged) bytes += align(t.data.byteLength);
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
    const src = t.data;
    const staged = i !== unstaged;
    // Elements copied through a view of their own kind (p is 16-byte aligned).
    if (staged) heapView(src.constructor).set(src, p / src.BYTES_PER_ELEMENT);
    desc[k++] = 1;
    desc[k++] = DTYPES[t.type].onnx;
    desc[k++] = t.dims.length;
    desc[k++] = staged ? p : 0;
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
  if (!first || first.data.byteLength < STREAM_MIN_BYTES) return null;
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

// Copies the outputs of the last run out of wasm memory as fresh Tensors, then frees them.
// The wasm side describes them in one float64 block (orw_output_desc): count, then per
// output type, rank, data pointer, byte size, dims.
export function takeOutputs() {
  const m = wasm();
  try {
    const heap = m.HEAPU8.buffer;
    const f64 = new Float64Array(heap, m._orw_output_desc());
    const count = f64[0];
    let k = 1;
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

// Throws the JS error for the last failed wasm call.
export function fail() {
  throw lastError(wasm());
}
