// Browser and bundler entry: the .wasm is fetched from next to this module
// (new URL(..., import.meta.url), which Vite and webpack 5 follow). The threaded build
// (init({ numThreads > 1 }) on a cross-origin isolated page or worker) is imported only then:
// its glue, worker script and .wasm are files of their own next to this one.
import createOrwModule from './onnx-reduce-wasm.mjs';
import { createWithLoader, fetchBytes, initWith } from './module.mjs';
import { chooseThreads, loadChosen, requestedThreads } from './threads.mjs';

export * from './api.mjs';

// The instantiated module ({ instance, module }). A server that sends application/wasm gets
// compiled while it downloads (instantiateStreaming); any other type is compiled from the
// bytes. A failed fetch rejects with the URL and the HTTP status, bad bytes with the
// CompileError itself (the Emscripten glue's own loader would retry, log and abort instead).
async function instantiate(options, imports, defaultUrl) {
  if (options.wasmBinary) return WebAssembly.instantiate(options.wasmBinary, imports);
  const url = String(options.wasmPath ?? defaultUrl);
  let res;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new Error(`onnx-reduce-wasm: cannot fetch ${url}: ${e?.message ?? e}`);
  }
  if (!res.ok) throw new Error(`onnx-reduce-wasm: cannot fetch ${url}: HTTP ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/wasm' && typeof WebAssembly.instantiateStreaming === 'function') {
    return WebAssembly.instantiateStreaming(res, imports);
  }
  return WebAssembly.instantiate(await res.arrayBuffer(), imports);
}

// Threads need SharedArrayBuffer, which browsers give only to cross-origin isolated pages and
// workers (served with COOP: same-origin and COEP: require-corp).
function threadHost(options) {
  const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
  return {
    canRun: isolated,
    whyNot: 'threads need a cross-origin isolated page or worker (COOP same-origin, COEP require-corp)',
    ownWasm: options.wasmBinary !== undefined || options.wasmPath !== undefined,
  };
}

// Loads the wasm once. options: { numThreads?: number, wasmBinary?: ArrayBuffer | Uint8Array,
// wasmPath?: string | URL } (wasmBinary and wasmPath: the .wasm of the build numThreads picks).
export async function init(options = {}) {
  const requested = requestedThreads(options);
  return initWith((chosen) => loadChosen(chosen, async (poolSize) => {
    // The threaded files by URLs made at run time from a variable base, which bundlers do not
    // follow: they would carry the glue into a chunk of their own (its workers import it by its
    // URL) and the .wasm into every app, for a build most apps never load. A bundled app gets
    // threads by copying the three files next to its bundle (docs/api.md#threads).
    const here = import.meta.url;
    const glue = new URL('./onnx-reduce-wasm-mt.mjs', here).href;
    const { default: createThreaded } = await import(/* @vite-ignore */ /* webpackIgnore: true */ glue);
    const url = new URL('./onnx-reduce-wasm-mt.wasm', here);
    return createWithLoader(createThreaded, (imports) => instantiate(options, imports, url), { orwPoolSize: poolSize });
  }, () => {
    const url = new URL('./onnx-reduce-wasm.wasm', import.meta.url);
    return createWithLoader(createOrwModule, (imports) => instantiate(options, imports, url));
  }), fetchBytes, () => chooseThreads(requested, threadHost(options)), requested);
}
