// The threaded module in Node: a CommonJS build of its own (dist/onnx-reduce-wasm-mt.node.cjs),
// because Emscripten 3.1.6's ES module glue cannot run in Node and its pthread workers need the
// glue's worker_threads path. Required only when init() picks threads, so a single-threaded
// user never reads it or its .wasm.
import { createRequire } from 'node:module';
import { createCompiled } from './module.mjs';

// The module with `poolSize` pthread workers, started and loaded before it resolves. `bytes`:
// the threaded .wasm (onnx-reduce-wasm-mt.wasm).
export function loadThreadedNode(bytes, poolSize) {
  // import.meta.url is this bundle's own URL, also in the CommonJS bundle (build.sh defines it
  // there): the glue is next to it in dist/.
  const requireHere = createRequire(import.meta.url);
  const createOrwModule = requireHere('./onnx-reduce-wasm-mt.node.cjs');
  const moduleArg = {
    orwPoolSize: poolSize,
    // The worker script is shipped as .cjs (the package is "type": "module", and the worker is
    // CommonJS); the glue asks for it by the name Emscripten gave it.
    locateFile: (name, dir) => dir + name.replace(/\.worker\.js$/, '.worker.cjs'),
  };
  // The pool's workers were started before the .wasm was compiled: end them on failure, or
  // they would keep the process alive. (Compiled as in the single-threaded build; the glue
  // posts the compiled module to each worker.)
  const fail = (e) => {
    moduleArg.PThread?.terminateAllThreads();
    throw e;
  };
  let ready;
  try {
    ready = createCompiled(createOrwModule, bytes, moduleArg);
  } catch (e) {
    return Promise.reject(e).catch(fail);
  }
  return ready.then((m) => {
    unrefNodeWorkers(m);
    return m;
  }, fail);
}

// The Node glue's pthread workers would keep the process alive after the caller's work is done
// (they wait for threads to run): unref each one, those made later too, so a script ends by
// itself. A worker running a kernel is waited for by the calling thread, which is busy.
export function unrefNodeWorkers(m) {
  const P = m.PThread;
  for (const w of [...P.unusedWorkers, ...P.runningWorkers]) w.unref?.();
  const allocate = P.allocateUnusedWorker;
  P.allocateUnusedWorker = function allocateUnref() {
    allocate.call(P);
    P.unusedWorkers[P.unusedWorkers.length - 1]?.unref?.();
  };
}
