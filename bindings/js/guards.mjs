// Guards the JS layer adds at run time: names from models (or callers) printed safely, and
// input Tensors whose buffers changed after they were validated.
import { escapeChar } from './escape.mjs';
import { bufferOf, isSharedBuffer, lengthOf } from './intrinsics.mjs';
import { maxPrintedName } from './module.mjs';
import { isWasmTensor, wasmAddress } from './tensor.mjs';

// obj[key] = value as an own data property for every key: a key named by a model or a caller
// that is '__proto__' would otherwise call the prototype's setter (and vanish from the object).
export function setEntry(obj, key, value) {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

// Bytes of a character (a code point; a lone surrogate counts as its 3-byte encoding) in UTF-8.
const utf8Length = (code) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

// A character as printable() in src/core/names.cc writes it: what escapeChar escapes, but a
// character outside ASCII (a C1 or bidirectional control) as its UTF-8 bytes, \xNN each.
function printedChar(c, code) {
  const escaped = escapeChar(c, '\'"');
  return code < 0x80 || escaped === c ? escaped
    : Array.from(new TextEncoder().encode(c), (b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
}

// A name as it appears in error messages, as the wasm side prints it (printable() in
// src/core/names.h): control characters, quotes and backslashes escaped; the characters that
// start within the first maxPrintedName() bytes of its UTF-8 kept, and when some are left out
// "...(<n> bytes)", n its UTF-8 length. So a name prints the same whichever side threw.
export function printable(name) {
  const s = String(name);
  const limit = maxPrintedName();
  let out = '';
  let bytes = 0;  // UTF-8 bytes before the next character
  let cut = false;
  for (const c of s) {
    const code = c.codePointAt(0);
    if (bytes < limit) out += printedChar(c, code);
    else cut = true;
    bytes += utf8Length(code);
  }
  return cut ? `${out}...(${bytes} bytes)` : out;
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
