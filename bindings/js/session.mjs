// InferenceSession: a whole model (a graph of supported ops), as in onnxruntime-web.
import { dtypeNameFromOnnx } from './dtypes.mjs';
import { checkInputBuffers, printable, setEntry } from './guards.mjs';
import { asBytes, withBytes, withInputs } from './heap.mjs';
import { fail, readModelResource, wasm } from './module.mjs';
import { checkLocation, runOptions, takeOutputs } from './outputs.mjs';
import { runStreamed } from './stream.mjs';
import { asTensor, isTensor } from './tensor.mjs';

// Sessions dropped without release() are freed when garbage collected, as Nodes are.
const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { try { wasm().sessionRelease(handle); } catch { /* module gone */ } })
  : null;

// onnxruntime-web's session options other than preferredOutputLocation are accepted and
// ignored; freeDimensionOverrides would change what a run accepts there, so it is said once.
let warnedOverrides = false;
function warnIgnored(options) {
  if (warnedOverrides || options?.freeDimensionOverrides === undefined) return;
  warnedOverrides = true;
  console.warn('onnx-reduce-wasm: InferenceSession.create: options.freeDimensionOverrides is ignored (symbolic dims take any size at every run)');
}

// The constructor's first argument: only this module holds it, so no caller can make a session
// around a handle (which would alias a live session, and release it with its own release()).
const MADE_HERE = Symbol('InferenceSession');

function metadata(values) {
  return values.map((v) => {
    const shape = v.dims && Object.freeze([...v.dims]);
    return { name: v.name, isTensor: v.type !== 0, type: dtypeNameFromOnnx(v.type), shape, dims: shape };
  });
}

