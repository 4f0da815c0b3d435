// Tensor: a dtype name, a TypedArray of data and dims, as in onnxruntime-web; and the Tensors
// whose data lives in wasm memory (location 'wasm', below).
import { DTYPES, onnxFromDtype } from './dtypes.mjs';
import { numberToBfloat16Bits, numberToFloat16Bits } from './half.mjs';
import { byteOffsetOf, bufferOf, isArrayOf, isDetached, isView, kindOf, lengthOf, protoOf } from './intrinsics.mjs';
import { exclusive, fail, wasm } from './module.mjs';

// The dtype of each TypedArray kind, by the name the engine's tag gives (kindOf).
const ARRAY_TYPES = new Map([
  [Float32Array, 'float32'], [Float64Array, 'float64'], [Int8Array, 'int8'], [Uint8Array, 'uint8'],
  [Int16Array, 'int16'], [Uint16Array, 'uint16'], [Int32Array, 'int32'], [Uint32Array, 'uint32'],
  [BigInt64Array, 'int64'], [BigUint64Array, 'uint64'],
].map(([Kind, type]) => [Kind.name, type]));

// Every Tensor this package made is read as it is; a look-alike (Object.create(Tensor.prototype,
// ...)) is refused. The brand of a 'cpu' tensor is a private field the constructor sets (its
// check is one property lookup: a WeakSet of them cost a quarter of a small run's time) and
// its prototype, Tensor.prototype itself: an instance of a subclass has the brand too, but its
// accessors may answer differently at each read, so it is copied once (asTensor). A 'wasm'
// tensor is known by its entry in WASM_STATE.
let hasBrand;
let TENSOR_PROTO;
// The constructor's first argument for parts the wasm side produced (already consistent):
// only this module holds it.
const TRUSTED = Symbol('trusted');
// The wasm side's hold on each 'wasm' tensor: { mod, handle, ptr, view }.
const WASM_STATE = new WeakMap();

export const isTensor = (t) => (hasBrand(t) && protoOf(t) === TENSOR_PROTO) || isWasmTensor(t);

// The range of each integer dtype given as plain numbers (int64/uint64 as BigInt).
const INT_RANGES = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1],
  int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n],
};

// Plain-array data, read once (values[i] each exactly once) into a fresh TypedArray; integer
// dtypes refuse what they cannot hold exactly (out of range, fractional, NaN).
function fromPlainArray(type, values) {
  const { array } = DTYPES[type];
  const n = values.length;
  const out = new array(n);
  const range = INT_RANGES[type];
  const big = type === 'int64' || type === 'uint64';
  const conv = type === 'float16' ? numberToFloat16Bits : type === 'bfloat16' ? numberToBfloat16Bits : null;
  const bad = (Err, i, v, why) => new Err(`Tensor: data[${i}] (${typeof v === 'bigint' ? `${v}n` : String(v)}) ${why} for type '${type}'`);
  for (let i = 0; i < n; ++i) {
    const v = values[i];
    if (type === 'bool') { out[i] = v ? 1 : 0; continue; }
    if (range) {
      if (typeof v === 'boolean') { out[i] = big ? BigInt(v) : Number(v); continue; }
      if (typeof v !== 'number' && typeof v !== 'bigint') throw bad(TypeError, i, v, 'is not a number');
      if (typeof v === 'number' && !Number.isInteger(v)) throw bad(RangeError, i, v, 'is not an integer');
      if (v < range[0] || v > range[1]) throw bad(RangeError, i, v, `is out of range [${range[0]}, ${range[1]}]`);
      out[i] = big ? BigInt(v) : Number(v);
      continue;
    }
    if (conv) {
      if (typeof v !== 'number') throw bad(TypeError, i, v, 'is not a number');
      out[i] = conv(v);
      continue;
    }
    if (typeof v !== 'number' && typeof v !== 'boolean') throw bad(TypeError, i, v, 'is not a number');
    out[i] = Number(v);
  }
  return out;
}

export function checkDims(dims) {
  if (!Array.isArray(dims) && !ArrayBuffer.isView(dims)) {
    throw new TypeError(`Tensor: dims must be an array of non-negative integers, got ${String(dims)}`);
  }
  let size = 1;
  Array.from(dims).forEach((d, i) => {
    if (!Number.isSafeInteger(d) || d < 0) throw new RangeError(`Tensor: dims[${i}] must be a non-negative safe integer, got ${String(d)}`);
    size *= d;
  });
  return size;
}

