// Types of the onnx-reduce-wasm package (hand-written; checked by tests/types with tsc).

/** Element type names, as in onnxruntime-web. */
export type DataType =
  | 'float32' | 'float64' | 'float16' | 'bfloat16'
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64' | 'bool';

/**
 * Element types known to shape inference only (ONNX's types after bfloat16, and complex): shape
 * results name them and shape inputs may give them; no Tensor holds them.
 */
export type InferenceOnlyDataType =
  | 'float8e4m3fn' | 'float8e4m3fnuz' | 'float8e5m2' | 'float8e5m2fnuz' | 'float8e8m0'
  | 'uint4' | 'int4' | 'float4e2m1' | 'uint2' | 'int2' | 'complex64' | 'complex128';

/** The TypedArray holding each element type. float16 and bfloat16 hold the raw 16-bit patterns. */
export interface DataTypeMap {
  float32: Float32Array; float64: Float64Array; float16: Uint16Array; bfloat16: Uint16Array;
  int8: Int8Array; uint8: Uint8Array; int16: Int16Array; uint16: Uint16Array;
  int32: Int32Array; uint32: Uint32Array; int64: BigInt64Array; uint64: BigUint64Array; bool: Uint8Array;
}

export type TensorData = DataTypeMap[DataType];

export interface InitOptions {
  /**
   * Threads for the kernels, the calling thread included (onnxruntime-web's
   * env.wasm.numThreads): 1 loads the single-threaded build; N > 1 the threaded build with a
   * pool of N - 1 workers; 0 or left out, the automatic choice: 1 (threads pay for
   * wasm-resident inputs of MiBs, and cost copy-mode and small calls a little: ask for them).
   * In Node, the environment variable ORW_NUM_THREADS (if set) is the
   * default when this is left out. Threads run in Node and in cross-origin isolated pages and
   * workers; elsewhere the single-threaded build is loaded and runtimeInfo() says why.
   * @throws RangeError (a rejection) unless an integer from 0 to 64
   */
  numThreads?: number;
  /**
   * The .wasm bytes, when the caller loads them itself: those of the build numThreads picks
   * (onnx-reduce-wasm-mt.wasm for threads). Without numThreads, the single-threaded build.
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to load the .wasm from (path in Node, URL in browsers); as wasmBinary, the build's own. */
  wasmPath?: string | URL;
}

/** What init() loaded (runtimeInfo()). */
export interface RuntimeInfo {
  /** Threads the kernels use, the calling thread included (1 in the single-threaded build). */
  numThreads: number;
  /** Every build uses WebAssembly SIMD. */
  simd: true;
  /** globalThis.crossOriginIsolated (false in Node, where threads need no isolation). */
  crossOriginIsolated: boolean;
  build: 'single-threaded' | 'threaded';
  /** Why the single-threaded build runs, or why a later init() changed nothing. */
  reason?: string;
}

/**
 * Loads the WebAssembly module once; later calls return at once. In browsers a .wasm served
 * as application/wasm compiles while it downloads (instantiateStreaming), any other type from
 * its bytes. Rejects with an Error naming the URL and the HTTP status when the .wasm cannot be
 * fetched, and with the WebAssembly.CompileError when the bytes are not a valid module; a
 * later call may retry.
 */
export function init(options?: InitOptions): Promise<void>;

/**
 * The build init() loaded and its thread count (a fresh object each call). A later init()
 * asking for another numThreads resolves to the module already loaded: a process or page
 * loads one build; the reason then notes the request.
 * @throws Error before init() has loaded the module
 */
export function runtimeInfo(): RuntimeInfo;

/** The newest ai.onnx opset the package implements (the default opset). */
export const LATEST_OPSET: number;

/** `Float16Array` where the TypeScript lib declares it (ES2025 / esnext), else never. */
export type Float16ArrayType = typeof globalThis extends { Float16Array: { prototype: infer P } } ? P : never;

