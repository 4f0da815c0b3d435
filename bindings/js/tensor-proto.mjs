// Serialized onnx.TensorProto -> Tensor (e.g. the input_0.pb / output_0.pb files of the ONNX
// backend tests), decoded by the wasm side; and Tensor -> the fields proto-writer.mjs writes.
import { onnxFromDtype } from './dtypes.mjs';
import { asBytes, withBytes } from './heap.mjs';
import { fail, wasm } from './module.mjs';
import { takeOutputs } from './outputs.mjs';
import { isTensor } from './tensor.mjs';

// A Tensor as TensorProto fields: { onnx: element type number, dims, bytes: a copy of its data }.
export function tensorFields(t, what) {
  const data = t.data;
  return { onnx: onnxFromDtype(t.type, what), dims: t.dims, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice() };
}

// Attributes with their Tensor values in the form the writer encodes: { type: 'tensor', value:
// tensorFields }; `where` names the call (Node.create, makeNode, makeModel: nodes[i]).
export function withTensorValues(attributes, where) {
  const out = {};
  for (const [k, v] of Object.entries(attributes)) out[k] = isTensor(v) ? { type: 'tensor', value: tensorFields(v, `${where}: attribute '${k}'`) } : v;
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
    const [tensor] = takeOutputs();
    return { name, tensor };
  }, 'readTensorProto');
}

// Wasm heap statistics: { heapUsed: bytes in live allocations, memoryBytes: wasm memory size,
// wasmTensors: live 'wasm' tensors (Tensor.allocate, kept outputs) not yet disposed }.
export function memoryStats() {
  const m = wasm();
  return { heapUsed: m.heapUsed(), memoryBytes: m.HEAPU8.buffer.byteLength, wasmTensors: m._orw_tensor_count() };
}
