// The engine's own accessors of TypedArrays and ArrayBuffers, saved when the package loads.
// Everything the package reads of a caller's array or buffer (its length, byte length and
// offset, its buffer, its kind, whether that buffer is shared) goes through these: a genuine
// Float32Array may still carry own properties (`length`, `buffer`, `subarray`, ...) or a
// changed prototype, and those run or claim whatever the caller wants. The getters read the
// array's internal slots, run no code of the caller's and cost what a property read costs.
// Methods that create arrays (subarray, slice) are never called on a caller's array: they
// consult its `constructor` (species); views are made here with `new Uint8Array(...)`.
const TYPED = Object.getPrototypeOf(Uint8Array.prototype);
// f as a plain function of its receiver: f.call bound once, so a later change of
// Function.prototype.call reaches nothing here either.
const uncurry = (f) => Function.prototype.call.bind(f);
const getter = (proto, key) => uncurry(Object.getOwnPropertyDescriptor(proto, key).get);

export const protoOf = Object.getPrototypeOf;
export const isView = ArrayBuffer.isView;
// The name of a TypedArray's class ('Float32Array', ...); undefined for anything else.
export const kindOf = getter(TYPED, Symbol.toStringTag);
export const lengthOf = getter(TYPED, 'length');
export const byteLengthOf = getter(TYPED, 'byteLength');
export const byteOffsetOf = getter(TYPED, 'byteOffset');
export const bufferOf = getter(TYPED, 'buffer');
const arrayBufferBytes = getter(ArrayBuffer.prototype, 'byteLength');

// True for a genuine TypedArray (a Proxy or a DataView is not one).
export function isTypedArray(x) {
  return isView(x) && kindOf(x) !== undefined;
}

// True for a genuine TypedArray of exactly the class Kind: not a subclass (whose methods and
// constructor are the caller's), not a Proxy.
export function isArrayOf(x, Kind) {
  return isView(x) && protoOf(x) === Kind.prototype && kindOf(x) === Kind.name;
}

// True for a SharedArrayBuffer, told by the engine (ArrayBuffer's byteLength getter refuses a
// shared one), not by the buffer's prototype, which the caller may have set.
export function isSharedBuffer(buffer) {
  try {
    arrayBufferBytes(buffer);
    return false;
  } catch {
    return true;
  }
}

// True for a genuine, non-shared ArrayBuffer.
export function isArrayBuffer(x) {
  if (x === null || typeof x !== 'object' || isView(x)) return false;
  try {
    arrayBufferBytes(x);
    return true;
  } catch {
    return false;
  }
}

// The byte length of a genuine ArrayBuffer (0 once it is detached).
export const arrayBufferLength = arrayBufferBytes;

// True when a view's buffer was detached (transferred, or wasm memory that grew): making a
// view over it fails. Only for error paths (it may throw and catch).
export function isDetached(view) {
  try {
    const b = bufferOf(view);
    return !isSharedBuffer(b) && arrayBufferBytes(b) === 0 && (new Uint8Array(b, 0, 0), false);
  } catch {
    return true;
  }
}

// A Uint8Array of the package's own over the bytes of the TypedArray x, read intrinsically.
export function bytesOf(x) {
  return new Uint8Array(bufferOf(x), byteOffsetOf(x), byteLengthOf(x));
}
