// Reference ReduceProd and CumProd with numpy semantics (np.prod / np.cumprod with the input's
// dtype kept): integers are exact and wrap around (two's complement), floats are computed in
// float64 (compare them with a tolerance), an empty reduction gives 1. Duplicate axes count
// once (as in ONNX Runtime; numpy itself refuses them). Tensors are { type, data, dims }.

const INT_BITS = { int32: 32, int64: 64 };

const strides = (dims) => {
  const s = new Array(dims.length).fill(1);
  for (let i = dims.length - 2; i >= 0; --i) s[i] = s[i + 1] * dims[i + 1];
  return s;
};

const isInt = (type) => type in INT_BITS;
const toBig = (v) => (typeof v === 'bigint' ? v : BigInt(v));
const fromBig = (type, v) => (type === 'int64' ? BigInt.asIntN(64, v) : Number(BigInt.asIntN(32, v)));

// The exact integer product of each output (BigInt, no wrap), for deciding when an integer
// result leaves a range; null for float types.
export function reduceProdExact(x, axesIn, { keepdims = 1, noop = 0 } = {}) {
  if (!isInt(x.type)) return null;
  return reduceCore(x, axesIn, keepdims, noop, true).values;
}

export function reduceProd(x, axesIn, { keepdims = 1, noop = 0 } = {}) {
  const { dims, values } = reduceCore(x, axesIn, keepdims, noop, isInt(x.type));
  const data = isInt(x.type) ? values.map((v) => fromBig(x.type, v)) : values;
  return { type: x.type, dims, data };
}

function reduceCore(x, axesIn, keepdims, noop, big) {
  const r = x.dims.length;
  const axes = axesIn ?? [];
  if (axes.length === 0 && noop) {
    return { dims: [...x.dims], values: Array.from(x.data, (v) => (big ? toBig(v) : Number(v))) };
  }
  const reduced = new Array(r).fill(axes.length === 0);
  for (const a of axes) reduced[a < 0 ? a + r : a] = true;
  const outFull = x.dims.map((d, i) => (reduced[i] ? 1 : d));
  const outSize = outFull.reduce((a, b) => a * b, 1);
  const values = new Array(outSize).fill(big ? 1n : 1);
  const inStrides = strides(x.dims);
  const outStrides = strides(outFull);
  for (let flat = 0; flat < x.data.length; ++flat) {
    let o = 0;
    for (let i = 0; i < r; ++i) {
      const idx = Math.floor(flat / inStrides[i]) % x.dims[i];
      if (!reduced[i]) o += idx * outStrides[i];
    }
    values[o] = big ? values[o] * toBig(x.data[flat]) : values[o] * Number(x.data[flat]);
  }
  const dims = keepdims ? outFull : x.dims.filter((_, i) => !reduced[i]);
  return { dims, values };
}

export function cumProd(x, axis, { exclusive = 0, reverse = 0 } = {}) {
  const r = x.dims.length;
  const a = axis < 0 ? axis + r : axis;
  const big = isInt(x.type);
  const n = x.dims[a];
  const inner = strides(x.dims)[a];
  const outer = x.data.length / Math.max(n * inner, 1);
  const out = new Array(x.data.length);
  for (let o = 0; o < (n * inner ? outer : 0); ++o) {
    for (let i = 0; i < inner; ++i) {
      let acc = big ? 1n : 1;
      for (let k = 0; k < n; ++k) {
        const kk = reverse ? n - 1 - k : k;
        const at = o * n * inner + kk * inner + i;
        const v = big ? toBig(x.data[at]) : Number(x.data[at]);
        if (exclusive) { out[at] = acc; acc = big ? acc * v : acc * v; } else { acc = big ? acc * v : acc * v; out[at] = acc; }
      }
    }
  }
  return { type: x.type, dims: [...x.dims], data: big ? out.map((v) => fromBig(x.type, v)) : out };
}
