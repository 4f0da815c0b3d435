// Compile-only check of the hand-written types (tsc --noEmit): typical uses type-check, and
// the @ts-expect-error lines prove the types reject misuse.
import { init, Tensor, Node, InferenceSession, inferModelShapes, readTensorProto, memoryStats, LATEST_OPSET } from 'onnx-reduce-wasm';
import type { ShapeInfo, DataType } from 'onnx-reduce-wasm';

async function main(modelBytes: Uint8Array): Promise<void> {
  await init();
  await init({ wasmPath: '/assets/onnx-reduce-wasm.wasm' });

  const x = new Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2]);
  const f: Float32Array = x.data;
  const big = new Tensor('int64', new BigInt64Array([1n, 2n]), [2]);
  const b: BigInt64Array = big.data;
  const inferred = new Tensor(new Int32Array([1, 2]));
  const dt: DataType = inferred.type;
  // @ts-expect-error float32 data must be a Float32Array
  new Tensor('float32', new Int32Array(2), [2]);

  const node = Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0 }, opset: LATEST_OPSET });
  const [y] = node.run([x, new Tensor('int64', [1n], [1])]);
  const dims: readonly number[] = y.dims;
  const again = Node.fromBytes(node.toBytes(), { opset: 18 });
  const shapes: ShapeInfo[] = again.inferShapes([{ type: 'float32', dims: ['N', 3] }, null]);
  const opType: string = node.opType;
  const since: number = node.sinceVersion;
  node.dispose();
  // @ts-expect-error run takes an array of tensors
  again.run(x);

  const session = await InferenceSession.create(modelBytes);
  const out: Record<string, Tensor> = await session.run({ [session.inputNames[0]]: x });
  const sync = session.runSync({ data: x });
  await session.release();

  const all: Record<string, ShapeInfo> = inferModelShapes(modelBytes);
  const { tensor } = readTensorProto(new Uint8Array(0));
  const used: number = memoryStats().heapUsed;
  void [f, b, dt, dims, shapes, opType, since, out, sync, all, tensor, used];
}
void main;
