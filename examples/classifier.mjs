// Classifier post-processing: from a batch of logits to each row's top class, its
// probability and the log-softmax, with ReduceLogSumExp and ArgMax (stable for large logits).
//   node examples/classifier.mjs
import { init, Node, Tensor } from 'onnx-reduce-wasm';

await init();

const labels = ['cat', 'dog', 'bird', 'fish'];
// Logits of 3 images over 4 classes, as a model's last layer gives them (row-major [3, 4]).
const logits = new Tensor('float32', Float32Array.of(
  2.0, 0.5, -1.0, 0.1,
  -3.0, 4.0, 3.5, 0.0,
  1000, 1001, 999, 998,      // large logits: exp() would overflow float32, LogSumExp does not
), [3, 4]);

const lse = Node.create({ opType: 'ReduceLogSumExp', attributes: { axes: [1], keepdims: 1 }, opset: 13 });
const top = Node.create({ opType: 'ArgMax', attributes: { axis: 1, keepdims: 0 }, opset: 13 });
const exp = Node.create({ opType: 'Exp', opset: 13 });

const [logNorm] = lse.run([logits]);   // [3, 1]: log(sum(exp(logits))) per row
const [best] = top.run([logits]);      // [3]: int64 class indices

// log-softmax = logits - logNorm (broadcast over the row); probabilities = exp(log-softmax).
const [classes] = logits.dims.slice(1);
const logSoftmax = new Tensor('float32', logits.data.map((v, i) => v - logNorm.data[Math.floor(i / classes)]), logits.dims);
const [probs] = exp.run([logSoftmax]);

for (let row = 0; row < logits.dims[0]; ++row) {
  const k = Number(best.data[row]);
  console.log(`image ${row}: ${labels[k]} p=${probs.data[row * classes + k].toFixed(4)} log p=${logSoftmax.data[row * classes + k].toFixed(4)}`);
}
// → image 0: cat p=0.7030 log p=-0.3524
// → image 1: dog p=0.6151 log p=-0.4860
// → image 2: dog p=0.6439 log p=-0.4402

for (const node of [lse, top, exp]) node.dispose();
