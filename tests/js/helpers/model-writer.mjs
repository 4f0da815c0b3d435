// Hand-written protobuf encoder for the few ONNX messages the tests need: a one-node (or small)
// ModelProto whose graph inputs, outputs and initializers are declared. Independent of the
// package's own writer so that tests do not check the package against itself.
//
// ModelProto{ir_version 1, graph 7, opset_import 8 {domain 1, version 2}}
// GraphProto{node 1, name 2, initializer 5, input 11, output 12}
// NodeProto{input 1, output 2, name 3, op_type 4, attribute 5, domain 7}
// AttributeProto{name 1, f 2, i 3, s 4, floats 7, ints 8, strings 9, type 20}
// TensorProto{dims 1, data_type 2, name 8, raw_data 9}
// ValueInfoProto{name 1, type 2 {tensor_type 1 {elem_type 1, shape 2 {dim 1 {dim_value 1, dim_param 2}}}}}

export const ELEM = Object.freeze({
  float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, bool: 9,
  float16: 10, float64: 11, uint32: 12, uint64: 13, bfloat16: 16,
  // Known to shape inference only (raw bytes given as a Uint8Array).
  float8e4m3fn: 17, float8e5m2: 19, uint4: 21, int4: 22,
});

const enc = new TextEncoder();

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

const key = (field, wire) => varint((field << 3) | wire);
export const lenField = (field, bytes) => [...key(field, 2), ...varint(bytes.length), ...bytes];
export const intField = (field, v) => [...key(field, 0), ...varint(v)];
const strField = (field, s) => lenField(field, [...enc.encode(s)]);
const f32Field = (field, v) => [...key(field, 5), ...new Uint8Array(Float32Array.of(v).buffer)];

// attributes: {name: value}; integers -> INT/INTS, other numbers -> FLOAT/FLOATS, strings ->
// STRING; {type: 'float'|'int'|'ints'|'floats'|'string', value} forces the type.
export function encodeAttribute(name, value) {
  let type;
  let v = value;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'type' in value) ({ type, value: v } = value);
  else if (typeof value === 'string') type = 'string';
  else if (Array.isArray(value)) type = value.every((x) => Number.isInteger(x) || typeof x === 'bigint') ? 'ints' : 'floats';
  else type = Number.isInteger(value) || typeof value === 'bigint' ? 'int' : 'float';
  const body = [...strField(1, name)];
  switch (type) {
    case 'int': body.push(...intField(3, v), ...intField(20, 2)); break;
    case 'float': body.push(...f32Field(2, v), ...intField(20, 1)); break;
    case 'string': body.push(...strField(4, v), ...intField(20, 3)); break;
    case 'ints': for (const x of v) body.push(...intField(8, x)); body.push(...intField(20, 7)); break;
    case 'floats': for (const x of v) body.push(...f32Field(7, x)); body.push(...intField(20, 6)); break;
    default: throw new Error(`model-writer: attribute type ${type}`);
  }
  return body;
}

export function encodeNode({ opType, inputs = [], outputs = [], name, domain, attributes = {} }) {
  return [
    ...inputs.flatMap((s) => strField(1, s)),
    ...outputs.flatMap((s) => strField(2, s)),
    ...(name ? strField(3, name) : []),
    ...strField(4, opType),
    ...Object.entries(attributes).flatMap(([k, v]) => lenField(5, encodeAttribute(k, v))),
    ...(domain ? strField(7, domain) : []),
  ];
}

// dims: null (no shape: unknown rank) or an array of numbers / strings (dim_param) / null.
export function encodeValueInfo({ name, type, dims }) {
  const tensorType = [...intField(1, ELEM[type])];
  if (dims != null) {
    const shape = dims.flatMap((d) => lenField(1, d == null ? [] : typeof d === 'string' ? strField(2, d) : intField(1, d)));
    tensorType.push(...lenField(2, shape));
  }
  return [...strField(1, name), ...lenField(2, lenField(1, tensorType))];
}

// tensor: {type, data: TypedArray, dims}; stored as raw_data (little-endian, as on x86/wasm).
export function encodeTensor(name, { type, data, dims }) {
  return [
    ...dims.flatMap((d) => intField(1, d)),
    ...intField(2, ELEM[type]),
    ...strField(8, name),
    ...lenField(9, [...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]),
  ];
}

// A ModelProto. spec: { nodes: [nodeSpec], inputs: [valueInfo], outputs: [valueInfo],
// initializers?: {name: tensor} or [[name, tensor]] (names may repeat), opset = 18,
// domain = '', irVersion = 8, graphName = 'g', opsetImports = [{ domain, version: opset }] }.
export function encodeModel({
  nodes, inputs, outputs, initializers = {}, opset = 18, domain = '', irVersion = 8, graphName = 'g',
  opsetImports = [{ domain, version: opset }],
}) {
  const inits = Array.isArray(initializers) ? initializers : Object.entries(initializers);
  const graph = [
    ...nodes.flatMap((n) => lenField(1, encodeNode(n))),
    ...strField(2, graphName),
    ...inits.flatMap(([name, t]) => lenField(5, encodeTensor(name, t))),
    ...inputs.flatMap((v) => lenField(11, encodeValueInfo(v))),
    ...outputs.flatMap((v) => lenField(12, encodeValueInfo(v))),
  ];
  const imports = opsetImports.flatMap((o) => lenField(8, [...(o.domain ? strField(1, o.domain) : []), ...intField(2, o.version)]));
  return Uint8Array.from([...intField(1, irVersion), ...lenField(7, graph), ...imports]);
}

// A model of one node: node inputs named after `inputs` (value infos), output `outputs[0]`.
// Inputs whose name is in initializers are not declared as graph inputs.
export function oneNodeModel({ opType, attributes = {}, opset, inputs, output, initializers = {}, name }) {
  return encodeModel({
    opset,
    nodes: [{ opType, attributes, name, inputs: inputs.map((i) => i.name), outputs: [output.name] }],
    inputs: inputs.filter((i) => !(i.name in initializers)),
    outputs: [output],
    initializers,
  });
}

// The NodeProto bytes alone (for Node.fromBytes).
export function nodeBytes(spec) {
  return Uint8Array.from(encodeNode(spec));
}
