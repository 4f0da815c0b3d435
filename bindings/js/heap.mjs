// Wasm memory as JS sees it: views that survive memory growth, bytes copied in for one call,
// and the input arena that stages a run's input descriptors and data.
import { DTYPES } from './dtypes.mjs';
import { begin, end, exclusive, INPUT_SLOTS, wasm } from './module.mjs';
import { arrayBufferLength, bufferOf, byteLengthOf, byteOffsetOf, isArrayBuffer, isTypedArray, kindOf, lengthOf, protoOf } from './intrinsics.mjs';
import { isWasmTensor, wasmAddress } from './tensor.mjs';

// Views of wasm memory by TypedArray kind, re-created only when memory grows (creating views
// per call costs more than the copies of small tensors).
let viewsOf = null;
const views = new Map();
export function heapView(Kind) {
  const buffer = wasm().HEAPU8.buffer;
  if (viewsOf !== buffer) { views.clear(); viewsOf = buffer; }
  let v = views.get(Kind);
  if (!v) { v = new Kind(buffer); views.set(Kind, v); }
  return v;
}

// `bytes` (a Uint8Array, Buffer included, or an ArrayBuffer) as a Uint8Array of the package's
// own over the same memory, read through the engine's accessors (intrinsics.mjs): a Buffer, a
// subclass or an array with own `length` or `subarray` properties claims nothing here. A
// TypeError naming `what` for anything else (a Proxy is not a Uint8Array).
export function asBytes(bytes, what) {
  if (isTypedArray(bytes) && kindOf(bytes) === 'Uint8Array') {
    return new Uint8Array(bufferOf(bytes), byteOffsetOf(bytes), byteLengthOf(bytes));
  }
  if (isArrayBuffer(bytes) && protoOf(bytes) === ArrayBuffer.prototype) return new Uint8Array(bytes, 0, arrayBufferLength(bytes));
  throw new TypeError(`${what} must be a Uint8Array or ArrayBuffer`);
}

// Copies bytes (a Uint8Array of the package's own: asBytes) into a wasm buffer for the duration
// of f(ptr, length); `where` names the call.
export function withBytes(bytes, f, where = '') {
  return exclusive(where, () => {
    const m = wasm();
    const n = lengthOf(bytes);
    const ptr = m._malloc(Math.max(n, 1));
    if (!ptr) throw new RangeError(`${where || 'onnx-reduce-wasm'}: cannot allocate ${n} bytes of wasm memory (out of memory)`);
    try {
      m.HEAPU8.set(bytes, ptr);
      return f(ptr, n);
    } finally {
      m._free(ptr);
    }
  });
}

// One reusable buffer for input descriptors and data: no malloc/free per call.
let arena = 0;
let arenaSize = 0;
const align = (n) => (n + 15) & ~15;
const ARENA_KEEP = 1 << 20;

// Stages positional input tensors (a snapshot: snapshotInputs; null = omitted) and calls
// run(descPtr), as the one call in progress (`where` names it); the descriptor is per input
// the INPUT_SLOTS (present, ONNX type, rank, data pointer), then the dims (float64). The
// input at `unstaged` is described but its data is not copied (a streamed run sends it in
// pieces).
export function withInputs(tensors, run, unstaged = -1, where = 'run') {
  begin(where);
  try {
    return stageAndRun(tensors, run, unstaged, where);
  } finally {
    end();
  }
}

function stageAndRun(tensors, run, unstaged, where) {
  const m = wasm();
  const S = INPUT_SLOTS;
  let descLen = 0;
  let bytes = 0;
  for (let i = 0; i < tensors.length; ++i) {
    const t = tensors[i];
    descLen += S.slots + (t ? t.dims.length : 0);
    if (t && i !== unstaged && !isWasmTensor(t)) bytes += align(byteLengthOf(t.data));
  }
  const need = align(descLen * 8) + bytes;
  if (need > arenaSize) {
    if (arena) m._free(arena);
    arenaSize = Math.max(need, arenaSize * 2, 4096);
    arena = m._malloc(arenaSize);
    if (!arena) { arenaSize = 0; throw new RangeError(`${where}: cannot allocate ${need} bytes of wasm memory for the inputs (out of memory)`); }
  }
  const desc = heapView(Float64Array);
  let k = arena / 8;
  let p = arena + align(descLen * 8);
  for (let i = 0; i < tensors.length; ++i, k += S.slots) {
    const t = tensors[i];
    if (!t) { desc.fill(0, k, k + S.slots); continue; }
    // 'wasm' tensors are read where they are; the others are copied in.
    const resident = isWasmTensor(t) ? wasmAddress(t, `${where}: inputs[${i}]`) : 0;
    const staged = i !== unstaged && !resident;
    const src = staged ? t.data : null;
    const srcBytes = staged ? byteLengthOf(src) : 0;
    // A 'cpu' tensor over a view of wasm memory is detached when the arena grows memory.
    if (staged && lengthOf(src) !== t.size) {
      throw new RangeError(`${where}: inputs[${i}]: its data was detached while the inputs were staged (a view of wasm memory, which grew): copy it (data.slice()) first`);
    }
    // Elements copied through a view of their own kind (p is 16-byte aligned; set() reads the
    // source's internal slots, not its properties); nothing to copy for an empty tensor (whose
    // buffer may even be detached).
    const Kind = DTYPES[t.type].array;
    if (srcBytes) heapView(Kind).set(src, p / Kind.BYTES_PER_ELEMENT);
    const dims = t.dims;
    desc[k + S.present] = 1;
    desc[k + S.type] = DTYPES[t.type].onnx;
    desc[k + S.rank] = dims.length;
    desc[k + S.data] = resident || (staged ? p : 0);
    for (let d = 0; d < dims.length; ++d) desc[k + S.slots + d] = dims[d];
    k += dims.length;
    if (staged) p += align(srcBytes);
  }
  try {
    return run(arena);
  } finally {
    // Keep a small buffer for the next call; give a large one back.
    if (arenaSize > ARENA_KEEP) { m._free(arena); arena = 0; arenaSize = 0; }
  }
}
