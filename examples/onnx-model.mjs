// A small ONNX model writer for the examples: wraps nodes (serialized by the package's own
// Node.toBytes()) into a ModelProto with typed graph inputs and outputs. The package reads
// models; it does not write them, and this is the least protobuf a one-graph model needs.
//
//   ModelProto     { ir_version 1, graph 7, opset_import 8 { domain 1, version 2 } }
//   GraphProto     { node 1, name 2, input 11, output 12 }
//   ValueInfoProto { name 1, type 2 { tensor_type 1 { elem_type 1, shape 2 { dim 1 { dim_value 1, dim_param 2 } } } } }
import { Node } from 'onnx-reduce-wasm';

// ONNX TensorProto.DataType numbers of the element types used here.
const ELEM_TYPE = { float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, bool: 9, float16: 10, float64: 11 };

function varint(value) {
  const out = [];
  let v = value;
  do {
    out.push((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
    v = Math.floor(v / 128);
  } while (v > 0);
  return out;
}
const intField = (field, v) => [...varint(field << 3), ...varint(v)];
const bytesField = (field, bytes) => [...varint((field << 3) | 2), ...varint(bytes.length), ...bytes];
const stringField = (field, s) => bytesField(field, [...new TextEncoder().encode(s)]);

// { name, type: 'float32' | ..., dims: [number | 'symbol' | null] }
function valueInfo({ name, type, dims }) {
  const shape = dims.flatMap((d) => bytesField(1, d == null ? [] : typeof d === 'string' ? stringField(2, d) : intField(1, d)));
  const tensorType = [...intField(1, ELEM_TYPE[type]), ...bytesField(2, shape)];
  return [...stringField(1, name), ...bytesField(2, bytesField(1, tensorType))];
}

/**
 * ModelProto bytes of one graph.
 * @param {{ opset: number, nodes: import('onnx-reduce-wasm').NodeSpec[],
 *           inputs: {name: string, type: string, dims: (number|string|null)[]}[],
 *           outputs: {name: string, type: string, dims: (number|string|null)[]}[] }} model
 */
export function makeModel({ opset, nodes, inputs, outputs }) {
  const graph = [
    ...nodes.flatMap((spec) => {
      const node = Node.create({ ...spec, opset });   // validated here, serialized by the package
      const bytes = node.toBytes();
      node.dispose();
      return bytesField(1, [...bytes]);
    }),
    ...stringField(2, 'graph'),
    ...inputs.flatMap((v) => bytesField(11, valueInfo(v))),
    ...outputs.flatMap((v) => bytesField(12, valueInfo(v))),
  ];
  const opsetImport = [...stringField(1, ''), ...intField(2, opset)];
  return Uint8Array.from([...intField(1, 8), ...bytesField(7, graph), ...bytesField(8, opsetImport)]);
}
