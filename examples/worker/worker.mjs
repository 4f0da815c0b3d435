// The worker side of examples/worker/index.html: loads the package once and answers each
// { samples: Float32Array } with its min, max, the index of the max and its L2 norm.
// Import maps do not reach workers: import the browser entry by its path (a bundler resolves
// 'onnx-reduce-wasm' here as in any module).
import { init, Node, Tensor } from '/node_modules/onnx-reduce-wasm/dist/index.mjs';

const ready = init().then(() => ({
  min: Node.create({ opType: 'ReduceMin', attributes: { keepdims: 0 }, opset: 13 }),
  max: Node.create({ opType: 'ReduceMax', attributes: { keepdims: 0 }, opset: 13 }),
  argmax: Node.create({ opType: 'ArgMax', attributes: { axis: 0, keepdims: 0 }, opset: 13 }),
  l2: Node.create({ opType: 'ReduceL2', attributes: { keepdims: 0 }, opset: 13 }),
}));

self.onmessage = async ({ data }) => {
  try {
    const nodes = await ready;
    const x = new Tensor('float32', data.samples, [data.samples.length]);
    const [argmax] = nodes.argmax.run([x]);
    const [min] = nodes.min.run([x]);
    const [max] = nodes.max.run([x]);
    const [l2] = nodes.l2.run([x]);
    self.postMessage({ min: min.data[0], max: max.data[0], argmax: Number(argmax.data[0]), l2: l2.data[0] });
  } catch (e) {
    self.postMessage({ error: e.message });
  }
};