/**
 * A tensor of element type `T` whose data lives in `L`. `Tensor` with no arguments is a union
 * over every element type and location, so checking `t.type` narrows `t.data` (and checking
 * `t.location` narrows what it is). A 'cpu' tensor of an element type onnxruntime-web has fits
 * where its `Tensor` type is expected (and goes into its sessions as it is). A 'cpu' tensor
 * survives structuredClone and postMessage as a plain { type, data, dims, size } object, which
 * every call accepts; cloning, posting, spreading or JSON.stringify-ing a 'wasm' tensor throws a
 * TypeError (send `await t.getData()`).
 */
export type Tensor<T extends DataType = DataType, L extends TensorLocation = TensorLocation> =
  T extends DataType ? (L extends TensorLocation ? TypedTensor<T, L> : never) : never;

/** One element type and one location: what `Tensor<T, L>` is made of. */
export interface TypedTensor<T extends DataType, L extends TensorLocation = TensorLocation> {
  readonly type: T;
  /**
   * The elements (DataTypeMap: Float32Array for 'float32', BigInt64Array for 'int64', float16
   * as Uint16Array bits, ...). For a 'wasm' tensor a live view of wasm memory, re-made on each
   * read after memory has grown (an older view is then detached: length 0); throws once disposed.
   */
  readonly data: DataTypeMap[T];
  readonly dims: readonly number[];
  readonly size: number;
  /** Where the data is: 'cpu' (a JS TypedArray) or 'wasm' (wasm memory; runs read and write it in place). */
  readonly location: L;
  /** As in onnxruntime-web: the data ('wasm' tensors: a fresh copy); releaseData disposes a 'wasm' tensor afterwards. */
  getData(releaseData?: boolean): Promise<DataTypeMap[T]>;
  /** Frees a 'wasm' tensor's memory (later use throws); nothing to do for 'cpu' tensors. Idempotent. */
  dispose(): void;
  /** The same data with other dims (shared, not copied; a 'wasm' reshape must be disposed too). */
  reshape(dims: readonly number[]): Tensor<T, L>;
  // onnxruntime-web's GPU members, declared so that a tensor of this package fits its Tensor
  // type: this package's tensors have none (no such property at run time), hence never.
  /** Not present: this package's tensors are never on a GPU. */
  readonly texture: never;
  /** Not present: this package's tensors are never on a GPU. */
  readonly gpuBuffer: never;
  /** Not present: this package's tensors are never on a GPU. */
  readonly mlTensor: never;
  /** Not present (onnxruntime-web's image conversion). */
  toDataURL(options?: unknown): never;
  /** Not present (onnxruntime-web's image conversion). */
  toImageData(options?: unknown): never;
}

/** Plain values a `new Tensor(type, values)` takes: numbers for the float types; numbers, bigints or booleans for the others. */
export type TensorValues<T extends DataType> =
  readonly (T extends 'float32' | 'float64' | 'float16' | 'bfloat16' ? number : number | bigint | boolean)[];

/**
 * The Tensor class. Written as an interface of constructor signatures (not a `class`) so that
 * each TypedArray gives its own element type.
 */
