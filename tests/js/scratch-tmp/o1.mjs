import * as ort from 'onnxruntime-web';
import { oneNodeModel } from '/work/main/tests/js/helpers/model-writer.mjs';
ort.env.wasm.numThreads = 1;
const run = async (label, spec, feeds) => {
  try {
    const s = await ort.InferenceSession.create(oneNodeModel(spec));
    const r = await s.run(feeds);
    const y = r[spec.output.name];
    console.log(label, y.type, y.dims, Array.from(y.data));
  } catch (e) { console.log(label, 'ERR', e.message.slice(0, 300)); }
};
const x = new ort.Tensor('float32', Float32Array.from([1,2,3,4,5,6]), [2,3]);
await run('prod13', { opType: 'ReduceProd', opset: 13, attributes: { axes: [1], keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,3] }], output: { name: 'y', type: 'float32', dims: null } }, { x });
await run('prod18', { opType: 'ReduceProd', opset: 18, attributes: { keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,3] }, {name: 'axes', type: 'int64', dims: [1]}], output: { name: 'y', type: 'float32', dims: null } }, { x, axes: new ort.Tensor('int64', BigInt64Array.from([-1n]), [1]) });
await run('prod18 dup', { opType: 'ReduceProd', opset: 18, attributes: { keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,3] }, {name: 'axes', type: 'int64', dims: [2]}], output: { name: 'y', type: 'float32', dims: null } }, { x, axes: new ort.Tensor('int64', BigInt64Array.from([1n, -1n]), [2]) });
await run('prod13 dup', { opType: 'ReduceProd', opset: 13, attributes: { axes: [1, 1], keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,3] }], output: { name: 'y', type: 'float32', dims: null } }, { x });
await run('cumprod26', { opType: 'CumProd', opset: 26, inputs: [{ name: 'x', type: 'float32', dims: [2,3] }, {name: 'a', type: 'int64', dims: []}], output: { name: 'y', type: 'float32', dims: null } }, { x, a: new ort.Tensor('int64', BigInt64Array.from([1n]), []) });
await run('cumsum14', { opType: 'CumSum', opset: 14, inputs: [{ name: 'x', type: 'float32', dims: [2,3] }, {name: 'a', type: 'int64', dims: []}], output: { name: 'y', type: 'float32', dims: null } }, { x, a: new ort.Tensor('int64', BigInt64Array.from([1n]), []) });
const e = new ort.Tensor('float32', new Float32Array(0), [2,0,3]);
await run('empty13', { opType: 'ReduceProd', opset: 13, attributes: { axes: [1], keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,0,3] }], output: { name: 'y', type: 'float32', dims: null } }, { x: e });
await run('empty13 kd', { opType: 'ReduceProd', opset: 13, attributes: { axes: [1], keepdims: 1 }, inputs: [{ name: 'x', type: 'float32', dims: [2,0,3] }], output: { name: 'y', type: 'float32', dims: null } }, { x: e });
await run('empty13 ax0', { opType: 'ReduceProd', opset: 13, attributes: { axes: [0], keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,0,3] }], output: { name: 'y', type: 'float32', dims: null } }, { x: e });
await run('empty13 all', { opType: 'ReduceProd', opset: 13, attributes: { keepdims: 0 }, inputs: [{ name: 'x', type: 'float32', dims: [2,0,3] }], output: { name: 'y', type: 'float32', dims: null } }, { x: e });
await run('i64', { opType: 'ReduceProd', opset: 13, attributes: { keepdims: 1 }, inputs: [{ name: 'x', type: 'int64', dims: [3] }], output: { name: 'y', type: 'int64', dims: null } }, { x: new ort.Tensor('int64', BigInt64Array.from([3n**20n, 3n**20n, 5n]), [3]) });
await run('i32', { opType: 'ReduceProd', opset: 13, attributes: { keepdims: 1 }, inputs: [{ name: 'x', type: 'int32', dims: [3] }], output: { name: 'y', type: 'int32', dims: null } }, { x: new ort.Tensor('int32', Int32Array.from([100000, 100000, 7]), [3]) });
await run('f64', { opType: 'ReduceProd', opset: 18, attributes: { keepdims: 1, noop_with_empty_axes: 1 }, inputs: [{ name: 'x', type: 'float64', dims: [3] }], output: { name: 'y', type: 'float64', dims: null } }, { x: new ort.Tensor('float64', Float64Array.from([2, 3, 4]), [3]) });
await run('cumsum i32', { opType: 'CumSum', opset: 14, attributes: {exclusive: 1, reverse: 1}, inputs: [{ name: 'x', type: 'int32', dims: [3] }, {name: 'a', type: 'int32', dims: []}], output: { name: 'y', type: 'int32', dims: null } }, { x: new ort.Tensor('int32', Int32Array.from([1,2,3]), [3]), a: new ort.Tensor('int32', Int32Array.from([0]), []) });