// Builds a Tensor from parts the wasm side produced (already consistent): no checks.
// A Node Buffer (a Uint8Array subclass, as onnxruntime-web takes for uint8 and bool data) as a
// plain Uint8Array over the same memory, made from the engine's own reads (intrinsics.mjs), so
// nothing the object claims about itself is used; any other value as it is.
function fromNodeBuffer(data) {
  const NodeBuffer = globalThis.Buffer;
  if (typeof NodeBuffer !== 'function' || kindOf(data) !== 'Uint8Array' || isArrayOf(data, Uint8Array)) return data;
  if (!(data instanceof NodeBuffer)) return data;
  return new Uint8Array(bufferOf(data), byteOffsetOf(data), lengthOf(data));
}

export function trustedTensor(type, data, dims) {
  return new Tensor(TRUSTED, type, data, dims);
}

// Made as a property's value so that V8's own messages name it ('#<Tensor>'): a minifier renames a
// class declaration (and keeping every name costs 1.2 KB gzipped), never a property key.
export const { Tensor } = { Tensor: class {
  #genuine = true;
  static {
    hasBrand = (t) => t !== null && typeof t === 'object' && #genuine in t;
    TENSOR_PROTO = this.prototype;
  }
  // new Tensor(type, data, dims?) or, as in ORT-web, new Tensor(typedArray, dims?).
  // type: 'float32'|'float64'|'float16'|'bfloat16'|'int8'|'uint8'|'int16'|'uint16'|'int32'|
  // 'uint32'|'int64'|'uint64'|'bool'. data: the matching TypedArray (int64: BigInt64Array,
  // uint64: BigUint64Array, float16: Uint16Array bits or Float16Array, bfloat16: Uint16Array
  // bits, bool: Uint8Array) or a plain array of values. dims defaults to [data.length].
  constructor(type, data, dims, trustedDims) {
    if (type === TRUSTED) {  // trustedTensor(type = data, data = dims, dims = trustedDims)
      this.type = data;
      this.data = dims;
      this.dims = Object.freeze(trustedDims);
      this.size = dims.length;
      Object.freeze(this);
      return;
    }
    if (typeof type !== 'string') [dims, data] = [data, type];
    data = fromNodeBuffer(data);
    if (typeof type !== 'string') {
      type = isView(data) ? ARRAY_TYPES.get(kindOf(data)) : undefined;
      if (type && !isArrayOf(data, DTYPES[type].array)) type = undefined;
      if (!type) throw new TypeError(`Tensor: cannot infer a type from ${Object.prototype.toString.call(data)}; pass the type first`);
    }
    const d = DTYPES[type];
    if (!d) onnxFromDtype(type, 'Tensor');  // throws: an unknown type, or one of shape inference only
    if (type === 'float16' && typeof Float16Array !== 'undefined' && isArrayOf(data, Float16Array)) {
      data = new Uint16Array(bufferOf(data), byteOffsetOf(data), lengthOf(data));
    } else if (Array.isArray(data)) {
      data = fromPlainArray(type, data);
    }
    if (!isArrayOf(data, d.array)) {
      // Named by the engine's own tag, never by the object's constructor (the caller's code).
      const got = isView(data) ? (kindOf(data) ?? 'DataView') : typeof data !== 'object' || data === null ? typeof data : Object.prototype.toString.call(data);
      throw new TypeError(`Tensor: type '${type}' needs a ${d.array.name}${type === 'float16' ? ' (bits) or Float16Array' : ''} or a plain array, got ${got}${isView(data) && kindOf(data) === d.array.name ? ' (a subclass is not accepted)' : ''}`);
    }
    // Every fact of the data read through the engine's accessors (intrinsics.mjs).
    const length = lengthOf(data);
    dims = dims === undefined ? [length] : Array.isArray(dims) || isView(dims) ? Array.from(dims) : dims;
    const size = checkDims(dims);
    if (size !== length) {
      if (length === 0 && isDetached(data)) {
        throw new RangeError(`Tensor: data is a detached view (its buffer was transferred, or it was a view of wasm memory, which grew): dims [${dims}] need ${size} elements; read tensor.data again after any call that may allocate`);
      }
      throw new RangeError(`Tensor: size mismatch: data has ${length} elements but dims [${dims}] need ${size}`);
    }
    this.type = type;
    this.data = data;
    this.dims = Object.freeze(dims);
    this.size = size;
    // Read-only, as in ORT-web: what was validated here is what the wasm side reads (the
    // elements themselves stay writable).
    Object.freeze(this);
  }

  // A zero-filled tensor whose data lives in wasm memory (location 'wasm'): runs read it, and
  // write preallocated outputs to it, with no copy. Free it with dispose().
  static allocate(type, dims) {
    return allocateWasmTensor(type, dims);
  }

  // Where the data is, as in onnxruntime-web: 'cpu' (a JS TypedArray) or 'wasm'.
  get location() { return 'cpu'; }

  // As in onnxruntime-web: the data (for 'wasm' tensors a copy), as a promise. releaseData
  // matters for 'wasm' tensors only.
  getData() {
    return Promise.resolve(this.data);
  }

  // Frees wasm memory ('wasm' tensors); nothing to do for 'cpu' ones (JS owns their data).
  dispose() {}

  // The same data with other dims (shared, not copied).
  reshape(dims) {
    return new Tensor(this.type, this.data, dims);
  }
} };

