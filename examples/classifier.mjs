// Classifier post-processing: from a batch of logits to each row's two most likely classes and
// their probabilities (Softmax, then TopK), and the log-probability of the best one (LogSoftmax,
// exact where exp() of large logits would overflow float32).
//   node examples/classifier.mjs
import { init, Node, Tensor } from 'onnx-reduce-wasm';

await init();

const labels = ['cat', 'dog', 'bird', 'fish'];
// Logits of 3 images over 4 classes, as a model's last layer gives them (row-major [3, 4]).
const logits = new Tensor('float32', Float32Array.of(
  2.0, 0.5, -1.0, 0.1,
  -3.0, 4.0, 3.5, 0.0,
  1000, 1001, 999, 998,      // large logits: exp() would overflow float32; Softmax subtracts the maximum first
), [3, 4]);

const softmax = Node.create({ opType: 'Softmax', attributes: { axis: -1 }, opset: 13 });
const logSoftmax = Node.create({ opType: 'LogSoftmax', attributes: { axis: -1 }, opset: 13 });
const topk = Node.create({ opType: 'TopK', attributes: { axis: -1 }, opset: 11 });   // K is an input from opset 10

const [probs] = softmax.run([logits]);                                     // [3, 4], rows sum to 1
const [best, classes] = topk.run([probs, new Tensor('int64', [2n], [1])]); // [3, 2] values, [3, 2] int64 indices
const [logProbs] = logSoftmax.run([logits]);

for (let row = 0; row < logits.dims[0]; ++row) {
  const picks = [0, 1].map((j) => `${labels[Number(classes.data[row * 2 + j])]} ${best.data[row * 2 + j].toFixed(4)}`);
  const logP = logProbs.data[row * 4 + Number(classes.data[row * 2])];
  console.log(`image ${row}: ${picks.join(', ')} (log p ${logP.toFixed(4)})`);
}
// → image 0: cat 0.7030, dog 0.1569 (log p -0.3524)
// → image 1: dog 0.6151, bird 0.3731 (log p -0.4860)
// → image 2: dog 0.6439, cat 0.2369 (log p -0.4402)

for (const node of [softmax, logSoftmax, topk]) node.dispose();
