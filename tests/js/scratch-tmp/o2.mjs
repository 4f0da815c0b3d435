import * as ort from 'onnxruntime-web';
import { oneNodeModel } from '../helpers/model-writer.mjs';
ort.env.wasm.numThreads = 1;
const run = async (label, spec, feeds) => {
  try {
    const s = await ort.InferenceSession.create(oneNodeModel(spec));
    const r = await s.run(feeds);
    const y = r[spec.output.name];
    console.log(label, y.type, y.dims, Array.from(y.data));
  } catch (e) { console.log(label, 'ERR', e.message.slice(0, 300)); }
};
const R = (label, opset, attrs, type, arr, dims, axes) => {
  const inputs = [{ name: 'x', type, dims }];
  const feeds = { x: new ort.Tensor(type, arr, dims) };
  if (axes) { inputs.push({ name: 'axes', type: 'int64', dims: [axes.length] }); feeds.axes = new ort.Tensor('int64', BigInt64Array.from(axes.map(BigInt)), [axes.length]); }
  return run(label, { opType: 'ReduceProd', opset, attributes: attrs, inputs, output: { name: 'y', type, dims: null } }, feeds);
};
await R('i64 big', 13, {}, 'int64', BigInt64Array.from([3n**20n, 3n**15n]), [2]);
await R('i64 neg ovf', 13, {}, 'int64', BigInt64Array.from([-(3n**20n), 3n**20n]), [2]);
await R('i64 ovf2', 13, {}, 'int64', BigInt64Array.from([2n**40n, 2n**40n]), [2]);
await R('i32 neg', 13, {}, 'int32', Int32Array.from([-100000, 100000]), [2]);
await R('i32 2^32', 13, {}, 'int32', Int32Array.from([65536, 65536, 3]), [3]);
const e = new Float32Array(0);
await R('e ax0 kd1', 13, {axes:[0]}, 'float32', e, [2,0,3]);
await R('e ax1 kd1', 13, {axes:[1]}, 'float32', e, [2,0,3]);
await R('e ax02 kd1', 13, {axes:[0,2]}, 'float32', e, [2,0,3]);
await R('e ax02 kd0', 13, {axes:[0,2], keepdims: 0}, 'float32', e, [2,0,3]);
await R('e all kd1', 13, {}, 'float32', e, [2,0,3]);
await R('e 18 ax0 kd1', 18, {}, 'float32', e, [2,0,3], [0]);
await R('e 18 ax0 kd0', 18, {keepdims: 0}, 'float32', e, [2,0,3], [0]);
await R('e 18 ax2 kd0', 18, {keepdims: 0}, 'float32', e, [2,0,3], [2]);
await R('e 18 noop', 18, {noop_with_empty_axes: 1}, 'float32', e, [2,0,3], []);
await R('e 18 none', 18, {keepdims: 0}, 'float32', e, [2,0,3], []);
await R('e 18 none kd1', 18, {keepdims: 1}, 'float32', e, [2,0,3], []);
await R('e1d', 18, {keepdims: 0}, 'float32', e, [0], [0]);
await R('e1d kd', 18, {keepdims: 1}, 'float32', e, [0], [0]);
await R('e [0,2] ax1', 18, {keepdims: 0}, 'float32', e, [0,2], [1]);
await R('e [0,2] ax1 kd', 18, {keepdims: 1}, 'float32', e, [0,2], [1]);
await R('e [0,2] ax-1 kd', 18, {keepdims: 1}, 'float32', e, [0,2], [-1]);
await R('e [2,0] ax0 kd', 18, {keepdims: 1}, 'float32', e, [2,0], [0]);
await R('e [2,0] ax0', 18, {keepdims: 0}, 'float32', e, [2,0], [0]);
await R('e i32 [2,0] ax0', 18, {keepdims: 0}, 'int32', new Int32Array(0), [2,0], [0]);
await R('e i32 [2,0,3] ax0', 13, {keepdims: 0, axes: [0]}, 'int32', new Int32Array(0), [2,0,3]);
await R('nan', 13, {}, 'float32', Float32Array.from([NaN, 0]), [2]);
await R('inf0', 13, {}, 'float32', Float32Array.from([Infinity, 0]), [2]);
await R('scalar', 13, {}, 'float32', Float32Array.from([3]), []);
await R('scalar kd0', 13, {keepdims:0}, 'float32', Float32Array.from([3]), []);
await R('scalar 18', 18, {}, 'float32', Float32Array.from([3]), [], []);
await R('dup 18', 18, {}, 'float32', Float32Array.from([3, 4]), [2], [0, 0]);
await R('dup 13', 13, {axes: [0, -1]}, 'float32', Float32Array.from([3, 4]), [2]);
