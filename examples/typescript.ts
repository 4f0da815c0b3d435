// TypeScript: the package ships its types (dist/index.d.ts); tsc checks this file against them.
//   npx tsc -p examples/tsconfig.json && node build/examples/typescript.js
import { init, Node, Tensor } from 'onnx-reduce-wasm';
import type { DataType, ShapeInfo, TensorLocation } from 'onnx-reduce-wasm';

function describe(t: Tensor): string {
  const where: TensorLocation = t.location;
  const type: DataType = t.type;
  return `${type} [${t.dims.join(', ')}] in ${where}`;
}

async function main(): Promise<void> {
  await init();

  // The data's kind follows the type: Tensor<'float32'> holds a Float32Array.
  const x: Tensor<'float32'> = new Tensor('float32', Float32Array.of(1, 4, 9, 16), [2, 2]);
  const values: Float32Array = x.data;
  console.log(describe(x), values.length); // → float32 [2, 2] in cpu 4

  const mean = Node.create({ opType: 'ReduceMean', attributes: { axes: [0, 1], keepdims: 0 }, opset: 13 });
  const [m] = mean.run([x]);
  console.log(describe(m), m.data[0]); // → float32 [] in cpu 7.5

  const shapes: ShapeInfo[] = mean.inferShapes([{ type: 'float16', dims: ['batch', 8] }]);
  console.log(JSON.stringify(shapes)); // → [{"type":"float16","dims":[]}]
  mean.dispose();

  // Zero-copy: a tensor in wasm memory, filled in place, freed by dispose().
  const resident = Tensor.allocate('float64', [3]);
  resident.data.set([0.5, 0.25, 0.125]);
  const cumsum = Node.create({ opType: 'CumSum', opset: 14 });
  const [c] = cumsum.run([resident, new Tensor('int32', [0], [])], { preferredOutputLocation: 'wasm' });
  console.log(describe(c), (await c.getData(true)).join(' ')); // → float64 [3] in wasm 0.5 0.75 0.875
  resident.dispose();
  cumsum.dispose();
}

await main();
