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

const BY_ONNX = new Map(Object.entries(DTYPES).map(([name, d]) => [d.onnx, name]));

// The dtype name for an ONNX element type number; undefined for an unknown number.
export function dtypeFromOnnx(n) {
  return BY_ONNX.get(n);
}

// The dtype name, or `type <n>` for ONNX types this package does not hold (e.g. string).
export function dtypeNameFromOnnx(n) {
  return BY_ONNX.get(n) ?? (n === 0 ? 'unknown' : `type ${n}`);
}

// The ONNX number of a dtype name; throws TypeError naming `what` for an unknown name.
export function onnxFromDtype(type, what) {
  const d = DTYPES[type];
  if (!d) throw new TypeError(`${what}: unknown type '${String(type)}' (known: ${Object.keys(DTYPES).join(', ')})`);
  return d.onnx;
}