// ---- Tensors in wasm memory: Tensor.allocate, and outputs kept with preferredOutputLocation
// 'wasm'. They feed runs without a copy. The wasm side holds each behind a handle
// (bindings/tensors.cc) until dispose(); `data` is a view re-made whenever wasm memory has
// grown (growth detaches every earlier view).

const wasmProto = Object.create(Tensor.prototype, {
  location: { get() { return 'wasm'; } },
  data: {
    get() {
      const s = live(this, 'Tensor.data');
      const buffer = s.mod.HEAPU8.buffer;
      if (!s.view || s.view.buffer !== buffer) s.view = new DTYPES[this.type].array(buffer, s.ptr, this.size);
      return s.view;
    },
    set() {
      throw new TypeError("Tensor.data of a 'wasm' tensor is read-only: write into its elements (tensor.data.set(values))");
    },
  },
  // Copies the data out into a fresh TypedArray; releaseData: dispose() afterwards.
  getData: {
    value(releaseData = false) {
      try {
        return Promise.resolve(this.data.slice());
      } catch (e) {
        return Promise.reject(e);
      } finally {
        if (releaseData && WASM_STATE.get(this)?.handle) this.dispose();
      }
    },
  },
  dispose: {
    value() {
      const s = WASM_STATE.get(this);
      if (!s?.handle) return;
      s.mod._orw_tensor_release(s.handle);
      s.handle = 0;
      s.view = null;
    },
  },
  // A tensor of the same data with other dims (the buffer is shared: it is freed once every
  // tensor made from it was disposed).
  reshape: {
    value(dims) {
      const s = live(this, 'Tensor.reshape');
      dims = Array.from(dims ?? []);
      const size = checkDims(dims);
      if (size !== this.size) throw new RangeError(`Tensor.reshape: dims [${dims}] hold ${size} elements, the tensor has ${this.size}`);
      return makeWasmTensor(this.type, dims, s.mod._orw_tensor_share(s.handle), 'Tensor.reshape');
    },
  },
});

function live(t, what) {
  const s = WASM_STATE.get(t);
  if (!s) throw new TypeError(`${what}: not a Tensor of this package (use Tensor.allocate or new Tensor)`);
  if (!s.handle) throw new Error(`${what}: this wasm tensor was disposed`);
  if (s.mod !== wasm()) throw new Error(`${what}: this tensor belongs to another instance of the wasm module`);
  return s;
}

// What structuredClone and postMessage read on a 'wasm' tensor besides type, dims and size
// (each own enumerable property, read through its getter): this one throws, so a clone fails
// with a message that says what to send instead of arriving silently without data (its data
// is a view of this module's memory, which a clone would copy whole or, threaded, share).
// Spreads and JSON.stringify of a 'wasm' tensor throw the same way.
const CLONE_GUARD = {
  enumerable: true,
  get() {
    throw new TypeError("Tensor: a 'wasm' tensor cannot be cloned, posted, spread or JSON'd (its data is a view of wasm memory): send await tensor.getData()");
  },
};

// A Tensor over a live handle of the wasm side; handle 0 (its making failed, e.g. out of
// memory) throws the wasm side's error in the name of `where`.
export function makeWasmTensor(type, dims, handle, where) {
  const m = wasm();
  if (!handle) fail(where);
  const t = Object.create(wasmProto);
  t.type = type;
  t.dims = Object.freeze(dims);
  t.size = dims.reduce((a, b) => a * b, 1);
  Object.defineProperty(t, 'wasmData', CLONE_GUARD);
  WASM_STATE.set(t, { mod: m, handle, ptr: m._orw_tensor_data(handle), view: null });
  return Object.freeze(t);
}

