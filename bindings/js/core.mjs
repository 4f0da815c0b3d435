// The package's JS layer over the Embind module: argument checks, copies between JS
// TypedArrays and wasm memory, and error mapping. Loaded by index.mjs (browsers) and
// node.mjs (Node), which only differ in how they find the .wasm bytes.
import { DTYPES, dtypeFromOnnx } from './dtypes.mjs';
import { lastError } from './errors.mjs';

let mod = null;
let loading = null;

// Loads the wasm module once; later calls return the same promise.
export function initWith(load) {
  if (mod) return Promise.resolve();
  if (!loading) {
    loading = load().then(
      (m) => { mod = m; },
      (e) => { loading = null; throw e; },
    );
  }
  return loading;
}

function wasm() {
  if (!mod) throw new Error('onnx-reduce-wasm: call `await init()` before using the API');
  return mod;
}

function checkDims(dims, what) {
  if (!Array.isArray(dims)) throw new TypeError(`${what}: dims must be an array of non-negative integers`);
  let size = 1;
  dims.forEach((d, i) => {
    if (!Number.isSafeInteger(d) || d < 0) {
      throw new RangeError(`${what}: dims[${i}] must be a non-negative safe integer, got ${String(d)}`);
    }
    size *= d;
  });
  return size;
}

export class Tensor {
  // type: a dtype name ('float32', 'int64', ...); data: the matching TypedArray or a plain
  // array; dims: defaults to [data.length].
  constructor(type, data, dims) {
    const d = DTYPES[type];
    if (!d) throw new TypeError(`Tensor: unknown type '${String(type)}' (known: ${Object.keys(DTYPES).join(', ')})`);
    if (Array.isArray(data)) {
      data = d.array === BigInt64Array || d.array === BigUint64Array ? d.array.from(data, BigInt) : d.array.from(data);
    }
    if (!(data instanceof d.array)) {
      const got = data?.constructor?.name ?? typeof data;
      throw new TypeError(`Tensor: type '${type}' needs a ${d.array.name} (or a plain array), got ${got}`);
    }
    dims = dims ?? [data.length];
    const size = checkDims(dims, 'Tensor');
    if (size !== data.length) {
      throw new RangeError(`Tensor: data has ${data.length} elements but dims [${dims}] need ${size}`);
    }
    this.type = type;
    this.data = data;
    this.dims = Object.freeze([...dims]);
    this.size = size;
  }
}

export class Node {
  #handle;
  #opset;

  constructor(handle, opset) {
    this.#handle = handle;
    this.#opset = opset;
  }

  // Parses serialized onnx.NodeProto bytes; `opset` is the model's ai.onnx opset.
  static fromBytes(bytes, { opset = 26 } = {}) {
    const m = wasm();
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (!(bytes instanceof Uint8Array)) throw new TypeError('Node.fromBytes: bytes must be a Uint8Array or ArrayBuffer');
    if (!Number.isInteger(opset)) throw new TypeError(`Node.fromBytes: opset must be an integer, got ${String(opset)}`);
    const ptr = m._malloc(Math.max(bytes.length, 1));
    try {
      m.HEAPU8.set(bytes, ptr);
      const handle = m.nodeFromBytes(ptr, bytes.length, opset);
      if (!handle) throw lastError(m);
      return new Node(handle, opset);
    } finally {
      m._free(ptr);
    }
  }

  get opType() { return wasm().nodeOpType(this.#live()); }
  get opset() { return this.#opset; }
  get sinceVersion() { return wasm().nodeSinceVersion(this.#live()); }

  // Serialized onnx.NodeProto bytes.
  toBytes() {
    const m = wasm();
    if (!m.nodeToBytes(this.#live())) throw lastError(m);
    const p = m.lastBytesPtr();
    return m.HEAPU8.slice(p, p + m.lastBytesLength());
  }

  // Runs the node on positional inputs (null/undefined = omitted optional input); returns
  // fresh Tensors owned by JS.
  run(inputs) {
    const m = wasm();
    const handle = this.#live();
    if (!Array.isArray(inputs)) throw new TypeError('Node.run: inputs must be an array of Tensor (or null)');
    inputs.forEach((t, i) => {
      if (t != null && !(t instanceof Tensor)) throw new TypeError(`Node.run: inputs[${i}] is not a Tensor`);
    });
    const descLen = inputs.reduce((n, t) => n + 4 + (t ? t.dims.length : 0), 0);
    const ptrs = [];
    const descPtr = m._malloc(Math.max(descLen, 1) * 8);
    ptrs.push(descPtr);
    try {
      const desc = [];
      for (const t of inputs) {
        if (!t) { desc.push(0, 0, 0, 0); continue; }
        const bytes = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
        const p = m._malloc(Math.max(bytes.length, 1));
        ptrs.push(p);
        m.HEAPU8.set(bytes, p);
        desc.push(1, DTYPES[t.type].onnx, t.dims.length, p, ...t.dims);
      }
      new Float64Array(m.HEAPU8.buffer, descPtr, descLen).set(desc);
      if (!m.nodeRun(handle, descPtr, inputs.length)) throw lastError(m);
      const outputs = [];
      for (let i = 0, n = m.outputCount(); i < n; ++i) {
        const type = dtypeFromOnnx(m.outputType(i));
        const dims = Array.from({ length: m.outputRank(i) }, (_, d) => m.outputDim(i, d));
        const p = m.outputData(i);
        const copy = m.HEAPU8.slice(p, p + m.outputByteSize(i));
        outputs.push(new Tensor(type, new DTYPES[type].array(copy.buffer), dims));
      }
      return outputs;
    } finally {
      m.releaseOutputs();
      for (const p of ptrs) m._free(p);
    }
  }

  // Frees the node's wasm-side state; the node is unusable afterwards.
  dispose() {
    if (this.#handle) wasm().nodeRelease(this.#handle);
    this.#handle = 0;
  }

  #live() {
    if (!this.#handle) throw new Error('Node: this node was disposed');
    return this.#handle;
  }
}
