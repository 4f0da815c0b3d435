// Which build init() loads, and with how many threads: init({ numThreads }) as onnxruntime-web
// names it (env.wasm.numThreads). 1 is the single-threaded build; N > 1 the threaded one (a
// pool of N - 1 workers, the calling thread being the N-th); left out or 0, the automatic
// choice, which is one thread: inputs that come from JS arrays (the usual case) and small
// calls run slower on the threaded build (its copies into shared memory and its JS-based C++
// exceptions), so the default is never the slower build; threads are asked for, by
// numThreads or Node's ORW_NUM_THREADS, where wasm-resident inputs of MiBs make them pay
// (docs/api.md, Threads). Where threads cannot run (a page that is not cross-origin isolated,
// the single-file entry) the single-threaded build is loaded all the same and runtimeInfo()
// says why: asking for threads is never an error there.

// The most threads init() accepts: kMaxThreads in src/core/parallel.h. A constant, so that
// init() can check numThreads before it loads anything; the module's own (layout()) is
// checked against it at load (module.mjs), so the two cannot drift apart unnoticed.
export const MAX_THREADS = 64;
// A RangeError for numThreads that is not an integer in [0, MAX_THREADS]; `where` names the
// API (init({ numThreads })) or the environment variable it came from.
export function checkNumThreads(n, where = 'init({ numThreads })') {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_THREADS) {
    const shown = typeof n === 'string' ? JSON.stringify(n) : typeof n === 'bigint' ? `${n}n` : String(n);
    throw new RangeError(`onnx-reduce-wasm: ${where}: numThreads must be an integer from 0 (automatic) to ${MAX_THREADS}, not ${shown}`);
  }
  return n;
}

// The numThreads an init(options) asked for, checked (undefined when left out). Each entry's
// init() is async, so that this throw rejects the promise init() returns.
export function requestedThreads(options) {
  return options.numThreads === undefined ? undefined : checkNumThreads(options.numThreads);
}

// The choice, before anything is loaded. `requested` is the checked numThreads (undefined when
// left out); `host` what the entry knows: { canRun: boolean, whyNot?: string,
// ownWasm: boolean (the caller gave wasmBinary or wasmPath), preferred?: { threads, from }
// (a default from the environment: Node's ORW_NUM_THREADS) }. Returns { threads, reason? }:
// threads > 1 means the threaded build with that many; reason says why it is 1.
export function chooseThreads(requested, host) {
  let asked = requested === 0 ? undefined : requested;
  let from = `init({ numThreads: ${asked} })`;
  if (asked === undefined && host.ownWasm) {
    // wasmBinary / wasmPath without numThreads name the single-threaded .wasm (as before
    // threads existed); the threaded build would not link with those bytes.
    return { threads: 1, reason: 'wasmBinary or wasmPath without numThreads: the single-threaded build' };
  }
  if (asked === undefined && host.preferred && host.preferred.threads !== 0) {
    asked = host.preferred.threads;
    from = host.preferred.from;
  }
  if (asked === 1) return { threads: 1, reason: `${from} asked for one thread` };
  if (!host.canRun) return { threads: 1, reason: host.whyNot };
  if (asked !== undefined) return { threads: asked };
  return { threads: 1, reason: 'automatic: one thread (threads pay for wasm-resident inputs of MiBs: ask for them with numThreads)' };
}

// The module of the chosen build: loadThreaded(poolSize) or loadSingle().
export async function loadChosen(chosen, loadThreaded, loadSingle) {
  return chosen.threads > 1 ? loadThreaded(chosen.threads - 1) : loadSingle();
}

// What runtimeInfo() reports, filled in once the module is loaded.
let info = null;

export function setRuntimeInfo(m, chosen) {
  const threaded = JSON.parse(m.layout()).threads === 1;
  // The module's own count (setNumThreads returns the count in effect), not the request.
  const numThreads = threaded ? m.setNumThreads(chosen.threads) : 1;
  info = {
    numThreads,
    simd: true,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    build: threaded ? 'threaded' : 'single-threaded',
  };
  if (chosen.reason) info.reason = chosen.reason;
  return info;
}

// A later init() asking for a different count: the module loaded first stays (its workers
// and memory cannot be swapped for another's while tensors and nodes live in it), and
// runtimeInfo() keeps telling what runs, with a note of the request it did not follow.
export function noteLaterRequest(requested) {
  if (!info || requested === undefined || requested === 0 || requested === info.numThreads) return;
  const note = `init({ numThreads: ${requested} }) came after the module was loaded with ${info.numThreads}`;
  info.reason = info.reason ? `${info.reason}; ${note}` : note;
}

export function runtimeInfo() {
  if (!info) throw new Error('onnx-reduce-wasm: runtimeInfo(): call `await init()` first');
  return { ...info };
}
