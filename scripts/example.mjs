// The main job for now: parse a ReduceProd and a CumProd node from serialized onnx.NodeProto
// bytes and run them in WebAssembly. Run with `npm start` (after a build).
import { init, Node, Tensor } from '../dist/index.node.mjs';
import { encodeNode } from '../bindings/js/proto-writer.mjs';

const show = (t) => `${t.type} [${t.dims}] ${Array.from(t.data).join(' ')}`;

await init();

const x = new Tensor('float32', Float32Array.from({ length: 12 }, (_, i) => i + 1), [3, 2, 2]);
console.log(`x = ${show(x)}`);

const reduceBytes = encodeNode({ opType: 'ReduceProd', inputs: ['x'], outputs: ['y'], attributes: { axes: [1], keepdims: 1 } });
const reduce = Node.fromBytes(reduceBytes, { opset: 13 });
console.log(`ReduceProd (${reduceBytes.length} bytes, opset 13 -> version ${reduce.sinceVersion}), axes [1], keepdims 1:`);
console.log(`  ${show(reduce.run([x])[0])}`);

const reduce18 = Node.fromBytes(encodeNode({ opType: 'ReduceProd', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } }), { opset: 18 });
console.log('ReduceProd (opset 18) with axes input [0, 2], keepdims 0:');
console.log(`  ${show(reduce18.run([x, new Tensor('int64', [0n, 2n], [2])])[0])}`);

const v = new Tensor('float32', [1, 2, 3]);
for (const [exclusive, reverse] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
  const cumprod = Node.fromBytes(encodeNode({ opType: 'CumProd', inputs: ['x', 'axis'], outputs: ['y'], attributes: { exclusive, reverse } }), { opset: 26 });
  const [y] = cumprod.run([v, new Tensor('int32', [0], [])]);
  console.log(`CumProd [1,2,3] exclusive=${exclusive} reverse=${reverse}: ${show(y)}`);
  cumprod.dispose();
}

try {
  reduce.run([new Tensor('int8', [1, 2])]);
} catch (e) {
  console.log(`An error, as users see it: ${e.constructor.name}: ${e.message}`);
}
