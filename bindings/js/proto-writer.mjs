// A minimal protobuf writer for the ONNX messages the JS layer builds: NodeProto (Node.create,
// makeNode), TensorProto (tensor attributes, initializers), ValueInfoProto and ModelProto
// (makeModel). The wasm side parses what it writes exactly like bytes from elsewhere. It
// checks only what it must to write (integers fit int64, values have the attribute's kind);
// callers validate names and graphs first.
// A message is built as a list of chunks (arrays of tag and varint bytes, Uint8Arrays of
// payloads) and their total length, copied into one Uint8Array only at the end (toBytes): a big
// initializer's data is copied once, not once per level of nesting, and never spread into an
// argument list (which would overflow the call stack).
const utf8 = (s) => new TextEncoder().encode(s);

function join(parts) {
  const out = { chunks: [], length: 0 };
  for (const p of parts) {
    if (p.chunks) for (const c of p.chunks) out.chunks.push(c);
    else if (p.length) out.chunks.push(p);
    out.length += p.length;
  }
  return out;
}
const cat = (...parts) => join(parts);

function toBytes(message) {
  const out = new Uint8Array(message.length);
  let at = 0;
  for (const c of message.chunks) { out.set(c, at); at += c.length; }
  return out;
}

// A varint of a non-negative integer the writer itself computes (tags, lengths).
function varint(n) {
  const out = [];
  let v = BigInt(n);
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// A caller's integer as int64 (BigInt), or a RangeError/TypeError naming `what`: never wrapped.
function toInt64(v, what) {
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new RangeError(`${what} must be an integer, got ${String(v)}`);
    v = BigInt(v);
  } else if (typeof v !== 'bigint') {
    throw new TypeError(`${what} must be an integer (a number or a BigInt), got ${typeof v === 'string' ? JSON.stringify(v) : Object.prototype.toString.call(v)}`);
  }
  if (v < INT64_MIN || v > INT64_MAX) throw new RangeError(`${what} is outside int64, got ${v}`);
  return v;
}

