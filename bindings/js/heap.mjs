// Wasm memory as JS sees it: views that survive memory growth, bytes copied in for one call,
// and the input arena that stages a run's input descriptors and data.
import { DTYPES } from './dtypes.mjs';
import { INPUT_SLOTS, wasm } from './module.mjs';
import { wasmAddress } from './tensor.mjs';

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

// Stages positional input tensors (null = omitted) and calls run(descPtr); the descriptor is
// per input the INPUT_SLOTS (present, ONNX type, rank, data pointer), then the dims (float64).
// The input at `unstaged` is described but its data is not copied (a streamed run sends it
// in pieces).
export function withInputs(tensors, run, unstaged = -1) {
  const m = wasm();
  const S = INPUT_SLOTS;
  let descLen = 0;
  let bytes = 0;
  for (let i = 0; i < tensors.length; ++i) {
    const t = tensors[i];
    descLen += S.slots + (t ? t.dims.length : 0);
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
  for (let i = 0; i < tensors.length; ++i, k += S.slots) {
    const t = tensors[i];
    if (!t) { desc.fill(0, k, k + S.slots); continue; }
    // 'wasm' tensors are read where they are; the others are copied in.
    const resident = t.location === 'wasm' ? wasmAddress(t, `inputs[${i}]`) : 0;
    const staged = i !== unstaged && !resident;
    // Elements copied through a view of their own kind (p is 16-byte aligned).
    const src = staged ? t.data : null;
    if (staged) heapView(src.constructor).set(src, p / src.BYTES_PER_ELEMENT);
    const dims = t.dims;
    desc[k + S.present] = 1;
    desc[k + S.type] = DTYPES[t.type].onnx;
    desc[k + S.rank] = dims.length;
    desc[k + S.data] = resident || (staged ? p : 0);
    for (let d = 0; d < dims.length; ++d) desc[k + S.slots + d] = dims[d];
    k += dims.length;
    if (staged) p += align(src.byteLength);
  }
  try {
    return run(arena);
  } finally {
    // Keep a small buffer for the next call; give a large one back.
    if (arenaSize > ARENA_KEEP) { m._free(arena); arena = 0; arenaSize = 0; }
  }
}
