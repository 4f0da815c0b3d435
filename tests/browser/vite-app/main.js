// A tiny app as an npm user would write it: the package by name, resolved by the bundler through
// the package's "exports" (the browser/default condition -> dist/index.mjs, whose .wasm the
// bundler emits as an asset), the single-file entry that needs no asset at all, and the main
// entry again inside a dedicated module Worker.
import { init, Node, Tensor } from 'onnx-reduce-wasm';
import * as single from 'onnx-reduce-wasm/single';
import { reduceSum } from './reduce-sum.js';

function show(id, promise) {
  const out = document.getElementById(id);
  promise.then(
    (text) => { out.textContent = text; out.dataset.state = 'ok'; },
    (e) => { out.textContent = `${e.name}: ${e.message}`; out.dataset.state = 'error'; },
  );
}

function inWorker() {
  return new Promise((ok, fail) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => { worker.terminate(); (data.ok ? ok : fail)(data.ok ? data.text : new Error(data.text)); };
    worker.onerror = (e) => { worker.terminate(); fail(new Error(`the worker failed: ${e.message}`)); };
  });
}

show('main', init().then(() => reduceSum({ Node, Tensor })));
show('single', single.init().then(() => reduceSum(single)));
show('worker', inWorker());
