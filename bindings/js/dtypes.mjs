// Element types: the ORT-web style names users pass, ONNX's TensorProto.DataType numbers the
// wasm side uses, and the TypedArray that holds each. The one table both directions use.
export const DTYPES = Object.freeze({
  float32: { onnx: 1, array: Float32Array },
  uint8: { onnx: 2, array: Uint8Array },
  int8: { onnx: 3, array: Int8Array },
  uint16: { onnx: 4, array: Uint16Array },
  int16: { onnx: 5, array: Int16Array },
  int32: { onnx: 6, array: Int32Array },
  int64: { onnx: 7, array: BigInt64Array },
  bool: { onnx: 9, array: Uint8Array },
  float16: { onnx: 10, array: Uint16Array },
  float64: { onnx: 11, array: Float64Array },
  uint32: { onnx: 12, array: Uint32Array },
  uint64: { onnx: 13, array: BigUint64Array },
  bfloat16: { onnx: 16, array: Uint16Array },
});

// The element types known to shape inference only (no Tensor holds them): shape results name
// them, inference inputs may give them. As the C++ type_name (src/core/dtype.cc) spells them.
export const INFERENCE_ONLY_DTYPES = Object.freeze({
  complex64: 14, complex128: 15, float8e4m3fn: 17, float8e4m3fnuz: 18, float8e5m2: 19, float8e5m2fnuz: 20,
  uint4: 21, int4: 22, float4e2m1: 23, float8e8m0: 24, uint2: 25, int2: 26,
});

const BY_ONNX = new Map(Object.entries(DTYPES).map(([name, d]) => [d.onnx, name]));
const INFERENCE_ONLY_BY_ONNX = new Map(Object.entries(INFERENCE_ONLY_DTYPES).map(([name, n]) => [n, name]));

// The dtype name for an ONNX element type number; undefined for an unknown number.
export function dtypeFromOnnx(n) {
  return BY_ONNX.get(n);
}

// The dtype name, an inference-only type's name ('int4'), or `type <n>` for ONNX types this
// package does not hold (e.g. string).
export function dtypeNameFromOnnx(n) {
  return BY_ONNX.get(n) ?? INFERENCE_ONLY_BY_ONNX.get(n) ?? (n === 0 ? 'unknown' : `type ${n}`);
}

// The ONNX number of a dtype name a Tensor holds; throws TypeError naming `what` for an unknown
// name or one known to shape inference only.
export function onnxFromDtype(type, what) {
  const d = DTYPES[type];
  if (d) return d.onnx;
  if (typeof type === 'string' && Object.hasOwn(INFERENCE_ONLY_DTYPES, type)) {
    throw new TypeError(`${what}: type '${type}' is known to shape inference only; no Tensor holds it`);
  }
  throw new TypeError(`${what}: unknown type '${String(type)}' (known: ${Object.keys(DTYPES).join(', ')})`);
}

// The ONNX number of an element type given to shape inference: a Tensor's dtype or an
// inference-only one; throws TypeError naming `what` for an unknown name.
export function onnxFromShapeType(type, what) {
  if (typeof type === 'string' && Object.hasOwn(INFERENCE_ONLY_DTYPES, type)) return INFERENCE_ONLY_DTYPES[type];
  return onnxFromDtype(type, what);
}