export interface TensorConstructor {
  // As in onnxruntime-web: the type follows the TypedArray. Uint8Array is 'uint8' and
  // Uint16Array 'uint16' (pass 'bool', 'float16' or 'bfloat16' first for those).
  new (data: Float32Array, dims?: readonly number[]): Tensor<'float32', 'cpu'>;
  new (data: Float64Array, dims?: readonly number[]): Tensor<'float64', 'cpu'>;
  new (data: Int8Array, dims?: readonly number[]): Tensor<'int8', 'cpu'>;
  new (data: Uint8Array, dims?: readonly number[]): Tensor<'uint8', 'cpu'>;
  new (data: Int16Array, dims?: readonly number[]): Tensor<'int16', 'cpu'>;
  new (data: Uint16Array, dims?: readonly number[]): Tensor<'uint16', 'cpu'>;
  new (data: Int32Array, dims?: readonly number[]): Tensor<'int32', 'cpu'>;
  new (data: Uint32Array, dims?: readonly number[]): Tensor<'uint32', 'cpu'>;
  new (data: BigInt64Array, dims?: readonly number[]): Tensor<'int64', 'cpu'>;
  new (data: BigUint64Array, dims?: readonly number[]): Tensor<'uint64', 'cpu'>;
  /** float16 from its bits (Uint16Array), a Float16Array (kept as its bits) or numbers. */
  new (type: 'float16', data: Uint16Array | Float16ArrayType | TensorValues<'float16'>, dims?: readonly number[]): Tensor<'float16', 'cpu'>;
  /**
   * @param type element type
   * @param data the matching TypedArray (of exactly that class: not a subclass or a Proxy), or a
   *   plain array of values, read once (numbers for float16/bfloat16 are converted to their bits;
   *   integer types accept numbers or bigints, each an integer in the type's range; bool accepts
   *   booleans)
   * @param dims defaults to [data.length]
   * @throws TypeError for an unknown type or a data array of the wrong kind; RangeError when
   *   dims are not non-negative integers or do not match the data length, or for a plain-array
   *   value the integer type cannot hold exactly (out of range, fractional, NaN)
   */
  new <T extends DataType>(type: T, data: DataTypeMap[T] | TensorValues<T>, dims?: readonly number[]): Tensor<T, 'cpu'>;
  readonly prototype: Tensor;
  /**
   * A zero-filled tensor in wasm memory (location 'wasm'): fill `data` in place, run on it with no
   * copy, free it with dispose() (it is not garbage collected).
   * @throws TypeError for an unknown type; RangeError for bad dims or when memory runs out
   */
  allocate<T extends DataType>(type: T, dims: readonly number[]): Tensor<T, 'wasm'>;
}

export declare const Tensor: TensorConstructor;

/** Where a tensor's data lives. */
export type TensorLocation = 'cpu' | 'wasm';

/**
 * Anything shaped like onnxruntime-web's Tensor with its data on the CPU: accepted wherever a
 * Tensor is (each field read once, wrapped around the same data, validated as `new Tensor`
 * would). An object that only inherits from Tensor.prototype is refused (TypeError).
 */
export interface TensorLike {
  readonly type: string;
  readonly data: unknown;
  readonly dims: readonly number[];
  readonly location?: string;
}

/** Input tensors: ours, or onnxruntime-web's ('cpu' location). */
export type TensorInput = Tensor | TensorLike;

export interface RunOptions {
  /** 'wasm': outputs stay in wasm memory (dispose them), ready to feed the next run with no copy. Default 'cpu'. */
  preferredOutputLocation?: TensorLocation;
}

export interface NodeRunOptions extends RunOptions {
  /**
   * Preallocated outputs, positional (null: a fresh one): the run writes into them and returns
   * them. Type and dims must match the output's (TypeError / RangeError otherwise).
   */
  outputs?: ReadonlyArray<Tensor | null | undefined>;
}

export interface SessionOptions {
  /** As in onnxruntime-web: for every output, or per output name. */
  preferredOutputLocation?: TensorLocation | Record<string, TensorLocation>;
  // onnxruntime-web's other session options, accepted so that the same options object works
  // with both; this package ignores them (docs/api.md lists what each would do there).
  executionProviders?: readonly unknown[];
  graphOptimizationLevel?: 'disabled' | 'basic' | 'extended' | 'layout' | 'all';
  enableCpuMemArena?: boolean;
  enableMemPattern?: boolean;
  executionMode?: 'sequential' | 'parallel';
  enableProfiling?: boolean;
  profileFilePrefix?: string;
  logId?: string;
  logSeverityLevel?: 0 | 1 | 2 | 3 | 4;
  logVerbosityLevel?: number;
  intraOpNumThreads?: number;
  interOpNumThreads?: number;
  enableGraphCapture?: boolean;
  /** Ignored, with a one-time console warning: symbolic dims here take any size at every run. */
  freeDimensionOverrides?: Readonly<Record<string, number>>;
  extra?: Readonly<Record<string, unknown>>;
}

/** A dim in shape inference: a number, a symbol name ('N'), or null (unknown). */
export type ShapeDim = number | string | null;

