// A minimal protobuf writer for onnx.NodeProto: Node.create builds the bytes here and the
// wasm side parses and validates them exactly like Node.fromBytes.
const utf8 = (s) => [...new TextEncoder().encode(s)];

function varint(n) {
  const out = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}
const tag = (num, wire) => varint((num << 3) | wire);
const bytesField = (num, bytes) => [...tag(num, 2), ...varint(bytes.length), ...bytes];
const intField = (num, v) => [...tag(num, 0), ...varint(v)];
const floatField = (num, v) => [...tag(num, 5), ...new Uint8Array(Float32Array.of(v).buffer)];

// AttributeProto fields: name 1, f 2, i 3, s 4, t 5, floats 7, ints 8, strings 9, type 20.
const ATTR = { float: [2, 1], int: [3, 2], string: [4, 3], tensor: [5, 4], floats: [7, 6], ints: [8, 7], strings: [9, 8] };

// The AttributeProto type of a JS value: integers -> int(s), other numbers -> float(s),
// strings -> string(s); {type, value} forces a type (e.g. {type: 'float', value: 1}).
function attributeKind(name, value) {
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
  throw new TypeError(`Node.create: attribute '${name}' has a value of unsupported kind (${Object.prototype.toString.call(value)}); use a number, string, or an array of them`);
}

export function encodeAttribute(name, value) {
  const [type, v] = attributeKind(name, value);
  const spec = ATTR[type];
  if (!spec) throw new TypeError(`Node.create: attribute '${name}' has unknown type '${type}'`);
  const [field, typeNum] = spec;
  const body = [...bytesField(1, utf8(name))];
  if (type === 'int') body.push(...intField(field, v));
  else if (type === 'float') body.push(...floatField(field, v));
  else if (type === 'string') body.push(...bytesField(field, utf8(v)));
  else if (type === 'tensor') body.push(...bytesField(field, encodeTensorProto('', v.onnx, v.dims, v.bytes)));
  else if (type === 'ints') for (const x of v) body.push(...intField(field, x));
  else if (type === 'floats') for (const x of v) body.push(...floatField(field, x));
  else for (const x of v) body.push(...bytesField(field, utf8(x)));
  body.push(...intField(20, typeNum));
  return body;
}

// NodeProto: input 1, output 2, name 3, op_type 4, attribute 5, domain 7.
export function encodeNode({ opType, inputs = [], outputs = [], attributes = {}, name, domain }) {
  return Uint8Array.from([
    ...inputs.flatMap((s) => bytesField(1, utf8(s))),
    ...outputs.flatMap((s) => bytesField(2, utf8(s))),
    ...(name ? bytesField(3, utf8(name)) : []),
    ...bytesField(4, utf8(opType)),
    ...Object.entries(attributes).flatMap(([k, v]) => bytesField(5, encodeAttribute(k, v))),
    ...(domain ? bytesField(7, utf8(domain)) : []),
  ]);
}

// TensorProto: dims 1, data_type 2, name 8, raw_data 9.
function encodeTensorProto(name, onnxType, dims, rawBytes) {
  return [...dims.flatMap((d) => intField(1, d)), ...intField(2, onnxType), ...bytesField(8, utf8(name)), ...bytesField(9, [...rawBytes])];
}

// ValueInfoProto: name 1, type 2 { tensor_type 1 { elem_type 1, shape 2 { dim 1 { dim_value 1 | dim_param 2 } } } }.
function encodeValueInfo({ name, type, dims }) {
  const dimsBytes = dims == null ? [] : bytesField(2, dims.flatMap((d) => bytesField(1, typeof d === 'number' ? intField(1, d) : typeof d === 'string' ? bytesField(2, utf8(d)) : [])));
  return [...bytesField(1, utf8(name)), ...bytesField(2, bytesField(1, [...intField(1, type), ...dimsBytes]))];
}

// A one-graph ModelProto: { opset, nodes: [encodeNode specs], inputs/outputs: [{ name, type: ONNX
// number, dims }], initializers: [{ name, type: ONNX number, dims, bytes: Uint8Array }] }.
// ModelProto: ir_version 1, graph 7, opset_import 8 { domain 1, version 2 };
// GraphProto: node 1, name 2, initializer 5, input 11, output 12.
export function encodeModel({ opset, nodes, inputs, outputs, initializers = [], irVersion = 8 }) {
  const graph = [
    ...nodes.flatMap((n) => bytesField(1, [...encodeNode(n)])),
    ...bytesField(2, utf8('graph')),
    ...initializers.flatMap((t) => bytesField(5, encodeTensorProto(t.name, t.type, t.dims, t.bytes))),
    ...inputs.flatMap((v) => bytesField(11, encodeValueInfo(v))),
    ...outputs.flatMap((v) => bytesField(12, encodeValueInfo(v))),
  ];
  return Uint8Array.from([...intField(1, irVersion), ...bytesField(7, graph), ...bytesField(8, [...bytesField(1, []), ...intField(2, opset)])]);
}
