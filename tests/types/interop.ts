// Compile-only check (tsc --strict): this package's tensors and onnxruntime-web's go into each
// other's APIs without casts, both directions, and the `.type` / `.location` checks narrow.
import * as ort from 'onnxruntime-web';
import { init, InferenceSession, Node, Tensor } from 'onnx-reduce-wasm';
import type { DataType } from 'onnx-reduce-wasm';

async function ours(session: ort.InferenceSession): Promise<void> {
  await init();
  // Ours where onnxruntime-web's Tensor is expected: a value, a feed of its session.
  const x = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
  const asOrt: ort.Tensor = x;
  const typed: ort.TypedTensor<'float32'> = x;
  await session.run({ input: x });
  const [probs] = Node.create({ opType: 'Softmax', attributes: { axis: -1 } }).run([x]);
  await session.run({ input: probs });
  const ids = new Tensor(new BigInt64Array([1n, 2n]));
  await session.run({ input_ids: ids });
  // @ts-expect-error a 'wasm' tensor is not a CPU tensor onnxruntime-web could read
  const resident: ort.Tensor = Tensor.allocate('float32', [2]);
  // @ts-expect-error onnxruntime-web has no bfloat16
  const bf: ort.Tensor = new Tensor('bfloat16', [1]);
  void [asOrt, typed, resident, bf];
}

async function theirs(): Promise<void> {
  await init();
  // onnxruntime-web's tensors where ours are expected: Node.run, sessions, makeModel initializers.
  const t = new ort.Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2]);
  const [y] = Node.create({ opType: 'ReduceMax', attributes: { keepdims: 0 }, opset: 13 }).run([t, new ort.Tensor('int64', [1n], [1])]);
  const anyType: DataType = y.type;
  const session = await InferenceSession.create(new Uint8Array(0));
  const out = await session.run({ x: t });
  // A session's outputs may be in wasm memory (preferredOutputLocation): narrow on location first.
  const z = out.z;
  // @ts-expect-error it may be a 'wasm' tensor
  const notYet: ort.Tensor = z;
  if (z.location === 'cpu' && z.type !== 'bfloat16') {
    const back: ort.Tensor = z;
    void back;
  }
  void [anyType, notYet];
}

function narrowing(t: Tensor): void {
  // A Tensor of any type is a union: checking `type` narrows `data`.
  if (t.type === 'float32') {
    const f: Float32Array = t.data;
    void f;
  } else if (t.type === 'int64' || t.type === 'uint64') {
    const big: bigint = t.data[0];
    void big;
  } else {
    // @ts-expect-error not narrowed to one TypedArray
    const f: Float32Array = t.data;
    void f;
  }
  if (t.location === 'wasm') {
    const w: 'wasm' = t.reshape([t.size]).location;
    void w;
  }
}
void [ours, theirs, narrowing];