// Tensor.allocate(type, dims): a zero-filled tensor in wasm memory.
export function allocateWasmTensor(type, dims) {
  onnxFromDtype(type, 'Tensor.allocate');
  if (!Array.isArray(dims) && !ArrayBuffer.isView(dims)) throw new TypeError('Tensor.allocate: dims must be an array of non-negative integers');
  dims = Array.from(dims);
  checkDims(dims);
  return exclusive('Tensor.allocate', () => {
    const m = wasm();
    const desc = m._malloc(Math.max(dims.length, 1) * 8);
    if (!desc) throw new RangeError('Tensor.allocate: out of memory');
    let handle;
    try {
      new Float64Array(m.HEAPU8.buffer, desc, dims.length).set(dims);
      handle = m._orw_tensor_alloc(DTYPES[type].onnx, desc, dims.length);
    } finally {
      m._free(desc);
    }
    return makeWasmTensor(type, dims, handle, 'Tensor.allocate');
  });
}

// The data address of a wasm tensor that runs may read or write; `where` names it in errors.
export function wasmAddress(t, where) {
  return live(t, where).ptr;
}

// True for a Tensor whose data lives in wasm memory (Tensor.allocate, kept outputs). The
// prototype is looked at first: for a 'cpu' tensor that is the whole test (a WeakMap lookup
// per check cost a tenth of a small run's time).
export function isWasmTensor(t) {
  return t !== null && typeof t === 'object' && Object.getPrototypeOf(t) === wasmProto && WASM_STATE.has(t);
}

// `t` as one of our Tensors: ours as they are; an instance of a subclass of Tensor, or an
// object shaped like onnxruntime-web's Tensor (type, data, dims, location 'cpu'), each field read
// once, validated as `new Tensor` does and wrapped around the same data (a subclass's accessors
// are read here and never again). A look-alike of ours is refused. `where` names it in errors.
export function asTensor(t, where) {
  if (isTensor(t)) return t;
  if (t && typeof t === 'object') {
    const subclass = hasBrand(t);
    if (!subclass && Tensor.prototype.isPrototypeOf(t)) {
      throw new TypeError(`${where} is not a Tensor made by this package (new Tensor, Tensor.allocate or a run's output): an object that only inherits from Tensor.prototype is not accepted`);
    }
    const { type, dims } = t;
    if (subclass || (typeof type === 'string' && dims !== undefined)) {
      // A subclass instance was made by Tensor's constructor: a 'cpu' tensor, whatever it says.
      const location = subclass ? 'cpu' : t.location ?? 'cpu';
      if (location === 'wasm') throw new TypeError(`${where} is a 'wasm' tensor of another instance of onnx-reduce-wasm (copy it out with getData() first)`);
      if (location !== 'cpu') throw new TypeError(`${where} has location '${String(location)}'; only 'cpu' tensors are accepted (download it with getData() first)`);
      const data = t.data;
      try {
        return new Tensor(type, data, dims);
      } catch (e) {
        throw new e.constructor(`${where}: ${e.message}`);
      }
    }
  }
  throw new TypeError(`${where} is not a Tensor (got ${Object.prototype.toString.call(t)}); expected a Tensor or an object { type, data, dims } shaped like onnxruntime-web's`);
}

// A preallocated output as one of our Tensors: ours as they are, a subclass instance copied once
// (asTensor: the copy shares its data, so results still land in the caller's array); anything
// else is a TypeError naming `where`.
export function asOwnOutput(t, where) {
  if (isTensor(t)) return t;
  if (hasBrand(t)) return asTensor(t, where);
  throw new TypeError(`${where} is not a Tensor of this package (use Tensor.allocate or new Tensor)`);
}

// True for a Tensor made by this package, an instance of a subclass of Tensor included.
export const madeByPackage = (t) => hasBrand(t) || isWasmTensor(t);

// A snapshot of a list of inputs: the list copied (each entry read exactly once), every entry
// one of our Tensors (asTensor) or null for an omitted one. Nothing of the caller's runs after
// this: the staging reads only the snapshot. where() + [i] names an entry in errors.
export function snapshotInputs(list, where) {
  const n = list.length;
  if (!Number.isSafeInteger(n) || n < 0 || n > 0xffff) throw new RangeError(`${where()} has an invalid length ${String(n)}`);
  const out = new Array(n);
  for (let i = 0; i < n; ++i) {
    const t = list[i];
    out[i] = t == null ? null : isTensor(t) ? t : asTensor(t, `${where()}[${i}]`);
  }
  return out;
}
