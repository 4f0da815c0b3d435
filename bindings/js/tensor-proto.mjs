// Serialized onnx.TensorProto -> Tensor (e.g. the input_0.pb / output_0.pb files of the ONNX
// backend tests), decoded by the wasm side; and Tensor -> the fields proto-writer.mjs writes.
import { onnxFromDtype } from './dtypes.mjs';
import { asBytes, withBytes } from './heap.mjs';
import { fail, wasm } from './module.mjs';
import { takeOutputs } from './outputs.mjs';
import { setEntry } from './guards.mjs';
import { bytesOf } from './intrinsics.mjs';
import { asTensor, madeByPackage } from './tensor.mjs';

// A Tensor as TensorProto fields: { onnx: element type number, dims, bytes: a copy of its data }.
// `t` is one of the package's Tensors (asTensor); its data is read through the engine's
// accessors.
export function tensorFields(t, what) {
  return { onnx: onnxFromDtype(t.type, what), dims: t.dims, bytes: bytesOf(t.data).slice() };
}

// Attributes with their Tensor values in the form the writer encodes: { type: 'tensor', value:
// tensorFields }; `where` names the call (Node.create, makeNode, makeModel: nodes[i]).
// Every key is kept as given ('__proto__' too: the wasm side refuses it as an unknown attribute).
export function withTensorValues(attributes, where) {
  const out = {};
  for (const [k, v] of Object.entries(attributes)) {
    const what = `${where}: attribute '${k}'`;
    setEntry(out, k, madeByPackage(v) ? { type: 'tensor', value: tensorFields(asTensor(v, what), what) } : v);
  }
  return out;
}

// Returns { name, tensor }. Throws Error for bytes that do not decode, and for string,
// complex or external-data tensors.
export function readTensorProto(bytes) {
  bytes = asBytes(bytes, 'readTensorProto: bytes');
  const m = wasm();
  return withBytes(bytes, (ptr, n) => {
    if (!m.tensorFromBytes(ptr, n)) fail('readTensorProto');
    const p = m.lastBytesPtr();
    // A copy: browsers refuse to decode a view of shared memory (the threaded build's).
    const name = new TextDecoder().decode(m.HEAPU8.slice(p, p + m.lastBytesLength()));
    const [tensor] = takeOutputs(null, null, 'readTensorProto');
    return { name, tensor };
  }, 'readTensorProto');
}

// Wasm heap statistics: { heapUsed: bytes in live allocations, memoryBytes: wasm memory size,
// wasmTensors: live 'wasm' tensors (Tensor.allocate, kept outputs) not yet disposed }.
export function memoryStats() {
  const m = wasm();
  return { heapUsed: m.heapUsed(), memoryBytes: m.HEAPU8.buffer.byteLength, wasmTensors: m._orw_tensor_count() };
}
