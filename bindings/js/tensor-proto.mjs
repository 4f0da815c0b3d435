// Serialized onnx.TensorProto -> Tensor (e.g. the input_0.pb / output_0.pb files of the ONNX
// backend tests), decoded by the wasm side.
import { asBytes, withBytes } from './heap.mjs';
import { fail, wasm } from './module.mjs';
import { takeOutputs } from './outputs.mjs';

// Returns { name, tensor }. Throws Error for bytes that do not decode, and for string,
// complex or external-data tensors.
export function readTensorProto(bytes) {
  bytes = asBytes(bytes, 'readTensorProto: bytes');
  const m = wasm();
  return withBytes(bytes, (ptr, n) => {
    if (!m.tensorFromBytes(ptr, n)) fail('readTensorProto');
    const p = m.lastBytesPtr();
    const name = new TextDecoder().decode(m.HEAPU8.subarray(p, p + m.lastBytesLength()));
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
