// Shape inference of a whole model, then a run of it.
//   node examples/model-shapes.mjs              a model built here (symbolic batch N and length T)
//   node examples/model-shapes.mjs model.onnx   any model: prints the type and shape of every value
import { readFile } from 'node:fs/promises';
import { init, inferModelShapes, InferenceSession, makeModel, Tensor } from 'onnx-reduce-wasm';

await init();

const show = (info) => `${info.type} [${info.dims === null ? '?' : info.dims.map((d) => d ?? '?').join(', ')}]`;

if (process.argv[2]) {
  const shapes = inferModelShapes(await readFile(process.argv[2]));
  for (const [name, info] of Object.entries(shapes)) console.log(`${name}: ${show(info)}`);
  process.exit(0);
}

// scores [N, T, 8] -> per-position max over the 8 channels -> running total along T -> the
// position of the largest running total, and the mean of each sequence. makeModel writes the
// ModelProto bytes, after checking every node and value.
const model = makeModel({
  opset: 13,   // Reduce* take axes as an attribute up to opset 17; CumSum takes its axis as an input
  nodes: [
    { opType: 'ReduceMax', inputs: ['scores'], outputs: ['peak'], attributes: { axes: [2], keepdims: 0 } },
    { opType: 'CumSum', inputs: ['peak', 'time_axis'], outputs: ['running'] },
    { opType: 'ArgMax', inputs: ['running'], outputs: ['best'], attributes: { axis: 1, keepdims: 0 } },
    { opType: 'ReduceMean', inputs: ['peak'], outputs: ['mean'], attributes: { axes: [1], keepdims: 0 } },
  ],
  inputs: [
    { name: 'scores', type: 'float32', dims: ['N', 'T', 8] },
    { name: 'time_axis', type: 'int64', dims: [] },
  ],
  outputs: [
    { name: 'best', type: 'int64', dims: ['N'] },
    { name: 'mean', type: 'float32', dims: ['N'] },
  ],
});

// Every value of the graph, symbolic dims carried through.
const shapes = inferModelShapes(model);
console.log(`peak: ${show(shapes.peak)}`); // → peak: float32 [N, T]
console.log(`running: ${show(shapes.running)}`); // → running: float32 [N, T]
console.log(`best: ${show(shapes.best)}`); // → best: int64 [N]
console.log(`mean: ${show(shapes.mean)}`); // → mean: float32 [N]

const session = await InferenceSession.create(model);
console.log(`${session.inputNames.join(' ')} -> ${session.outputNames.join(' ')}`); // → scores time_axis -> best mean
const scores = new Tensor('float32', Float32Array.from({ length: 2 * 3 * 8 }, (_, i) => (i % 8) * ((i >> 3) % 3 === 1 ? -1 : 1)), [2, 3, 8]);
const { best, mean } = await session.run({
  scores,
  time_axis: new Tensor('int64', [1n], []),
});
console.log(`best: ${best.type} [${best.dims}] ${best.data.join(' ')}`); // → best: int64 [2] 2 2
console.log(`mean: ${mean.type} [${mean.dims}] ${Array.from(mean.data, (v) => v.toFixed(3)).join(' ')}`); // → mean: float32 [2] 4.667 4.667
await session.release();