export interface ShapeInfoInput {
  type?: DataType | InferenceOnlyDataType;
  /** null or omitted: unknown rank */
  dims?: readonly ShapeDim[] | null;
  /** Known element values of a small integer tensor (ValueAsShape), e.g. an axes input. */
  value?: readonly (number | bigint | string)[];
}

export interface ShapeInfo {
  /** 'unknown' when inference cannot tell; of a sequence or optional, its innermost tensor's element type */
  type: DataType | InferenceOnlyDataType | 'unknown' | string;
  /** null: unknown rank; of a sequence or optional, its innermost tensor's dims (each element's) */
  dims: ShapeDim[] | null;
  /** Absent for a tensor; a sequence of tensors or an optional value (ONNX's sequence and optional types). */
  kind?: 'sequence' | 'optional';
  /** With kind: the info inside (a sequence's element, an optional's value, itself perhaps a sequence). */
  element?: ShapeInfo;
}

export type AttributeValue =
  | number | bigint | string | boolean | readonly (number | bigint)[] | readonly string[] | Tensor
  | { type: 'int' | 'float' | 'string' | 'ints' | 'floats' | 'strings'; value: unknown };

/**
 * A node of any opType, attributes unchecked: the explicit escape for ops not known when
 * compiling (`Node.create<string>(spec)`, a foreign domain in makeModel).
 */
export interface NodeSpec {
  opType: string;
  attributes?: Record<string, AttributeValue>;
  /** '' or 'ai.onnx' */
  domain?: string;
  /** The model's opset for the domain; defaults to LATEST_OPSET. */
  opset?: number;
  inputs?: string[];
  outputs?: string[];
  name?: string;
}

export type ReduceOpType = 'ReduceSum' | 'ReduceProd' | 'ReduceMean' | 'ReduceMax' | 'ReduceMin' | 'ReduceSumSquare'
  | 'ReduceL1' | 'ReduceL2' | 'ReduceLogSum' | 'ReduceLogSumExp';
export type UnaryOpType = 'Abs' | 'Exp' | 'Log' | 'Sqrt' | 'Neg' | 'Reciprocal';
export type BinaryOpType = 'Add' | 'Sub' | 'Mul' | 'Div';
/** The ops this package runs (ai.onnx). */
export type LayoutOpType = 'Reshape' | 'Squeeze' | 'Unsqueeze' | 'Flatten' | 'Identity' | 'Expand';
export type OpType = ReduceOpType | UnaryOpType | BinaryOpType | LayoutOpType | 'ArgMax' | 'ArgMin' | 'TopK' | 'CumSum'
  | 'CumProd' | 'Softmax' | 'LogSoftmax' | 'Hardmax' | 'LpNormalization' | 'Cast' | 'CastLike' | 'Constant' | 'Shape'
  | 'Clip';

/** A 0/1 flag attribute: 0, 1, false or true. */
type Flag = 0 | 1 | boolean;
/** Each op's attributes, by the name ONNX gives them (every version's, the legacy ones included). */
export type OpAttributes = { [K in ReduceOpType]: { axes?: readonly number[]; keepdims?: Flag; noop_with_empty_axes?: Flag } }
  & { [K in UnaryOpType]: { consumed_inputs?: readonly number[] } }
  & { [K in BinaryOpType]: { broadcast?: Flag; axis?: number; consumed_inputs?: readonly number[] } }
  & { [K in 'ArgMax' | 'ArgMin']: { axis?: number; keepdims?: Flag; select_last_index?: Flag } }
  & { [K in 'CumSum' | 'CumProd']: { exclusive?: Flag; reverse?: Flag } }
  & { [K in 'Softmax' | 'LogSoftmax' | 'Hardmax']: { axis?: number } }
  & { [K in 'Identity' | 'Expand']: Record<string, never> }
  & {
    TopK: { axis?: number; largest?: Flag; sorted?: Flag; /** opset 1 only (an input from 10) */ k?: number };
    /** p: 1 or 2 */
    LpNormalization: { axis?: number; p?: 1 | 2 };
    /** shape is an input from version 5; allowzero from 14 */
    Reshape: { shape?: readonly number[]; allowzero?: Flag; consumed_inputs?: readonly number[] };
    /** axes: an attribute before version 13, an input from 13 */
    Squeeze: { axes?: readonly number[] };
    Unsqueeze: { axes?: readonly number[] };
    Flatten: { axis?: number };
    /** start, end from version 15 */
    Shape: { start?: number; end?: number };
    /** min, max: attributes before version 11, inputs from 11 */
    Clip: { min?: number; max?: number; consumed_inputs?: readonly number[] };
    /** to: an ONNX TensorProto.DataType number (a type name string in version 1) */
    Cast: { to: number | string; saturate?: Flag; round_mode?: string };
    CastLike: { saturate?: Flag; round_mode?: string };
    Constant: {
      value?: Tensor; sparse_value?: never; value_float?: number; value_floats?: readonly number[];
      value_int?: number; value_ints?: readonly number[]; value_string?: string; value_strings?: readonly string[];
    };
  };

