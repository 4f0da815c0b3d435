// A tiny app as an npm user would write it: the package by name, resolved by Vite through the
// package's "exports" (the browser/default condition -> dist/index.mjs, whose .wasm Vite emits
// as an asset), and the single-file entry that needs no asset at all.
import { init, Node, Tensor } from 'onnx-reduce-wasm';
import * as single from 'onnx-reduce-wasm/single';

function reduceSum(api) {
  const node = api.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
  const x = new api.Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  const [y] = node.run([x, new api.Tensor('int64', [1n], [1])]);
  node.dispose();
  return `${y.type} [${y.dims.join(',')}] ${Array.from(y.data).join(' ')}`;
}

function show(id, promise) {
  const out = document.getElementById(id);
  promise.then(
    (text) => { out.textContent = text; out.dataset.state = 'ok'; },
    (e) => { out.textContent = `${e.name}: ${e.message}`; out.dataset.state = 'error'; },
  );
}

show('main', init().then(() => reduceSum({ Node, Tensor })));
show('single', single.init().then(() => reduceSum(single)));
