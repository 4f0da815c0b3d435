// Compile-only check of the hand-written types (tsc --noEmit): typical uses type-check, and
// the @ts-expect-error lines prove the types reject misuse.
import { init, Tensor, Node, InferenceSession, inferModelShapes, readTensorProto, memoryStats, makeModel, makeNode, LATEST_OPSET, runtimeInfo } from 'onnx-reduce-wasm';
import type { ShapeInfo, DataType, TensorLocation, ModelSpec, RuntimeInfo, ShapeDiagnostic, GraphValueShape } from 'onnx-reduce-wasm';

async function main(modelBytes: Uint8Array): Promise<void> {
  await init();
  await init({ wasmPath: '/assets/onnx-reduce-wasm.wasm' });
  await init({ numThreads: 4 });
  const info: RuntimeInfo = runtimeInfo();
  const threaded: boolean = info.build === 'threaded' && info.numThreads > 1 && info.simd;
  const why: string | undefined = info.reason;
  // @ts-expect-error build is one of two names
  const wrongBuild: RuntimeInfo['build'] = 'multi';
  // @ts-expect-error numThreads is a number
  await init({ numThreads: '2' });

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
  again.inferShapes([{ type: 'int4', dims: [4, 8] }]);  // inference-only types are shape inputs
  // @ts-expect-error no Tensor holds an inference-only type
  new Tensor('float8e4m3fn', new Uint8Array(1));
  const opType: string = node.opType;
  const since: number = node.sinceVersion;
  node.dispose();
  // @ts-expect-error run takes an array of tensors
  again.run(x);

  const session = await InferenceSession.create(modelBytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const out: Record<string, Tensor> = await session.run({ [session.inputNames[0]]: x });
  const firstShape: readonly (number | string | null)[] | null = session.inputMetadata[0].shape;
  const outputIsTensor: boolean = session.outputMetadata[0].isTensor;
  // @ts-expect-error graphOptimizationLevel is one of onnxruntime-web's names
  await InferenceSession.create(modelBytes, { graphOptimizationLevel: 'max' });
  const sync = session.runSync({ data: x });
  await session.release();

  // Tensors in wasm memory, preallocated outputs, onnxruntime-web shaped inputs.
  const resident = Tensor.allocate('float32', [2, 2]);
  resident.data.set([1, 2, 3, 4]);
  const loc: TensorLocation = resident.location;
  const [kept] = again.run([resident], { preferredOutputLocation: 'wasm' });
  const copied: Float32Array = await resident.getData();
  const into = Tensor.allocate('float32', [2]);
  again.run([resident.reshape([4, 1])], { outputs: [into, null] });
  again.run([{ type: 'float32', data: new Float32Array(4), dims: [2, 2], location: 'cpu' }]);
  // @ts-expect-error preferredOutputLocation is 'cpu' or 'wasm'
  again.run([resident], { preferredOutputLocation: 'gpu-buffer' });
  const wasmSession = await InferenceSession.create(modelBytes, { preferredOutputLocation: { y: 'wasm' } });
  const fetched = await wasmSession.run({ x: resident }, { y: into });
  const named = wasmSession.runSync({ x: resident }, ['y'], { preferredOutputLocation: 'cpu' });
  for (const t of [kept, into, resident]) t.dispose();
  const all: Record<string, ShapeInfo> = inferModelShapes(modelBytes);
  const report = inferModelShapes(modelBytes, { strict: false });
  const firstCause: ShapeDiagnostic['cause'] = report.diagnostics[0].cause;
  const roles: GraphValueShape['role'][] = report.graph.map((v) => v.role);
  // @ts-expect-error strict is a boolean
  inferModelShapes(modelBytes, { strict: 'yes' });
  // @ts-expect-error causes are a fixed set
  const badCause: ShapeDiagnostic['cause'] = 'whatever';

  // Models and nodes built in JS.
  const spec: ModelSpec = {
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 3, null] }],
    outputs: [{ name: 'y', type: 'float32' }],
    initializers: { axes: new Tensor('int64', [1n], [1]) },
    nodes: [{ opType: 'ReduceSum', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } }],
    opsetImports: { 'com.example': 1 },
  };
  const built: Uint8Array = makeModel(spec);
  makeModel({ ...spec, initializers: [{ name: 'axes', tensor: new Tensor('int64', [1n], [1]) }], allowUnknownOps: true });
  // @ts-expect-error a value info's type is a DataType name
  makeModel({ ...spec, inputs: [{ name: 'x', type: 'float', dims: [3] }] });
  const nodeBytes: Uint8Array = makeNode({ opType: 'Gelu', domain: 'com.example', inputs: ['x'], outputs: ['y'], allowUnknownOps: true });
  void [built, nodeBytes];
  const { tensor } = readTensorProto(new Uint8Array(0));
  const used: number = memoryStats().heapUsed;
  void [f, b, dt, dims, shapes, opType, since, out, sync, all, tensor, used, loc, copied, fetched, named];
}
void main;
