// The wasm module's exports as the methods the JS layer calls: numbers in and out, and JSON
// text in the module's bytes slot for descriptions and shape infos (bindings/json.h).
const decoder = new TextDecoder();
const encoder = new TextEncoder();

// JSON has no NaN or Infinity: the wasm side writes them as {"$n": "NaN"} and so on.
function revive(key, v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.$n === 'string' && Object.keys(v).length === 1 ? Number(v.$n) : v;
}

// Adds the methods to the instantiated module m and returns it.
export function withMethods(m) {
  const text = (ptr, len) => decoder.decode(m.HEAPU8.subarray(ptr, ptr + len));
  const lastJson = () => JSON.parse(text(m._orw_last_bytes_ptr(), m._orw_last_bytes_length()), revive);
  const json = (ok) => (ok ? lastJson() : null);
  return Object.assign(m, {
    nodeFromBytes: (ptr, len, opset, defaultIo) => m._orw_node_from_bytes(ptr, len, opset, defaultIo ? 1 : 0),
    nodeRelease: (handle) => m._orw_node_release(handle),
    nodeToBytes: (handle) => m._orw_node_to_bytes(handle) !== 0,
    nodeDescribe: (handle) => json(m._orw_node_describe(handle)),
    nodeInferShapes(handle, infos) {
      const bytes = encoder.encode(JSON.stringify(infos));
      const ptr = m._malloc(Math.max(bytes.length, 1));
      try {
        m.HEAPU8.set(bytes, ptr);
        return json(m._orw_node_infer_shapes(handle, ptr, bytes.length));
      } finally {
        m._free(ptr);
      }
    },
    sessionCreate: (ptr, len) => m._orw_session_create(ptr, len),
    sessionRelease: (handle) => m._orw_session_release(handle),
    sessionDescribe: (handle) => json(m._orw_session_describe(handle)),
    inferModelShapes: (ptr, len) => json(m._orw_infer_model_shapes(ptr, len)),
    tensorFromBytes: (ptr, len) => m._orw_tensor_from_bytes(ptr, len) !== 0,
    lastBytesPtr: () => m._orw_last_bytes_ptr(),
    lastBytesLength: () => m._orw_last_bytes_length(),
    lastError: () => text(m._orw_last_error_ptr(), m._orw_last_error_length()),
    lastErrorKind: () => m._orw_last_error_kind(),
    heapUsed: () => m._orw_heap_used(),
  });
}
