// The loaded wasm module: loading it once, what it says about itself at init (the descriptor
// layouts, the JS class of each error kind, the newest opset, the most threads, the longest
// name printed whole, whether it has threads: layout() in bindings/interface.cc), and the JS
// error of its last failure.
import { MAX_THREADS, noteLaterRequest, setRuntimeInfo } from './threads.mjs';

let mod = null;
let loading = null;
let readResource = null;
let errorClasses = null;
let errorClassNames = null;
let memoryShared = false;
let printedName = 0;

// True when wasm memory is a SharedArrayBuffer (the threaded build).
export function sharedMemory() { return memoryShared; }

// The float64 slots of an input descriptor ({ present, type, rank, data, slots }: dims follow
// the slots) and of each output's ({ type, rank, data, bytes, slots }), as the wasm side reads
// and writes them (bindings/descriptors.h).
export let INPUT_SLOTS = null;
export let OUTPUT_SLOTS = null;
// The newest ai.onnx opset the module implements: kMaxOpset in src/schema/op_schema.h. A
// constant, so that it can be read before init() (and destructured from require()); init()
// checks it against the module's own, so the two cannot drift apart unnoticed.
export const LATEST_OPSET = 26;

const JS_CLASSES = { TypeError, RangeError, Error };

function adopt(m) {
  const layout = JSON.parse(m.layout());
  INPUT_SLOTS = layout.input;
  OUTPUT_SLOTS = layout.output;
  // The constants the JS layer needs before the module is loaded, as the module has them.
  for (const [what, theirs, ours] of [['newest opset', layout.maxOpset, LATEST_OPSET], ['most threads', layout.maxThreads, MAX_THREADS]]) {
    if (theirs !== ours) throw new Error(`onnx-reduce-wasm: the wasm module's ${what} is ${theirs}, the JS layer's ${ours}: rebuild both`);
  }
  printedName = layout.maxPrintedName;
  errorClasses = layout.errorClasses.map((name) => JS_CLASSES[name] ?? Error);
  errorClassNames = layout.errorClasses;
  memoryShared = layout.threads === 1;
  if (memoryShared) followSharedMemory(m);
  mod = m;
}

// In the threaded build memory may grow on a pool thread, after which the glue's HEAPU8 (made
// on this thread) still covers the old size: a shared buffer is never detached, only
// superseded. So HEAPU8 is read from the memory itself, re-made when its buffer changed.
function followSharedMemory(m) {
  let view = m.HEAPU8;
  Object.defineProperty(m, 'HEAPU8', {
    configurable: true,
    get() {
      const buffer = m.wasmMemory.buffer;
      if (view.buffer !== buffer) view = new Uint8Array(buffer);
      return view;
    },
    // The glue assigns it when memory grows on this thread.
    set(v) { view = v; },
  });
}

// Loads the wasm module once (load(chosen) returns the instantiated module); later calls share
// it. reader(where) reads a model given by path or URL (entry-specific: fs in Node, fetch in
// browsers). choose() gives the build and thread count (threads.mjs: chooseThreads), asked
// only when this call loads; `requested` is the caller's numThreads, noted in runtimeInfo()
// when a later call asks for another count than the loaded module has.
export function initWith(load, reader, choose = () => ({ threads: 1 }), requested = undefined) {
  readResource = reader;
  if (mod) {
    noteLaterRequest(requested);
    return Promise.resolve();
  }
  if (!loading) {
    loading = Promise.resolve()
      .then(async () => {
        const chosen = choose();
        const m = await load(chosen);
        adopt(m);
        setRuntimeInfo(m, chosen);
      })
      .catch((e) => { loading = null; mod = null; throw e; });
    return loading;
  }
  return loading.then(() => noteLaterRequest(requested));
}

// The Emscripten module, its wasm compiled and instantiated by `instantiate(imports)` (a
// promise of { instance, module }) in the glue's instantiateWasm hook instead of by the glue's
// own loader, so a failure rejects with instantiate's own error (the glue would log and abort).
// `settings`: more factory options (the threaded build's orwPoolSize). The glue builds the
// module on the object passed in: after a failure, its pthread workers (already started) are
// ended there.
export function createWithLoader(createModule, instantiate, settings = {}) {
  return new Promise((resolve, reject) => {
    const moduleArg = {
      ...settings,
      instantiateWasm(imports, receiveInstance) {
        instantiate(imports).then(({ instance, module }) => receiveInstance(instance, module), fail);
        return {};
      },
    };
    function fail(e) {
      moduleArg.PThread?.terminateAllThreads();
      reject(e);
    }
    createModule(moduleArg).then(resolve, fail);
  });
}