/** A node of a known op: its opType, and only that op's attributes. */
export type OpNodeSpec<Op extends OpType> = Omit<NodeSpec, 'opType' | 'attributes' | 'domain'> & {
  opType: Op;
  attributes?: OpAttributes[Op];
  domain?: '' | 'ai.onnx';
};
/** A node of any known op (a union discriminated by opType). */
export type KnownNodeSpec = { [K in OpType]: OpNodeSpec<K> }[OpType];

type SameTypeOpType = ReduceOpType | UnaryOpType | BinaryOpType | LayoutOpType | 'CumSum' | 'CumProd' | 'Softmax'
  | 'LogSoftmax' | 'Hardmax' | 'LpNormalization' | 'Clip';

/**
 * A node's outputs. `T` is the first input's element type (when known) and `L` where the run puts
 * outputs. Ops that keep the input's type give Tensor<T>; ArgMax, ArgMin and Shape give int64; TopK
 * gives Values of type T and int64 Indices. Any other op, or an opType not known when compiling
 * (Node.create<string>, Node.fromBytes): tensors of any type.
 */
export type NodeOutputs<Op extends string, T extends DataType = DataType, L extends TensorLocation = TensorLocation> =
  Op extends 'ArgMax' | 'ArgMin' | 'Shape' ? [Tensor<'int64', L>]
  : Op extends 'TopK' ? [Tensor<T, L>, Tensor<'int64', L>]
  : Op extends SameTypeOpType ? [Tensor<T, L>]
  : Tensor<DataType, L>[];

/** The element type of the first of some inputs, when known (else every type). */
export type FirstInputType<I> = I extends readonly [infer A, ...unknown[]]
  ? (A extends { readonly type: infer T } ? (T extends DataType ? T : DataType) : DataType)
  : DataType;

type Inputs = ReadonlyArray<TensorInput | null | undefined>;
/** T, not inferred from where it appears (TypeScript's NoInfer, written so that older versions read it). */
type NotInferred<T> = [T][T extends unknown ? 0 : never];

