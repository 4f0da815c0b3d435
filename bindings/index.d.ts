// Types of the onnx-reduce-wasm package (hand-written; checked by tests/types with tsc).

/** Element type names, as in onnxruntime-web. */
export type DataType =
  | 'float32' | 'float64' | 'float16' | 'bfloat16'
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64' | 'bool';

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
   * pool of N - 1 workers; 0 or left out, an automatic choice: min(4, available cores) where
   * threads can run, else 1. In Node, the environment variable ORW_NUM_THREADS (if set) is the
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

/**
 * A tensor: an element type, the TypedArray of its elements and its dims. `T`, its element type,
 * types `data` and `getData()` (Float32Array for 'float32', BigInt64Array for 'int64', ...:
 * DataTypeMap). It is inferred from the type string or the TypedArray given to the constructor;
 * a plain `Tensor` is one of any element type. A 'cpu' tensor survives structuredClone and
 * postMessage as a plain { type, data, dims, size } object, which every call accepts; cloning,
 * posting, spreading or JSON.stringify-ing a 'wasm' tensor throws a TypeError (send
 * `await t.getData()`).
 */
export interface Tensor<T extends DataType = DataType> {
  readonly type: T;
  /**
   * The elements. For a 'wasm' tensor a live view of wasm memory, re-made on each read after
   * memory has grown (an older view is then detached: length 0); throws once disposed.
   */
  readonly data: DataTypeMap[T];
  readonly dims: readonly number[];
  readonly size: number;
  /** Where the data is: 'cpu' (a JS TypedArray) or 'wasm' (wasm memory; runs read and write it in place). */
  readonly location: TensorLocation;
  /** As in onnxruntime-web: the data ('wasm' tensors: a fresh copy); releaseData disposes a 'wasm' tensor afterwards. */
  getData(releaseData?: boolean): Promise<DataTypeMap[T]>;
  /** Frees a 'wasm' tensor's memory (later use throws); nothing to do for 'cpu' tensors. Idempotent. */
  dispose(): void;
  /** The same data with other dims (shared, not copied; a 'wasm' reshape must be disposed too). */
  reshape(dims: readonly number[]): Tensor<T>;
}

/**
 * The Tensor class. Written as an interface of constructor signatures (not a `class`) so that
 * each TypedArray gives its own element type: a class's overloads all return one `Tensor<T>`.
 */
export interface TensorConstructor {
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
  new <T extends DataType>(type: T, data: DataTypeMap[T] | readonly (number | bigint | boolean)[], dims?: readonly number[]): Tensor<T>;
  // As in onnxruntime-web: the type follows the TypedArray. Uint8Array is 'uint8' and
  // Uint16Array 'uint16' (pass 'bool', 'float16' or 'bfloat16' first for those).
  new (data: Float32Array, dims?: readonly number[]): Tensor<'float32'>;
  new (data: Float64Array, dims?: readonly number[]): Tensor<'float64'>;
  new (data: Int8Array, dims?: readonly number[]): Tensor<'int8'>;
  new (data: Uint8Array, dims?: readonly number[]): Tensor<'uint8'>;
  new (data: Int16Array, dims?: readonly number[]): Tensor<'int16'>;
  new (data: Uint16Array, dims?: readonly number[]): Tensor<'uint16'>;
  new (data: Int32Array, dims?: readonly number[]): Tensor<'int32'>;
  new (data: Uint32Array, dims?: readonly number[]): Tensor<'uint32'>;
  new (data: BigInt64Array, dims?: readonly number[]): Tensor<'int64'>;
  new (data: BigUint64Array, dims?: readonly number[]): Tensor<'uint64'>;
  readonly prototype: Tensor;
  /**
   * A zero-filled tensor in wasm memory (location 'wasm'): fill `data` in place, run on it with no
   * copy, free it with dispose() (it is not garbage collected).
   * @throws TypeError for an unknown type; RangeError for bad dims or when memory runs out
   */
  allocate<T extends DataType>(type: T, dims: readonly number[]): Tensor<T>;
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
  type?: DataType;
  /** null or omitted: unknown rank */
  dims?: readonly ShapeDim[] | null;
  /** Known element values of a small integer tensor (ValueAsShape), e.g. an axes input. */
  value?: readonly (number | bigint | string)[];
}

export interface ShapeInfo {
  /** 'unknown' when inference cannot tell */
  type: DataType | 'unknown' | string;
  /** null: unknown rank */
  dims: ShapeDim[] | null;
}

export type AttributeValue =
  | number | string | boolean | readonly number[] | readonly string[] | Tensor
  | { type: 'int' | 'float' | 'string' | 'ints' | 'floats' | 'strings'; value: unknown };

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

/**
 * A node's outputs, typed where the op alone fixes an output's element type: ArgMax and ArgMin
 * give int64, TopK's second output (Indices) is int64. Any other op, or an opType not known
 * when compiling (a string variable, Node.fromBytes): Tensor[].
 */
export type NodeOutputs<Op extends string> =
  Op extends 'ArgMax' | 'ArgMin' ? [Tensor<'int64'>]
  : Op extends 'TopK' ? [Tensor, Tensor<'int64'>]
  : Tensor[];

/** A node of an op. `Op` is its opType when known at compile time (Node.create with a literal). */
export class Node<Op extends string = string> {
  private constructor();
  /** Builds and validates a node. Throws TypeError / RangeError / Error naming the op and the problem. */
  static create<Op extends string>(spec: NodeSpec & { opType: Op }): Node<Op>;
  /** Parses serialized onnx.NodeProto bytes. */
  static fromBytes(bytes: Uint8Array | ArrayBuffer, options?: { opset?: number }): Node;
  readonly opType: Op;
  readonly domain: string;
  readonly name: string;
  readonly opset: number;
  /** The operator version in force at `opset`. */
  readonly sinceVersion: number;
  readonly attributes: Record<string, number | string | number[] | string[] | Tensor>;
  readonly inputs: string[];
  readonly outputs: string[];
  /**
   * Runs on positional inputs (null/undefined = omitted optional input). Outputs are fresh
   * JS-owned tensors, 'wasm' tensors with preferredOutputLocation 'wasm', or options.outputs.
   */
  run(inputs: ReadonlyArray<TensorInput | null | undefined>, options?: NodeRunOptions): NodeOutputs<Op>;
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
 * A node of makeModel: a NodeSpec whose outputs are named ('' in inputs: an absent optional
 * input); `opset`, if given, must be the model's for the node's domain.
 */
export interface ModelNodeSpec extends NodeSpec {
  outputs: string[];
}

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
export function makeNode(spec: NodeSpec & { allowUnknownOps?: boolean }): Uint8Array;

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
