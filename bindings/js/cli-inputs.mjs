// The command line's inputs: files given with --input (.json, .pb, .npy) and random ones for
// the rest. Models and input files are untrusted: every size is checked against the element
// limit before anything of that size is allocated, and every problem of a file is an Error
// naming the file and the reason.
import { readFile } from 'node:fs/promises';
import { readTensorProto, Tensor } from './index.node.mjs';
import { DTYPES } from './dtypes.mjs';
import { terminalSafe } from './escape.mjs';

// The default of --max-elements: 2^27 elements (512 MiB of float32) per tensor.
export const DEFAULT_MAX_ELEMENTS = 2 ** 27;
// JSON arrays nested deeper than this are refused (no tensor here has a rank near it).
const MAX_JSON_DEPTH = 64;

// The element count of dims (null for a dim that is not a non-negative integer), checked
// against the limit: an Error naming `what`, the size and the limit.
export function checkSize(dims, maxElements, what) {
  let count = 1;
  for (const d of dims) {
    if (!Number.isSafeInteger(d) || d < 0) throw new Error(`${what}: dim ${String(d)} is not a non-negative integer`);
    count *= d;
  }
  if (count > maxElements) {
    throw new Error(`${what}: [${dims.join(',')}] is ${count} elements, more than the limit of ${maxElements} (--max-elements N raises it)`);
  }
  return count;
}

// mulberry32: a small fixed-seed PRNG, so random inputs are the same on every run.
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTEGER_TYPES = ['int64', 'uint64', 'int32', 'uint32', 'int8', 'uint8', 'int16', 'uint16'];

// A random input for a declared graph input (symbolic dims: 2), its size checked first.
export function randomInput(meta, rand, maxElements) {
  const dims = (meta.dims ?? [2]).map((d) => (typeof d === 'number' ? d : 2));
  const size = checkSize(dims, maxElements, `input '${terminalSafe(meta.name)}' (random, from the model's declared shape)`);
  const t = meta.type;
  if (!DTYPES[t]) throw new Error(`input '${terminalSafe(meta.name)}': type '${terminalSafe(t)}' cannot be made up; give it with --input`);
  const array = new DTYPES[t].array(size);
  if (INTEGER_TYPES.includes(t)) {
    const small = dims.length <= 1;  // axes / axis: zeros are valid for any rank >= 1
    const unsigned = t.startsWith('u');
    const big = t === 'int64' || t === 'uint64';
    for (let i = 0; i < size; ++i) {
      const v = small ? 0 : Math.floor(rand() * (unsigned ? 10 : 21)) - (unsigned ? 0 : 10);
      array[i] = big ? BigInt(v) : v;
    }
    return new Tensor(t, array, dims);
  }
  if (t === 'bool') return new Tensor(t, Array.from({ length: size }, () => rand() < 0.5), dims);
  if (t === 'float32' || t === 'float64') {
    for (let i = 0; i < size; ++i) array[i] = rand() * 2 - 1;
    return new Tensor(t, array, dims);
  }
  return new Tensor(t, Array.from({ length: size }, () => rand() * 2 - 1), dims);  // float16, bfloat16
}

const NPY_TYPES = {
  '<f4': 'float32', '<f8': 'float64', '<f2': 'float16', '<i1': 'int8', '|i1': 'int8', '|u1': 'uint8', '<u1': 'uint8',
  '<i2': 'int16', '<u2': 'uint16', '<i4': 'int32', '<u4': 'uint32', '<i8': 'int64', '<u8': 'uint64', '|b1': 'bool',
};

