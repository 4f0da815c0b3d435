// Streamed runs: an input this large is copied into wasm memory one cache-sized piece at a
// time, each processed while it is still in cache; nothing of the input's size is held in
// wasm memory, and a scan's output comes out piece by piece too (the protocol of the
// orw_stream_* exports, bindings/stream.cc).
import { withInputs } from './heap.mjs';
import { fail, sharedMemory, wasm } from './module.mjs';
import { takeOutputs } from './outputs.mjs';
import { isWasmTensor, trustedTensor } from './tensor.mjs';
import { DTYPES } from './dtypes.mjs';
import { byteLengthOf, bytesOf, lengthOf } from './intrinsics.mjs';

const STREAM_MIN_BYTES = 1 << 20;

// Runs with input 0 streamed; begin(descPtr) starts the run on the wasm side and returns 1
// (started), 2 (this run cannot stream) or 0 (error). Returns the outputs, or null when the
// run did not stream.
// Whether a run of these inputs would be streamed: its first input is a large 'cpu' tensor.
export function mayStream(tensors) {
  const first = tensors[0];
  return !!first && !isWasmTensor(first) && byteLengthOf(first.data) >= STREAM_MIN_BYTES;
}

export function runStreamed(tensors, begin, where = 'run') {
  if (!mayStream(tensors)) return null;
  const first = tensors[0];
  // Begun and fed as one call in progress (withInputs): the stream is one per module.
  return withInputs(tensors, (desc) => {
    const status = begin(desc);
    if (status === 2) return null;
    if (status !== 1) fail(undefined, where);
    return feed(first, where);
  }, 0, where);
}

// Into a SharedArrayBuffer (the threaded build's memory) V8 copies a 256 KiB piece at about
// half the speed of a few MiB (bench/shared-copy.mjs): there, input is copied in batches of
// this many bytes and each piece fed from its place in the batch (the same pieces: the same
// bits). A piece larger than a batch (a scan's whole row) is copied as before.
const BATCH_BYTES = 4 << 20;

// A scan's output, assembled in JS memory; running out of it is a RangeError naming the call.
function outputArray(Data, size, where) {
  try {
    return new Data(size);
  } catch (e) {
    throw new RangeError(`${where}: cannot allocate the output of ${size} elements (${e.message})`);
  }
}

// The input's bytes, or the RangeError of a view of wasm memory that growth has detached.
function inputBytes(first, where) {
  if (lengthOf(first.data) !== first.size) {
    throw new RangeError(`${where}: inputs[0]: its data was detached during the streamed run (a view of wasm memory, which grew): copy it (data.slice()) first`);
  }
  return bytesOf(first.data);
}

function feed(first, where) {
  const m = wasm();
  const Data = DTYPES[first.type].array;
  // The input's bytes through the engine's accessors (never its own buffer or byteOffset
  // properties), checked again before each copy: the run may grow wasm memory, which detaches
  // an input that is a view of it.
  let src = inputBytes(first, where);
  const elementBytes = Data.BYTES_PER_ELEMENT;
  const out = m._orw_stream_output_in_pieces() ? outputArray(Data, first.size, where) : null;
  const size = sharedMemory() ? Math.min(BATCH_BYTES, src.length) : 0;
  const batch = { ptr: size ? m._malloc(size) : 0, lo: -1, hi: -1 };  // no buffer: piece by piece
  try {
    for (let n; (n = m._orw_stream_next()) > 0;) {
      const offset = m._orw_stream_offset();
      const lo = offset * elementBytes, hi = (offset + n) * elementBytes;
      if (lengthOf(src) === 0) src = inputBytes(first, where);
      let from = 0;
      if (batch.ptr && hi - lo <= size) {
        if (lo < batch.lo || hi > batch.hi) {  // the next batch, after or (a reverse scan) before this one
          const before = batch.hi >= 0 && hi <= batch.lo;
          batch.lo = before ? Math.max(0, hi - size) : lo;
          batch.hi = before ? hi : Math.min(src.length, lo + size);
          m.HEAPU8.set(src.subarray(batch.lo, batch.hi), batch.ptr);
        }
        from = batch.ptr + lo - batch.lo;
      } else {
        m.HEAPU8.set(src.subarray(lo, hi), m._orw_stream_in());
      }
      if (!m._orw_stream_feed(from)) fail(undefined, where);
      if (out) out.set(new Data(m.HEAPU8.buffer, m._orw_stream_out(), n), offset);
    }
  } finally {
    if (batch.ptr) m._free(batch.ptr);
  }
  if (!m._orw_stream_end()) fail(undefined, where);
  return out ? [trustedTensor(first.type, out, [...first.dims])] : takeOutputs(null, null, where);
}
