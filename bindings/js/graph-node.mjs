// Node: one ONNX node, parsed and validated in wasm, runnable on Tensors.
import { checkInputBuffers, printable, setEntry } from './guards.mjs';
import { encodeNode } from './proto-writer.mjs';
import { fromWasmInfo, toWasmInfo } from './shapes.mjs';
import { asBytes, withBytes, withInputs } from './heap.mjs';
import { fail, latestOpset, wasm } from './module.mjs';
import { placedOutputs, runOptions, takeOutputs } from './outputs.mjs';
import { mayStream, runStreamed } from './stream.mjs';
import { snapshotInputs, Tensor } from './tensor.mjs';
import { DTYPES, dtypeFromOnnx } from './dtypes.mjs';
import { withTensorValues } from './tensor-proto.mjs';

const NO_OPTIONS = Object.freeze({ keep: null, into: null });
const NONE = Object.freeze([]);
// The constructor's first argument: only this module holds it, so no caller can make a Node
// around a handle (which would alias a live node, and dispose it with its own dispose()).
const MADE_HERE = Symbol('Node');

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { try { wasm().nodeRelease(handle); } catch { /* module gone */ } })
  : null;

function checkOpset(opset, what) {
  if (typeof opset !== 'number') throw new TypeError(`${what}: opset must be a number, got ${typeof opset} ${JSON.stringify(String(opset))}`);
  if (!Number.isSafeInteger(opset)) throw new RangeError(`${what}: opset must be an integer, got ${String(opset)}`);
}

