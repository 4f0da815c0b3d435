// Tensor: a dtype name, a TypedArray of data and dims, as in onnxruntime-web; and the Tensors
// whose data lives in wasm memory (location 'wasm', below).
import { DTYPES, onnxFromDtype } from './dtypes.mjs';
import { numberToBfloat16Bits, numberToFloat16Bits } from './half.mjs';
import { fail, wasm } from './module.mjs';

const ARRAY_TYPES = new Map([
  [Float32Array, 'float32'], [Float64Array, 'float64'], [Int8Array, 'int8'], [Uint8Array, 'uint8'],
  [Int16Array, 'int16'], [Uint16Array, 'uint16'], [Int32Array, 'int32'], [Uint32Array, 'uint32'],
  [BigInt64Array, 'int64'], [BigUint64Array, 'uint64'],
]);

function fromPlainArray(type, values) {
  const { array } = DTYPES[type];
  const bad = (i, why) => new TypeError(`Tensor: data[${i}] (${String(values[i])}) ${why} for type '${type}'`);
  if (type === 'int64' || type === 'uint64') {
    return array.from(values, (v, i) => {
      if (typeof v === 'bigint') return v;
      if (!Number.isInteger(v)) throw bad(i, 'is not an integer');
      return BigInt(v);
    });
  }
  if (type === 'float16' || type === 'bfloat16') {
    const conv = type === 'float16' ? numberToFloat16Bits : numberToBfloat16Bits;
    return array.from(values, (v, i) => {
      if (typeof v !== 'number') throw bad(i, 'is not a number');
      return conv(v);
    });
  }
  if (type === 'bool') return array.from(values, (v) => (v ? 1 : 0));
  return array.from(values, (v, i) => {
    if (typeof v !== 'number' && typeof v !== 'boolean') throw bad(i, 'is not a number');
    return Number(v);
  });
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
export function trustedTensor(type, data, dims) {
  const t = Object.create(Tensor.prototype);
  t.type = type;
  t.data = data;
  t.dims = Object.freeze(dims);
  t.size = data.length;
  return Object.freeze(t);
}

export class Tensor {
  static name = 'Tensor'; // the bundle is minified without --keep-names (1.2 KB gzipped)
  // new Tensor(type, data, dims?) or, as in ORT-web, new Tensor(typedArray, dims?).
  // type: 'float32'|'float64'|'float16'|'bfloat16'|'int8'|'uint8'|'int16'|'uint16'|'int32'|
  // 'uint32'|'int64'|'uint64'|'bool'. data: the matching TypedArray (int64: BigInt64Array,
  // uint64: BigUint64Array, float16: Uint16Array bits or Float16Array, bfloat16: Uint16Array
  // bits, bool: Uint8Array) or a plain array of values. dims defaults to [data.length].
  constructor(type, data, dims) {
    if (typeof type !== 'string') {
      [dims, data] = [data, type];
      type = ARRAY_TYPES.get(data?.constructor);
      if (!type) throw new TypeError(`Tensor: cannot infer a type from ${Object.prototype.toString.call(data)}; pass the type first`);
    }
    const d = DTYPES[type];
    if (!d) throw new TypeError(`Tensor: unknown type '${type}' (known: ${Object.keys(DTYPES).join(', ')})`);
    if (type === 'float16' && typeof Float16Array !== 'undefined' && data instanceof Float16Array) {
      data = new Uint16Array(data.buffer, data.byteOffset, data.length);
    } else if (Array.isArray(data)) {
      data = fromPlainArray(type, data);
    }
    if (!(data instanceof d.array)) {
      const got = data?.constructor?.name ?? typeof data;
      throw new TypeError(`Tensor: type '${type}' needs a ${d.array.name}${type === 'float16' ? ' (bits) or Float16Array' : ''} or a plain array, got ${got}`);
    }
    dims = dims === undefined ? [data.length] : Array.from(dims);
    const size = checkDims(dims);
    if (size !== data.length) {
      if (data.buffer.byteLength === 0 && size > 0) {
        throw new RangeError('Tensor: data is a detached view (wasm memory grew since it was taken): read tensor.data again after any call that may allocate');
      }
      throw new RangeError(`Tensor: data has ${data.length} elements but dims [${dims}] need ${size}`);
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
}

// ---- Tensors in wasm memory: Tensor.allocate, and outputs kept with preferredOutputLocation
// 'wasm'. They feed runs without a copy. The wasm side holds each behind a handle
// (bindings/tensors.cc) until dispose(); `data` is a view re-made whenever wasm memory has
// grown (growth detaches every earlier view).

const STATE = Symbol('wasm tensor state');

const wasmProto = Object.create(Tensor.prototype, {
  location: { get() { return 'wasm'; } },
  data: {
    get() {
      const s = live(this, 'Tensor.data');
      const buffer = s.mod.HEAPU8.buffer;
      if (!s.view || s.view.buffer !== buffer) s.view = new DTYPES[this.type].array(buffer, s.ptr, this.size);
      return s.view;
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
        if (releaseData && this[STATE].handle) this.dispose();
      }
    },
  },
  dispose: {
    value() {
      const s = this[STATE];
      if (!s.handle) return;
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
      return makeWasmTensor(this.type, dims, s.mod._orw_tensor_share(s.handle));
    },
  },
});

function live(t, what) {
  const s = t[STATE];
  if (!s.handle) throw new Error(`${what}: this wasm tensor was disposed`);
  if (s.mod !== wasm()) throw new Error(`${what}: this tensor belongs to another instance of the wasm module`);
  return s;
}

// A Tensor over a live handle of the wasm side.
export function makeWasmTensor(type, dims, handle) {
  const m = wasm();
  const t = Object.create(wasmProto);
  t.type = type;
  t.dims = Object.freeze(dims);
  t.size = dims.reduce((a, b) => a * b, 1);
  t[STATE] = { mod: m, handle, ptr: m._orw_tensor_data(handle), view: null };
  return Object.freeze(t);
}

// Tensor.allocate(type, dims): a zero-filled tensor in wasm memory.
export function allocateWasmTensor(type, dims) {
  onnxFromDtype(type, 'Tensor.allocate');
  if (!Array.isArray(dims) && !ArrayBuffer.isView(dims)) throw new TypeError('Tensor.allocate: dims must be an array of non-negative integers');
  dims = Array.from(dims);
  checkDims(dims);
  const m = wasm();
  const desc = m._malloc(Math.max(dims.length, 1) * 8);
  let handle;
  try {
    new Float64Array(m.HEAPU8.buffer, desc, dims.length).set(dims);
    handle = m._orw_tensor_alloc(DTYPES[type].onnx, desc, dims.length);
  } finally {
    m._free(desc);
  }
  if (!handle) fail('Tensor.allocate');
  return makeWasmTensor(type, dims, handle);
}

// The data address of a wasm tensor that runs may read or write; `where` names it in errors.
export function wasmAddress(t, where) {
  return live(t, where).ptr;
}

// `t` as one of our Tensors: ours as they are; an object shaped like onnxruntime-web's Tensor
// (type, data, dims, location 'cpu') wrapped around the same data. `where` names it in errors.
export function asTensor(t, where) {
  if (t instanceof Tensor) return t;
  if (t && typeof t === 'object' && typeof t.type === 'string' && t.dims !== undefined) {
    const location = t.location ?? 'cpu';
    if (location === 'wasm') throw new TypeError(`${where} is a 'wasm' tensor of another instance of onnx-reduce-wasm (copy it out with getData() first)`);
    if (location !== 'cpu') throw new TypeError(`${where} has location '${location}'; only 'cpu' tensors are accepted (download it with getData() first)`);
    return new Tensor(t.type, t.data, t.dims);
  }
  throw new TypeError(`${where} is not a Tensor (got ${Object.prototype.toString.call(t)})`);
}

// The list with every entry as one of our Tensors (asTensor; null/undefined kept): the same
// array when nothing needed wrapping. where() + [i] names an entry in errors.
export function asTensors(list, where) {
  let out = list;
  for (let i = 0; i < list.length; ++i) {
    const t = list[i];
    if (t == null || t instanceof Tensor) continue;
    if (out === list) out = list.slice();
    out[i] = asTensor(t, `${where()}[${i}]`);
  }
  return out;
}
