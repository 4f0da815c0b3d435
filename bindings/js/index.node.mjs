// Node entry: reads the .wasm with fs and hands the bytes to the module (Node's fetch cannot
// load file paths). Model paths given to InferenceSession.create are read with fs too.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import createOrwModule from './onnx-reduce-wasm.mjs';
import { createCompiled, fetchBytes, initWith } from './module.mjs';
import { checkNumThreads, chooseThreads, loadChosen, requestedThreads } from './threads.mjs';
import { loadThreadedNode } from './threads-node.mjs';

export * from './api.mjs';

async function readBytes(where) {
  const s = String(where);
  if (/^https?:/.test(s)) return fetchBytes(s);
  return new Uint8Array(await readFile(s.startsWith('file:') ? new URL(s) : s));
}

// The .wasm's default place: next to this module; or, when a bundler has put this module in a
// CommonJS file (where import.meta is empty), next to that file (__filename exists only there).
function defaultWasmPath(name = 'onnx-reduce-wasm.wasm') {
  if (import.meta.url) return new URL(`./${name}`, import.meta.url);
  if (typeof __filename === 'string') return join(__filename, '..', name);
  throw new Error('onnx-reduce-wasm: init(): cannot tell where the .wasm is (no import.meta.url, no __filename); pass init({ wasmPath }) or init({ wasmBinary })');
}

// The .wasm bytes from options.wasmPath, else from the default place. A missing file is the
// usual result of bundling the package without copying its .wasm, so that failure names the
// path tried and what to pass instead.
async function readWasm(wasmPath, name) {
  const where = wasmPath ?? defaultWasmPath(name);
  const file = typeof where === 'string' && where.startsWith('file:') ? new URL(where) : where;
  try {
    return await readFile(file);
  } catch (e) {
    if (e?.code !== 'ENOENT') throw e;
    const path = file instanceof URL ? fileURLToPath(file) : String(file);
    const message = wasmPath === undefined
      ? `onnx-reduce-wasm: init(): the .wasm file ${path} does not exist (a bundler may have left it behind); `
        + `copy ${name} there, or pass init({ wasmPath }) with where it is, or init({ wasmBinary }) with its bytes`
      : `onnx-reduce-wasm: init({ wasmPath }): the .wasm file ${path} does not exist; pass the path of ${name} `
        + `(require.resolve('onnx-reduce-wasm/${name}') finds the installed one), or init({ wasmBinary }) with its bytes`;
    throw new Error(message, { cause: e });
  }
}

// ORW_NUM_THREADS, when set: the numThreads of an init() that leaves it out.
function threadsFromEnv() {
  const text = process.env.ORW_NUM_THREADS;
  if (text === undefined || text.trim() === '') return undefined;
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : text;
  return { threads: checkNumThreads(n, 'the environment variable ORW_NUM_THREADS (the default of init({ numThreads }))'), from: `ORW_NUM_THREADS=${n}` };
}

// Loads the wasm once. options: { numThreads?: number, wasmBinary?: ArrayBuffer | Uint8Array,
// wasmPath?: string | URL } (wasmBinary and wasmPath: the .wasm of the build numThreads picks).
export async function init(options = {}) {
  const requested = requestedThreads(options);
  const choose = () => chooseThreads(requested, {
    canRun: true,
    ownWasm: options.wasmBinary !== undefined || options.wasmPath !== undefined,
    preferred: threadsFromEnv(),
  });
  return initWith((chosen) => loadChosen(chosen, async (poolSize) => {
    const bytes = options.wasmBinary ?? (await readWasm(options.wasmPath, 'onnx-reduce-wasm-mt.wasm'));
    return loadThreadedNode(bytes, poolSize);
  }, async () => {
    const wasmBinary = options.wasmBinary ?? (await readWasm(options.wasmPath, 'onnx-reduce-wasm.wasm'));
    // The glue would otherwise resolve its .wasm against import.meta.url, which is empty in a
    // CommonJS bundle (new URL throws); the bytes are already here, so any name will do.
    return createCompiled(createOrwModule, wasmBinary, { locateFile: (name) => name });
  }), readBytes, choose, requested);
}
