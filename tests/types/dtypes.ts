// Compile-only check (tsc --strict) that a Tensor's element type types its data: each use
// below must compile, and each @ts-expect-error line must fail (tsc reports an unused one).
import { init, Node, Tensor } from 'onnx-reduce-wasm';
import type { DataType, DataTypeMap } from 'onnx-reduce-wasm';

async function main(): Promise<void> {
  await init();

  // From a TypedArray: the element type follows it, so elements are numbers or bigints as they are.
  const f32 = new Tensor(new Float32Array(3));
  const doubled: number = f32.data[0] * 2;
  const f32Type: 'float32' = f32.type;
  const i64 = new Tensor(new BigInt64Array(2));
  const big: bigint = i64.data[0] + 1n;
  // @ts-expect-error an int64 tensor's elements are bigints, not numbers
  const notNumber: number = i64.data[0];
  // @ts-expect-error bigints and numbers do not mix
  i64.data[0] * 2;
  const u8: Uint8Array = new Tensor(new Uint8Array(1)).data;
  const u64: BigUint64Array = new Tensor(new BigUint64Array(1)).data;
  const i32Type: 'int32' = new Tensor(new Int32Array(1)).type;
  // @ts-expect-error a Float64Array makes a float64 tensor, not float32
  const wrong: Tensor<'float32'> = new Tensor(new Float64Array(1));

  // From a type string: plain arrays or the matching TypedArray.
  const bools = new Tensor('bool', [true, false]);
  const boolData: Uint8Array = bools.data;
  const half = new Tensor('float16', [1.5]);
  const halfBits: Uint16Array = half.data;
  const bf = new Tensor('bfloat16', new Uint16Array(2));
  const bfBits: number = bf.data[0];
  const axes = new Tensor('int64', [1n], [1]);
  const axis: bigint = axes.data[0];
  // @ts-expect-error an int64 tensor's data is a BigInt64Array
  const axesAsNumbers: Float32Array = axes.data;
  // @ts-expect-error the TypedArray must match the type string
  new Tensor('int64', new Int32Array(1));

  // getData, reshape and allocate keep the element type.
  const copied: BigInt64Array = await i64.getData();
  // @ts-expect-error getData of a float32 tensor gives a Float32Array
  const copiedWrong: BigInt64Array = await f32.getData();
  const reshaped: Float32Array = f32.reshape([3, 1]).data;
  const resident = Tensor.allocate('uint32', [2]);
  const residentData: Uint32Array = resident.data;
  resident.dispose();

  // A type known only at run time: any element type (narrow on `type` or the array's class).
  const someType = 'int8' as DataType;
  const some = new Tensor(someType, [1]);
  const anyData: DataTypeMap[DataType] = some.data;
  // @ts-expect-error the element may be a bigint
  const unknownElement: number = some.data[0];
  // A typed tensor is a Tensor of any type, too.
  const general: Tensor = i64;
  const isTensor: boolean = (general as unknown) instanceof Tensor;

  // Output types: fixed by the op (ArgMax / ArgMin indices, Shape's dims, TopK's indices), or the
  // input's where the op keeps it (TopK's values, the Reduce ops, Softmax, Reshape, ...).
  const argmax = Node.create({ opType: 'ArgMax', attributes: { axis: 0 } });
  const [index] = argmax.run([f32]);
  const best: bigint = index.data[0];
  const [values, indices] = Node.create({ opType: 'TopK', opset: 11 }).run([f32, new Tensor('int64', [1n])]);
  const first: bigint = indices.data[0];
  const value: number = values.data[0];
  const [dims] = Node.create({ opType: 'Shape' }).run([f32]);
  const rank: bigint = dims.data[0];
  const [sum] = Node.create({ opType: 'ReduceSum' }).run([i64]);
  const sumType: 'int64' = sum.type;
  // @ts-expect-error ReduceSum of an int64 tensor gives int64 (bigint elements)
  const sumNumber: number = sum.data[0];
  // An op not known at compile time (the explicit escape): tensors of any type.
  const opType: string = 'ArgMin' as string;
  const outs = Node.create<string>({ opType }).run([f32]);
  // @ts-expect-error the op is not known at compile time, so neither is the output's type
  const outIndex: bigint = outs[0].data[0];
  const asNode: Node = argmax;

  void [doubled, f32Type, big, notNumber, u8, u64, i32Type, wrong, boolData, halfBits, bfBits, axis, axesAsNumbers,
    copied, copiedWrong, reshaped, residentData, anyData, unknownElement, isTensor, best, first, value, sumType, sumNumber, outIndex, asNode, rank];
}
void main;