const tag = (num, wire) => varint((num << 3) | wire);
const bytesField = (num, bytes) => cat(tag(num, 2), varint(bytes.length), bytes);
// An int64 field (two's complement, as protobuf writes negative values).
const intField = (num, v, what = 'value') => cat(tag(num, 0), varint(BigInt.asUintN(64, toInt64(v, what))));
function floatField(num, v, what) {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, got ${Object.prototype.toString.call(v)}`);
  return cat(tag(num, 5), new Uint8Array(Float32Array.of(v).buffer));
}
function stringField(num, v, what) {
  if (typeof v !== 'string') throw new TypeError(`${what} must be a string, got ${Object.prototype.toString.call(v)}`);
  return bytesField(num, utf8(v));
}

// AttributeProto fields: name 1, f 2, i 3, s 4, t 5, floats 7, ints 8, strings 9, type 20.
const ATTR = { float: [2, 1], int: [3, 2], string: [4, 3], tensor: [5, 4], floats: [7, 6], ints: [8, 7], strings: [9, 8] };

// The AttributeProto type of a JS value: integers -> int(s), other numbers -> float(s),
// strings -> string(s); {type, value} forces a type (e.g. {type: 'float', value: 1}).
function attributeKind(name, value, where) {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'type' in value) return [value.type, value.value];
  const isInt = (v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
  if (isInt(value)) return ['int', value];
  if (typeof value === 'number') return ['float', value];
  if (typeof value === 'boolean') return ['int', value ? 1 : 0];
  if (typeof value === 'string') return ['string', value];
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const arr = Array.from(value);
    if (arr.every(isInt)) return ['ints', arr];
    if (arr.every((v) => typeof v === 'number')) return ['floats', arr];
    if (arr.every((v) => typeof v === 'string')) return ['strings', arr];
  }
  throw new TypeError(`${where}: attribute '${name}' has a value of unsupported kind (${Object.prototype.toString.call(value)}); use a number, string, or an array of them`);
}

// `where` names the API call in errors (Node.create, makeNode, makeModel: nodes[i] (Op)).
export function encodeAttribute(name, value, where = 'Node.create') {
  const [type, v] = attributeKind(name, value, where);
  const spec = ATTR[type];
  if (!spec) throw new TypeError(`${where}: attribute '${name}' has unknown type '${type}'`);
  const [field, typeNum] = spec;
  const what = `${where}: attribute '${name}'`;
  const parts = [bytesField(1, utf8(name))];
  const list = (write) => {
    if (!Array.isArray(v) && !ArrayBuffer.isView(v)) throw new TypeError(`${what} must be an array for type '${type}'`);
    Array.from(v).forEach((x, i) => parts.push(write(field, x, `${what}[${i}]`)));
  };
  if (type === 'int') parts.push(intField(field, v, what));
  else if (type === 'float') parts.push(floatField(field, v, what));
  else if (type === 'string') parts.push(stringField(field, v, what));
  else if (type === 'tensor') parts.push(bytesField(field, encodeTensorProto('', v.onnx, v.dims, v.bytes)));
  else if (type === 'ints') list(intField);
  else if (type === 'floats') list(floatField);
  else list(stringField);
  parts.push(intField(20, typeNum));
  return join(parts);
}

// NodeProto: input 1, output 2, name 3, op_type 4, attribute 5, domain 7.
export function encodeNode({ opType, inputs = [], outputs = [], attributes = {}, name, domain }, where = 'Node.create') {
  const parts = [
    ...inputs.map((s) => bytesField(1, utf8(s))),
    ...outputs.map((s) => bytesField(2, utf8(s))),
    name ? bytesField(3, utf8(name)) : [],
    bytesField(4, utf8(opType)),
    ...Object.entries(attributes).map(([k, v]) => bytesField(5, encodeAttribute(k, v, where))),
    domain ? bytesField(7, utf8(domain)) : [],
  ];
  return toBytes(join(parts));
}

// TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian, as wasm and x86 hold it).
function encodeTensorProto(name, onnxType, dims, rawBytes) {
  return join([...dims.map((d) => intField(1, d, 'dims')), intField(2, onnxType), bytesField(8, utf8(name)), bytesField(9, rawBytes)]);
}

// ValueInfoProto: name 1, type 2 { tensor_type 1 { elem_type 1, shape 2 { dim 1 { dim_value 1 | dim_param 2 } } } }.
// dims: null (no shape: unknown rank), or numbers, symbols and nulls (a dim with neither field).
function encodeValueInfo({ name, type, dims }) {
  const dim = (d) => bytesField(1, typeof d === 'number' ? intField(1, d, 'dims') : typeof d === 'string' ? bytesField(2, utf8(d)) : []);
  const dimsBytes = dims == null ? [] : bytesField(2, join(dims.map(dim)));
  return cat(bytesField(1, utf8(name)), bytesField(2, bytesField(1, cat(intField(1, type), dimsBytes))));
}

// A one-graph ModelProto: { opset, nodes: [encodeNode specs or NodeProto bytes], inputs/outputs:
// [{ name, type: ONNX number, dims }], initializers: [{ name, type: ONNX number, dims, bytes:
// Uint8Array }], opsetImports: [[domain, version]] of the domains besides ai.onnx }.
// ModelProto: ir_version 1, graph 7, opset_import 8 { domain 1, version 2 };
// GraphProto: node 1, name 2, initializer 5, input 11, output 12.
export function encodeModel({ opset, nodes, inputs, outputs, initializers = [], irVersion = 8, opsetImports = [] }) {
  const graph = join([
    ...nodes.map((n) => bytesField(1, n instanceof Uint8Array ? n : encodeNode(n))),
    bytesField(2, utf8('graph')),
    ...initializers.map((t) => bytesField(5, encodeTensorProto(t.name, t.type, t.dims, t.bytes))),
    ...inputs.map((v) => bytesField(11, encodeValueInfo(v))),
    ...outputs.map((v) => bytesField(12, encodeValueInfo(v))),
  ]);
  const imports = [['', opset], ...opsetImports].map(([domain, version]) => bytesField(8, cat(bytesField(1, utf8(domain)), intField(2, version))));
  return toBytes(join([intField(1, irVersion), bytesField(7, graph), ...imports]));
}
