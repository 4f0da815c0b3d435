// Node, CommonJS: require() gets the same API (dist/index.cjs).
//   node examples/commonjs.cjs
const { init, Node, Tensor, LATEST_OPSET } = require('onnx-reduce-wasm');

async function main() {
  await init();
  console.log(`latest opset: ${LATEST_OPSET}`); // → latest opset: 26

  // Column maxima and the row each came from, of a [3, 4] int32 matrix.
  const m = new Tensor('int32', Int32Array.of(3, 9, 1, 4, 8, 2, 7, 4, 5, 6, 7, 0), [3, 4]);
  const max = Node.create({ opType: 'ReduceMax', attributes: { axes: [0], keepdims: 0 }, opset: 13 });
  const argmax = Node.create({ opType: 'ArgMax', attributes: { axis: 0, keepdims: 0 }, opset: 13 });
  const [values] = max.run([m]);
  const [rows] = argmax.run([m]);
  console.log(`max ${values.data.join(' ')} at rows ${rows.data.join(' ')}`); // → max 8 9 7 4 at rows 1 0 1 0

  // A node parsed from serialized onnx.NodeProto bytes (here: the bytes of the one above).
  const parsed = Node.fromBytes(argmax.toBytes(), { opset: 11 });
  console.log(`${parsed.opType} version ${parsed.sinceVersion} ${JSON.stringify(parsed.attributes)}`); // → ArgMax version 11 {"axis":0,"keepdims":0}

  for (const node of [max, argmax, parsed]) node.dispose();
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