// Made as a property's value so that V8's own messages name it ('#<Node>'): a minifier renames a
// class declaration (and keeping every name costs 1.2 KB gzipped), never a property key.
export const { Node } = { Node: class {
  #handle;
  #opset;
  #info;
  #whereText = null;  // #where(), made on first use (the node's op type, name and opset are fixed)
  #runWhere = null;   // `${#where()}: run`, likewise
  #runInputsWhere = () => `${this.#where()}: run: inputs`;
  // How a run's errors name input i (made once per node: not a closure per run).
  #inputLabel = (i) => `${this.#where()}: run: inputs[${i}]${this.#info.inputs[i] ? ` ('${printable(this.#info.inputs[i])}')` : ''}`;

  constructor(token, handle, opset, api) {
    if (token !== MADE_HERE) throw new TypeError('Node: use Node.create(...) or Node.fromBytes(...)');
    const info = wasm().nodeDescribe(handle);
    if (info === null) {  // (out of memory)
      wasm().nodeRelease(handle);
      fail(undefined, api);
    }
    this.#handle = handle;
    this.#opset = opset;
    this.#info = info;
    registry?.register(this, handle, this);
  }

  // { opType, attributes?, domain?, opset?, inputs?, outputs?, name? }: attributes as
  // {keepdims: 0, axes: [1]} (integers -> int/ints, other numbers -> float/floats, strings;
  // a Tensor -> a tensor attribute, e.g. Constant's value).
  static create(spec) {
    if (!spec || typeof spec !== 'object') throw new TypeError('Node.create: expected { opType, attributes?, domain?, opset?, inputs?, outputs? }');
    const { opType, attributes = {}, domain = '', opset = latestOpset(), inputs = [], outputs = [], name } = spec;
    if (typeof opType !== 'string' || !opType) throw new TypeError('Node.create: opType must be a non-empty string');
    if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) throw new TypeError('Node.create: attributes must be an object {name: value}');
    checkOpset(opset, 'Node.create');
    for (const [what, list] of [['inputs', inputs], ['outputs', outputs]]) {
      if (!Array.isArray(list) || list.some((s) => typeof s !== 'string')) throw new TypeError(`Node.create: ${what} must be an array of names`);
    }
    const bytes = encodeNode({ opType, attributes: withTensorValues(attributes, 'Node.create'), domain, inputs, outputs, name });
    return Node.#parse(bytes, opset, true, 'Node.create');
  }

  // Parses serialized onnx.NodeProto bytes; opset: the model's opset of the node's domain.
  static fromBytes(bytes, options = {}) {
    bytes = asBytes(bytes, 'Node.fromBytes: bytes');
    // A ModelProto starts with its ir_version (field 1, a varint: 0x08); a NodeProto never does
    // (its field 1 is a string).
    if (bytes.length > 0 && bytes[0] === 0x08) {  // (asBytes made this view: its own length)
      throw new TypeError('Node.fromBytes: these bytes are a model (ModelProto), not a node: load them with InferenceSession.create, or inferModelShapes for its shapes');
    }
    const { opset = latestOpset() } = options ?? {};
    checkOpset(opset, 'Node.fromBytes');
    return Node.#parse(bytes, opset, false, 'Node.fromBytes');
  }

  static #parse(bytes, opset, defaultIo, api) {
    const m = wasm();
    const handle = withBytes(bytes, (ptr, n) => m.nodeFromBytes(ptr, n, opset, defaultIo), api);
    if (!handle) fail(undefined, api);
    return new Node(MADE_HERE, handle, opset, api);
  }

  // How errors name this node, as the wasm side does: ReduceSum "n1" (opset 18).
  #where() {
    this.#whereText ??= `${printable(this.#info.opType)}${this.#info.name ? ` "${printable(this.#info.name)}"` : ''} (opset ${this.#opset})`;
    return this.#whereText;
  }

  get opType() { return this.#info.opType; }
  get domain() { return this.#info.domain; }
  get name() { return this.#info.name; }
  get opset() { return this.#opset; }
  get sinceVersion() { return this.#info.sinceVersion; }
  // { name: value }: int64 values beyond 2^53 as BigInt (each reads back as it was given).
  get attributes() {
    const out = {};
    for (const [k, given] of Object.entries(this.#info.attributes)) {
      let v = structuredClone(given);
      if (v && typeof v === 'object' && 'onnxType' in v) {  // a tensor attribute (Constant's value)
        const type = dtypeFromOnnx(v.onnxType);
        const Array_ = DTYPES[type].array;
        v = new Tensor(type, new Array_(v.bytes.buffer, 0, v.bytes.byteLength / Array_.BYTES_PER_ELEMENT), v.dims);
      }
      setEntry(out, k, v);
    }
    return out;
  }
  get inputs() { return [...this.#info.inputs]; }
  get outputs() { return [...this.#info.outputs]; }

  // Runs the node on positional inputs (null/undefined = omitted optional input; our Tensors or
  // objects shaped like onnxruntime-web's 'cpu' Tensor). Synchronous. Outputs are fresh
  // JS-owned Tensors, or with options.preferredOutputLocation 'wasm' tensors kept in wasm
  // memory, or the preallocated tensors of options.outputs (null entries: fresh ones).
  run(inputs, options) {
    const handle = this.#live();
    if (!Array.isArray(inputs)) throw new TypeError(`${this.#where()}: run: inputs must be an array of Tensor (null for an omitted optional input)`);
    const { keep, into } = options == null ? NO_OPTIONS : runOptions(options, this.#info.outputs.length, `${this.#where()}: run`);
    // A snapshot of the inputs, each read once: nothing of the caller's runs from here on.
    inputs = snapshotInputs(inputs, this.#runInputsWhere);
    checkInputBuffers(inputs, this.#inputLabel);
    const m = wasm();
    const where = this.#runWhere ??= `${this.#where()}: run`;
    if (!keep && !into && mayStream(inputs)) {  // (the test first: no closure for small runs)
      const streamed = runStreamed(inputs, (desc) => m._orw_node_stream_begin(handle, desc, inputs.length), where);
      if (streamed) return streamed;
    }
    // A preallocated 'wasm' output the kernels write in place is described after the inputs.
    const placed = (into && placedOutputs(into)) || NONE;
    const staged = placed.length ? [...inputs, ...placed] : inputs;
    return withInputs(staged, (desc) => (m._orw_node_run(handle, desc, inputs.length, placed.length) ? takeOutputs(keep, into, where) : fail(undefined, where)), -1, where);
  }

  // Infers output types and shapes from input infos ({type, dims, value?} | null each).
  inferShapes(infos) {
    const handle = this.#live();
    if (!Array.isArray(infos)) throw new TypeError(`${this.#where()}: inferShapes: infos must be an array of {type, dims, value?} (or null)`);
    const wasmInfos = Array.from(infos, (info, i) => toWasmInfo(info, `${this.#where()}: inferShapes: infos[${i}]`));
    const result = wasm().nodeInferShapes(handle, wasmInfos);
    if (result === null) fail(undefined, `${this.#where()}: inferShapes`);
    return result.map(fromWasmInfo);
  }

  // Serialized onnx.NodeProto bytes.
  toBytes() {
    const m = wasm();
    if (!m.nodeToBytes(this.#live())) fail(undefined, 'Node.toBytes');
    const p = m.lastBytesPtr();
    return m.HEAPU8.slice(p, p + m.lastBytesLength());
  }

  // Frees the node's wasm state now (otherwise it is freed when the Node is garbage collected).
  dispose() {
    if (!this.#handle) return;
    registry?.unregister(this);
    wasm().nodeRelease(this.#handle);
    this.#handle = 0;
  }

  #live() {
    if (!this.#handle) throw new Error(`${this.#where()}: this node was disposed`);
    return this.#handle;
  }
} };
