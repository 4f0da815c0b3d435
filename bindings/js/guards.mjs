// Guards the JS layer adds at run time: names from models (or callers) printed safely, and
// input Tensors whose buffers changed after they were validated.
import { escapeChar } from './escape.mjs';
import { bufferOf, isSharedBuffer, lengthOf } from './intrinsics.mjs';
import { isWasmTensor, wasmAddress } from './tensor.mjs';

const MAX_PRINTED_NAME = 64;  // as kMaxPrintedName in src/core/names.h

// obj[key] = value as an own data property for every key: a key named by a model or a caller
// that is '__proto__' would otherwise call the prototype's setter (and vanish from the object).
export function setEntry(obj, key, value) {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

// A name as it appears in error messages: control characters, quotes and backslashes
// escaped, cut after 64 characters (as printable() in src/core/names.h).
export function printable(name) {
  const s = String(name);
  let out = '';
  const chars = Array.from(s);
  for (const c of chars.slice(0, MAX_PRINTED_NAME)) out += escapeChar(c, '\'"');
  return chars.length > MAX_PRINTED_NAME ? `${out}...(${chars.length} characters)` : out;
}

// Checks each input Tensor (null = omitted) just before its data is copied into wasm memory:
// its buffer must not have been detached or resized since the Tensor was made (the data
// would no longer match its dims), nor be shared with other threads (which could change it
// while it is read). label(i) names input i in messages.
export function checkInputBuffers(tensors, label) {
  for (let i = 0; i < tensors.length; ++i) {
    const t = tensors[i];
    if (!t) continue;
    // Tensors in wasm memory are the package's own: their views are re-made on every use; a
    // disposed one is refused here, naming the input.
    if (isWasmTensor(t)) { wasmAddress(t, label(i)); continue; }
    // Read through the engine's accessors: the data's own properties claim nothing.
    const data = t.data;
    if (isSharedBuffer(bufferOf(data))) {
      throw new TypeError(`${label(i)}: its data is on a SharedArrayBuffer, which other threads could change during the run; copy it into an ArrayBuffer first`);
    }
    const length = lengthOf(data);
    if (length !== t.size) {
      throw new RangeError(`${label(i)}: its data has ${length} elements but its dims [${t.dims}] need ${t.size} (the buffer was detached or resized after the Tensor was made)`);
    }
  }
}