/** A node of an op. `Op` is its opType when known at compile time (Node.create with a literal). */
export class Node<Op extends string = string> {
  private constructor();
  /**
   * The explicit escape for an opType not known when compiling: `Node.create<string>(spec)`
   * (attributes unchecked by the types; the node still checks them).
   */
  static create<Op extends string = never>(spec: NodeSpec & { opType: NotInferred<Op> }): Node<Op>;
  /** Builds and validates a node. Throws TypeError / RangeError / Error naming the op and the problem. */
  static create<Op extends OpType>(spec: OpNodeSpec<Op>): Node<Op>;
  /** Parses serialized onnx.NodeProto bytes. */
  static fromBytes(bytes: Uint8Array | ArrayBuffer, options?: { opset?: number }): Node;
  readonly opType: Op;
  readonly domain: string;
  readonly name: string;
  readonly opset: number;
  /** The operator version in force at `opset`. */
  readonly sinceVersion: number;
  /** As given; int64 values beyond 2^53 as bigint (each reads back exactly). */
  readonly attributes: Record<string, number | bigint | string | (number | bigint)[] | string[] | Tensor>;
  readonly inputs: string[];
  readonly outputs: string[];
  /**
   * Runs on positional inputs (null/undefined = omitted optional input). Outputs are fresh
   * JS-owned tensors, 'wasm' tensors with preferredOutputLocation 'wasm', or options.outputs.
   */
  run<I extends Inputs | []>(inputs: I, options: NodeRunOptions & { preferredOutputLocation: 'wasm'; outputs?: undefined }): NodeOutputs<Op, FirstInputType<I>, 'wasm'>;
  run<I extends Inputs | []>(inputs: I, options: NodeRunOptions & { outputs: NonNullable<NodeRunOptions['outputs']> }): NodeOutputs<Op, FirstInputType<I>>;
  run<I extends Inputs | []>(inputs: I, options?: NodeRunOptions & { preferredOutputLocation?: 'cpu'; outputs?: undefined }): NodeOutputs<Op, FirstInputType<I>, 'cpu'>;
  /** Output types and shapes from input infos (null = omitted or unknown). */
  inferShapes(infos: ReadonlyArray<ShapeInfoInput | null | undefined>): ShapeInfo[];
  /** Serialized onnx.NodeProto bytes. */
  toBytes(): Uint8Array;
  /** Frees the node's wasm state now. */
  dispose(): void;
}

/** A declared graph input or output, with onnxruntime-web's fields (and `dims`, the same as `shape`). */
export interface ValueMetadata {
  name: string;
  /** A tensor element type is declared. */
  isTensor: boolean;
  /** The declared element type ('unknown' when none is declared). */
  type: DataType | string;
  /** Each dim a number, a symbol or null (unknown); null when no shape is declared. */
  readonly shape: readonly ShapeDim[] | null;
  /** The same array as `shape` (this package's earlier name). */
  readonly dims: readonly ShapeDim[] | null;
}
/** The metadata of a graph input. */
export type InputMetadata = ValueMetadata;

export class InferenceSession {
  private constructor();
  /** model: ModelProto bytes, or a path (Node) / URL to read them from. */
  static create(model: Uint8Array | ArrayBuffer | string | URL, options?: SessionOptions): Promise<InferenceSession>;
  readonly inputNames: string[];
  readonly outputNames: string[];
  readonly inputMetadata: ValueMetadata[];
  readonly outputMetadata: ValueMetadata[];
  /**
   * As in onnxruntime-web: run(feeds, options?) or run(feeds, fetches, options?). fetches: the
   * output names to return, or { outputName: preallocated Tensor | null }.
   */
  run(feeds: Record<string, TensorInput>, options?: RunOptions): Promise<Record<string, Tensor>>;
  run(feeds: Record<string, TensorInput>, fetches: readonly string[] | Record<string, Tensor | null>, options?: RunOptions): Promise<Record<string, Tensor>>;
  runSync(feeds: Record<string, TensorInput>, options?: RunOptions): Record<string, Tensor>;
  runSync(feeds: Record<string, TensorInput>, fetches: readonly string[] | Record<string, Tensor | null>, options?: RunOptions): Record<string, Tensor>;
  release(): Promise<void>;
}

/** Why inferModelShapes reports a node. */
export type ShapeDiagnosticCause = 'invalid-node' | 'no-shape-function' | 'declared-conflict';

/** A node inferModelShapes could not infer, or whose outputs contradict their declaration. */
export interface ShapeDiagnostic {
  /** Position of the node in graph.node. */
  nodeIndex: number;
  /** The node's name ('' when unnamed). */
  nodeName: string;
  opType: string;
  /** 'ai.onnx' for the default domain. */
  domain: string;
  cause: ShapeDiagnosticCause;
  /** The class the error is thrown as with { strict: true }. */
  errorClass: 'TypeError' | 'RangeError' | 'Error';
  /** The package's error text, starting with the node: 'MatMul "mm" (opset 13): ...'. */
  message: string;
}