// Made as a property's value so that V8's own messages name it ('#<InferenceSession>'): a minifier renames a
// class declaration (and keeping every name costs 1.2 KB gzipped), never a property key.
export const { InferenceSession } = { InferenceSession: class {
  #handle;
  #info;
  #keep = null; // which outputs stay in wasm memory by default (preferredOutputLocation)

  constructor(token, handle, options = {}) {
    if (token !== MADE_HERE) throw new TypeError('InferenceSession: use `await InferenceSession.create(model)`');
    const info = wasm().sessionDescribe(handle);
    if (info === null) fail(undefined, 'InferenceSession.create');  // (out of memory)
    this.#handle = handle;
    this.#info = info;
    this.#keep = this.#preferredLocations(options?.preferredOutputLocation);
    warnIgnored(options);
    registry?.register(this, handle, this);
  }

  // preferredOutputLocation as in onnxruntime-web: 'cpu' | 'wasm', or { outputName: location }.
  #preferredLocations(pref) {
    const what = 'InferenceSession.create: options.preferredOutputLocation';
    if (pref === undefined) return null;
    if (typeof pref === 'string') return checkLocation(pref, what) === 'wasm' ? () => true : null;
    if (!pref || typeof pref !== 'object') throw new TypeError(`${what} must be 'cpu', 'wasm' or { outputName: location }`);
    const names = this.#info.outputNames;
    for (const [name, loc] of Object.entries(pref)) {
      if (!names.includes(name)) throw new RangeError(`${what}: '${name}' is not an output of this model (outputs: ${names.join(', ')})`);
      checkLocation(loc, `${what}['${name}']`);
    }
    const kept = names.map((name) => pref[name] === 'wasm');
    return (i) => kept[i];
  }

  // model: the ModelProto bytes (Uint8Array | ArrayBuffer), or a path / URL to read them from.
  // options: { preferredOutputLocation?: 'cpu' | 'wasm' | { outputName: location } }.
  static async create(model, options) {
    let bytes = model;
    if (typeof model === 'string' || model instanceof URL) bytes = await readModelResource(model);
    bytes = asBytes(bytes, 'InferenceSession.create: model (a path, a URL or its bytes)');
    const m = wasm();
    const handle = withBytes(bytes, (ptr, n) => m.sessionCreate(ptr, n), 'InferenceSession.create');
    if (!handle) fail('InferenceSession.create');
    try {
      return new InferenceSession(MADE_HERE, handle, options);
    } catch (e) {
      m.sessionRelease(handle);
      throw e;
    }
  }

  get inputNames() { return [...this.#info.inputNames]; }
  get outputNames() { return [...this.#info.outputNames]; }
  // Declared graph inputs and outputs with onnxruntime-web's fields, [{ name, isTensor, type,
  // shape }], and `dims`, the same array as `shape` (each entry a number, a symbol or null for
  // an unknown dim; null for no declared shape). isTensor: a tensor element type is declared.
  get inputMetadata() { return metadata(this.#info.inputs); }
  get outputMetadata() { return metadata(this.#info.outputs); }

  // As in onnxruntime-web: run(feeds, options?) or run(feeds, fetches, options?). fetches:
  // output names to return, or { outputName: preallocated Tensor | null }. options:
  // { preferredOutputLocation?: 'cpu' | 'wasm' } for this run.
  async run(feeds, fetches, options) {
    return this.runSync(feeds, fetches, options);
  }

  // feeds: { inputName: Tensor } -> { outputName: Tensor }; arguments as run().
  runSync(feeds, fetches, options) {
    if (!this.#handle) throw new Error('InferenceSession: this session was released');
    if (!feeds || typeof feeds !== 'object') throw new TypeError('InferenceSession.run: feeds must be an object { inputName: Tensor }');
    const names = this.#info.inputNames;
    for (const key of Object.keys(feeds)) {
      if (!names.includes(key)) throw new RangeError(`InferenceSession.run: '${printable(key)}' is not an input of this model (inputs: ${names.map(printable).join(', ')})`);
    }
    // A snapshot of the feeds, each read once: nothing of the caller's runs from here on.
    const tensors = names.map((name) => {
      const t = feeds[name];
      if (t === undefined) throw new RangeError(`InferenceSession.run: input '${printable(name)}' is missing from the feeds`);
      return isTensor(t) ? t : asTensor(t, `InferenceSession.run: feeds['${printable(name)}']`);
    });
    checkInputBuffers(tensors, (i) => `InferenceSession.run: feeds['${printable(names[i])}']`);
    const outNames = this.#info.outputNames;
    const { wanted, outputs, rest } = this.#fetches(fetches, options);
    if (typeof rest !== 'object' || Array.isArray(rest)) throw new TypeError('InferenceSession.run: options must be an object { preferredOutputLocation? }');
    // How errors name preallocated output i (made only when there are any: no closure per run).
    const label = outputs ? (i) => `InferenceSession.run: fetches['${printable(outNames[i])}']` : undefined;
    const { keep, into } = runOptions(outputs ? { ...rest, outputs } : rest, outNames.length, 'InferenceSession.run', this.#keep, label);
    const m = wasm();
    const handle = this.#handle;
    const where = 'InferenceSession.run';
    const streamed = keep || into ? null : runStreamed(tensors, (desc) => m._orw_session_stream_begin(handle, desc, tensors.length), where);
    const results = streamed ??
      withInputs(tensors, (desc) => (m._orw_session_run(handle, desc, tensors.length) ? takeOutputs(keep, into, where, label) : fail(undefined, where)), -1, where);
    // Keyed by the model's names, each an own property ('__proto__' too).
    const result = {};
    outNames.forEach((name, i) => {
      if (wanted.includes(name)) setEntry(result, name, results[i]);
      else results[i].dispose();
    });
    return result;
  }

  // Splits run()'s second and third arguments: the output names wanted, the preallocated
  // outputs (positional, or undefined) and the remaining options.
  #fetches(fetches, options) {
    const outNames = this.#info.outputNames;
    const isFetches = Array.isArray(fetches) ||
      (fetches && typeof fetches === 'object' && Object.keys(fetches).length > 0 && Object.keys(fetches).every((k) => outNames.includes(k)));
    if (!isFetches) return { wanted: outNames, outputs: undefined, rest: fetches ?? {} };
    const rest = options ?? {};
    if (Array.isArray(fetches)) {
      fetches = Array.from(fetches);
      for (const n of fetches) {
        if (!outNames.includes(n)) throw new RangeError(`InferenceSession.run: '${n}' is not an output of this model (outputs: ${outNames.join(', ')})`);
      }
      return { wanted: fetches, outputs: undefined, rest };
    }
    const wanted = Object.keys(fetches).filter((k) => outNames.includes(k));
    return { wanted, outputs: outNames.map((n) => (wanted.includes(n) ? fetches[n] ?? null : null)), rest };
  }

  async release() {
    if (!this.#handle) return;
    registry?.unregister(this);
    wasm().sessionRelease(this.#handle);
    this.#handle = 0;
  }
} };