// The Emscripten module from `bytes`, compiled synchronously in the glue's instantiateWasm
// hook (Node: no main-thread size limit, and WebAssembly.instantiate's hops between threads
// made start-up ~3 ms slower, npm run bench:init). `moduleArg` (the factory's options, which
// becomes the module) gets the hook. A compile error is thrown here (the glue would only log
// it); otherwise the factory's promise is returned.
export function createCompiled(createModule, bytes, moduleArg) {
  let failure;
  moduleArg.instantiateWasm = (imports, receiveInstance) => {
    try {
      const module = new WebAssembly.Module(bytes);
      receiveInstance(new WebAssembly.Instance(module, imports), module);
    } catch (e) {
      failure = e;
    }
    return {};
  };
  const ready = createModule(moduleArg);
  if (failure) throw failure;
  return ready;
}

// The bytes at a URL, or an Error naming it and the HTTP status.
export async function fetchBytes(where) {
  const res = await fetch(where);
  if (!res.ok) throw new Error(`cannot fetch ${where}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

const NOT_LOADED = 'onnx-reduce-wasm: call `await init()` before using the API';

export function wasm() {
  if (!mod) throw new Error(NOT_LOADED);
  return mod;
}

// The longest name (in UTF-8 bytes) error messages print whole: kMaxPrintedName in
// src/core/names.h, as the module says (guards.mjs: printable).
export function maxPrintedName() {
  wasm();
  return printedName;
}

// LATEST_OPSET, or the Error telling to call init() first.
export function latestOpset() {
  wasm();
  return LATEST_OPSET;
}

// Reads a model given as a path or URL with the entry's reader.
export function readModelResource(where) {
  if (!readResource) throw new Error(NOT_LOADED);
  return readResource(where);
}

// The API call staging or running right now (null when none): the input arena, the glue's
// outputs and the stream in progress are one per module, so a call made while another is
// between its first staged byte and its last output read (from code of the caller's the
// package somehow reached) is refused rather than mixed with it.
let busy = null;

// Marks the one call in progress (`where` names it, and a refused inner call); every
// begin() is paired with an end() in a finally. (Two calls rather than a wrapper taking a
// closure: the closure of every run cost a tenth of a small run's time.)
export function begin(where) {
  if (busy !== null) {
    throw new Error(`${where}: re-entrant call while ${busy} is in progress (made from code the package ran during that call); call it after that call returns`);
  }
  busy = where || 'a run';
}
export function end() {
  busy = null;
}

// Runs f() as the one call in progress (begin/end around it).
export function exclusive(where, f) {
  begin(where);
  try {
    return f();
  } finally {
    end();
  }
}

// The message the wasm side records for an allocation that failed outside the library's own
// checks (bindings/guarded.cc); it names no call, so the JS layer adds one.
const BARE_OOM = 'out of memory';

// The JS class name ('TypeError', 'RangeError', 'Error') of an error kind of the module.
export function errorClassName(kind) { return errorClassNames[kind] ?? 'Error'; }

// Throws `message` as the class of the module's error `kind`.
export function failAs(kind, message) {
  throw new (errorClasses[kind] ?? Error)(message);
}

// Throws the JS error for the last failed wasm call: the class of its kind, its message
// (after `where: ` when given, for calls whose wasm side does not name the API function; a
// bare out-of-memory message after `api: `, the call that ran out).
export function fail(where, api = where) {
  const m = wasm();
  const Ctor = errorClasses[m.lastErrorKind()] ?? Error;
  // A view of wasm memory (copied first: TextDecoder refuses views of shared memory).
  const text = new TextDecoder().decode(m.lastError().slice());
  const named = where || (api && text === BARE_OOM) ? `${where || api}: ${text}` : text;
  throw new Ctor(named);
}
