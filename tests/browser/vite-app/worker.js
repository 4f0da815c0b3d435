// The main entry inside a dedicated module Worker, as an app that keeps its page responsive
// would use it: the bundler bundles this file as a worker (new Worker(new URL(...)) in main.js)
// and must carry the .wasm for it too.
import { init, Node, Tensor } from 'onnx-reduce-wasm';
import { reduceSum } from './reduce-sum.js';

init().then(
  () => postMessage({ ok: true, text: reduceSum({ Node, Tensor }) }),
  (e) => postMessage({ ok: false, text: `${e.name}: ${e.message}` }),
);
