// Tensors whose data lives in wasm memory (location 'wasm'): Tensor.allocate, and outputs kept
// with preferredOutputLocation 'wasm'. They feed runs without a copy. The wasm side holds each
// behind a handle (bindings/tensors.cc) until dispose(); `data` is a view re-made whenever wasm
// memory has grown (growth detaches every earlier view).
import { DTYPES, onnxFromDtype } from './dtypes.mjs';
import { Tensor, checkDims } from './tensor.mjs';
import { fail, wasm } from './wasm.mjs';

const STATE = Symbol('wasm tensor state');

// Created on first use: Tensor is not yet defined while the module graph is being evaluated.
let proto = null;
function wasmProto() {
  if (proto) return proto;
  proto = Object.create(Tensor.prototype, {
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
  return proto;
}

function live(t, what) {
  const s = t[STATE];
  if (!s.handle) throw new Error(`${what}: this wasm tensor was disposed`);
  if (s.mod !== wasm()) throw new Error(`${what}: this tensor belongs to another instance of the wasm module`);
  return s;
}

// A Tensor over a live handle of the wasm side.
export function makeWasmTensor(type, dims, handle) {
  const m = wasm();
  const t = Object.create(wasmProto());
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
  if (!handle) fail();
  return makeWasmTensor(type, dims, handle);
}

// The data address of a wasm tensor that runs may read or write; `where` names it in errors.
export function wasmAddress(t, where) {
  return live(t, where).ptr;
}

// Number of tensors the wasm side holds for JS (leak checks).
export function wasmTensorCount() {
  return wasm()._orw_tensor_count();
}