/** One value of the graph, in graph order. */
export interface GraphValueShape extends ShapeInfo {
  name: string;
  role: 'input' | 'initializer' | 'intermediate' | 'output';
}

/**
 * Every value of a model's graph by name; `diagnostics` and `graph` are extra properties that
 * are not enumerated (absent when a value has that name).
 */
export type ModelShapes = Record<string, ShapeInfo> & {
  readonly diagnostics: ShapeDiagnostic[];
  readonly graph: GraphValueShape[];
};

export interface InferModelShapesOptions {
  /** Throw the first invalid node or contradicted declaration instead of reporting it. Default false. */
  strict?: boolean;
}

/** Type and shape of every value of a model's graph, with the nodes it could not infer. */
export function inferModelShapes(modelBytes: Uint8Array | ArrayBuffer, options?: InferModelShapesOptions): ModelShapes;

/** A graph input or output of makeModel. */
export interface ValueInfo {
  name: string;
  type: DataType;
  /**
   * Numbers, symbol names ('N') or null (an unknown dim). Required for inputs; for outputs,
   * omitted or null writes no shape.
   */
  dims?: readonly ShapeDim[] | null;
}

/**
 * A node of makeModel: a known op with its attributes, or any op of an explicit domain ('' for
 * ai.onnx ops the package lacks, with allowUnknownOps); outputs named ('' in inputs: an absent
 * optional input); `opset`, if given, must be the model's for the node's domain.
 */
export type ModelNodeSpec = (KnownNodeSpec | (NodeSpec & { domain: string })) & { outputs: string[] };

export interface ModelSpec {
  /** The model's ai.onnx opset; defaults to LATEST_OPSET. */
  opset?: number;
  inputs: readonly ValueInfo[];
  outputs: readonly ValueInfo[];
  /** In the order they run: each input ('' = an absent optional one) defined by an earlier node, a graph input or an initializer. */
  nodes: readonly ModelNodeSpec[];
  /** Constant values: { name: tensor }, or [{ name, tensor }] as readTensorProto returns them. */
  initializers?: Record<string, TensorInput> | ReadonlyArray<{ name: string; tensor: TensorInput }>;
  /** Opsets of the domains besides ai.onnx, e.g. { 'com.microsoft': 1 }. */
  opsetImports?: Record<string, number>;
  /** ModelProto.ir_version; default 8. */
  irVersion?: number;
  /** Writes ops the package does not have (for inferModelShapes, which gives their outputs type 'unknown'). Default false. */
  allowUnknownOps?: boolean;
}

/**
 * Serialized onnx.ModelProto bytes of one graph, for InferenceSession.create and
 * inferModelShapes. Every name, type, dim and node is checked first: TypeError / RangeError /
 * Error naming makeModel, the node (nodes[i] and its op) and the value. Needs init().
 */
export function makeModel(spec: ModelSpec): Uint8Array;

/**
 * Serialized onnx.NodeProto bytes of a node (for Node.fromBytes), inputs and outputs named
 * exactly as given, checked as makeModel checks a node at `opset` (default LATEST_OPSET). Needs init().
 */
export function makeNode(spec: (KnownNodeSpec | (NodeSpec & { domain: string })) & { allowUnknownOps?: boolean }): Uint8Array;

/** Decodes serialized onnx.TensorProto bytes (e.g. an ONNX test's input_0.pb). */
export function readTensorProto(bytes: Uint8Array | ArrayBuffer): { name: string; tensor: Tensor };

/** Wasm heap statistics: bytes in live allocations, the size of wasm memory, live 'wasm' tensors. */
export function memoryStats(): { heapUsed: number; memoryBytes: number; wasmTensors: number };

/** float16 bits -> number (exact). */
export function float16BitsToNumber(bits: number): number;
/** number -> float16 bits, rounded to nearest even (overflow gives infinity). */
export function numberToFloat16Bits(value: number): number;
/** bfloat16 bits -> number (exact). */
export function bfloat16BitsToNumber(bits: number): number;
/** number -> bfloat16 bits, rounded to nearest even. */
export function numberToBfloat16Bits(value: number): number;