function parseNpy(buf, maxElements) {
  if (buf.length < 10 || buf[0] !== 0x93 || buf.toString('latin1', 1, 6) !== 'NUMPY') throw new Error('not a .npy file (no \\x93NUMPY magic)');
  const major = buf[6];
  if (major !== 1 && major !== 2 && major !== 3) throw new Error(`.npy format version ${major} is not supported (1, 2 or 3)`);
  const start = major === 1 ? 10 : 12;
  if (buf.length < start) throw new Error('the .npy header is cut short');
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  if (start + headerLen > buf.length) throw new Error(`the .npy header claims ${headerLen} bytes, the file has ${buf.length - start} after the preamble`);
  const header = buf.toString('latin1', start, start + headerLen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*(True|False)/.exec(header)?.[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || shape === undefined) throw new Error(`the .npy header has no ${descr === undefined ? "'descr'" : "'shape'"}`);
  const type = NPY_TYPES[descr];
  if (!type) throw new Error(`dtype '${terminalSafe(descr)}' is not supported (supported: ${Object.keys(NPY_TYPES).join(' ')})`);
  if (fortran === 'True') throw new Error('Fortran-order arrays are not supported (save with C order)');
  const parts = shape.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = parts.find((s) => !/^\d+$/.test(s));
  if (bad !== undefined) throw new Error(`the .npy shape has '${terminalSafe(bad)}', not a non-negative integer`);
  const dims = parts.map(Number);
  const count = checkSize(dims, maxElements, 'shape');
  const elementBytes = DTYPES[type].array.BYTES_PER_ELEMENT;
  const body = buf.subarray(start + headerLen);
  if (body.length !== count * elementBytes) {
    throw new Error(`the data is ${body.length} bytes, shape [${dims}] of ${descr} needs ${count * elementBytes}`);
  }
  const copy = new Uint8Array(body).buffer;  // aligned copy
  return new Tensor(type, new DTYPES[type].array(copy), dims);
}

// The dims of a nested JSON array and its elements in order, walked without recursion (a
// deeply nested file cannot exhaust the stack); ragged nesting is an Error.
function flatten(data, maxElements) {
  const dims = [];
  for (let x = data; Array.isArray(x); x = x[0]) {
    if (dims.length >= MAX_JSON_DEPTH) throw new Error(`the data is nested deeper than ${MAX_JSON_DEPTH} levels`);
    dims.push(x.length);
  }
  checkSize(dims, maxElements, 'data');
  const out = [];
  const stack = [[data, 0]];
  while (stack.length) {
    const [x, depth] = stack.pop();
    const leaf = depth === dims.length;
    if (Array.isArray(x) === leaf || (!leaf && x.length !== dims[depth])) {
      throw new Error(`the data is ragged: not every array at depth ${depth} has ${dims[depth] ?? 'no'} elements (expected dims [${dims}])`);
    }
    if (leaf) out.push(x);
    else for (let i = x.length - 1; i >= 0; --i) stack.push([x[i], depth + 1]);
  }
  return { dims, values: out };
}

function parseJson(text, meta, maxElements) {
  let v;
  try { v = JSON.parse(text); } catch (e) { throw new Error(`not valid JSON (${e.message})`); }
  if (Array.isArray(v)) v = { data: v };
  if (!v || typeof v !== 'object' || !Array.isArray(v.data)) throw new Error('expected {"type", "dims", "data"} or a (nested) array of numbers');
  const { dims: nested, values } = flatten(v.data, maxElements);
  const type = v.type ?? meta?.type;
  const dims = v.dims ?? nested;
  if (!Array.isArray(dims)) throw new Error('"dims" must be an array of non-negative integers');
  checkSize(dims, maxElements, 'dims');
  return new Tensor(type, values, dims);
}

// The tensor in `file` for the graph input `meta`; any problem is an Error naming the file.
export async function readInput(file, meta, maxElements) {
  const shown = terminalSafe(file);
  const buf = await readFile(file).catch((e) => { throw new Error(`cannot read ${shown}: ${e.code ?? e.message}`); });
  try {
    if (file.endsWith('.pb')) {
      const { tensor } = readTensorProto(new Uint8Array(buf));
      checkSize(tensor.dims, maxElements, 'dims');
      return tensor;
    }
    if (file.endsWith('.npy')) return parseNpy(buf, maxElements);
    if (file.endsWith('.json')) return parseJson(buf.toString('utf8'), meta, maxElements);
  } catch (e) {
    throw new Error(`${shown}: ${e.message}`, { cause: e });
  }
  throw new Error(`${shown}: unknown input format (use .json, .pb or .npy)`);
}
