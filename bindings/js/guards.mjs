// Guards the JS layer adds at run time: names from models (or callers) printed safely, and
// input Tensors whose buffers changed after they were validated.
import { isWasmTensor, wasmAddress } from './tensor.mjs';

const MAX_PRINTED_NAME = 64;  // as kMaxPrintedName in src/core/names.h

// A name as it appears in error messages: control characters, quotes and backslashes
// escaped, cut after 64 characters (as printable() in src/core/names.h).
export function printable(name) {
  const s = String(name);
  let out = '';
  const chars = Array.from(s);
  for (const c of chars.slice(0, MAX_PRINTED_NAME)) {
    const code = c.codePointAt(0);
    if (c === '\n') out += '\\n';
    else if (c === '\t') out += '\\t';
    else if (c === '\\' || c === "'" || c === '"') out += `\\${c}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += c;
  }
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
    if (typeof SharedArrayBuffer !== 'undefined' && t.data.buffer instanceof SharedArrayBuffer) {
      throw new TypeError(`${label(i)}: its data is on a SharedArrayBuffer, which other threads could change during the run; copy it into an ArrayBuffer first`);
    }
    if (t.data.length !== t.size) {
      throw new RangeError(`${label(i)}: its data has ${t.data.length} elements but its dims [${t.dims}] need ${t.size} (the buffer was detached or resized after the Tensor was made)`);
    }
  }
}
