// InferenceSession: a whole model (a graph of supported ops), as in onnxruntime-web.
import { dtypeNameFromOnnx } from './dtypes.mjs';
import { checkInputBuffers, printable } from './guards.mjs';
import { Tensor } from './tensor.mjs';
import { fail, readModelResource, runStreamed, takeOutputs, wasm, withBytes, withInputs } from './wasm.mjs';

export class InferenceSession {
  #handle;
  #info;

  constructor(handle) {
    if (typeof handle !== 'number') throw new TypeError('InferenceSession: use `await InferenceSession.create(model)`');
    this.#handle = handle;
    this.#info = wasm().sessionDescribe(handle);
  }

  // model: the ModelProto bytes (Uint8Array | ArrayBuffer), or a path / URL to read them from.
  static async create(model) {
    let bytes = model;
    if (typeof model === 'string' || model instanceof URL) bytes = await readModelResource(model);
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (!(bytes instanceof Uint8Array)) throw new TypeError('InferenceSession.create: model must be a Uint8Array, ArrayBuffer, path or URL');
    const m = wasm();
    const handle = withBytes(bytes, (ptr) => m.sessionCreate(ptr, bytes.length));
    if (!handle) fail();
    return new InferenceSession(handle);
  }

  get inputNames() { return [...this.#info.inputNames]; }
  get outputNames() { return [...this.#info.outputNames]; }
  // Declared graph inputs: [{ name, type, dims }] (dims entries: number, symbol or null).
  get inputMetadata() {
    return this.#info.inputs.map((i) => ({ name: i.name, type: dtypeNameFromOnnx(i.type), dims: i.dims }));
  }

  async run(feeds) {
    return this.runSync(feeds);
  }

  // feeds: { inputName: Tensor } -> { outputName: Tensor }.
  runSync(feeds) {
    if (!this.#handle) throw new Error('InferenceSession: this session was released');
    if (!feeds || typeof feeds !== 'object') throw new TypeError('InferenceSession.run: feeds must be an object { inputName: Tensor }');
    const names = this.#info.inputNames;
    for (const key of Object.keys(feeds)) {
      if (!names.includes(key)) throw new RangeError(`InferenceSession.run: '${printable(key)}' is not an input of this model (inputs: ${names.map(printable).join(', ')})`);
    }
    const tensors = names.map((name) => {
      const t = feeds[name];
      if (t === undefined) throw new RangeError(`InferenceSession.run: input '${printable(name)}' is missing from the feeds`);
      if (!(t instanceof Tensor)) throw new TypeError(`InferenceSession.run: feeds['${printable(name)}'] is not a Tensor`);
      return t;
    });
    checkInputBuffers(tensors, (i) => `InferenceSession.run: feeds['${printable(names[i])}']`);
    const m = wasm();
    const outputs = runStreamed(tensors, (desc) => m._orw_session_stream_begin(this.#handle, desc, tensors.length)) ??
      (withInputs(tensors, (desc) => m._orw_session_run(this.#handle, desc, tensors.length)) ? takeOutputs() : fail());
    const result = {};
    this.#info.outputNames.forEach((name, i) => { result[name] = outputs[i]; });
    return result;
  }

  async release() {
    if (this.#handle) wasm().sessionRelease(this.#handle);
    this.#handle = 0;
  }
}
