// Regenerates the checked-in seed corpora and dictionary from the ONNX backend test data:
//   node tests/fuzz/make-corpus.mjs /path/to/onnx-backend-tests
// corpus/model: the plain (not _expanded) node and pytorch-operator models;
// corpus/node: each model's first node + 8 control bytes (fuzz_node.cc: the last is the
//   opset, the others pick the derived inputs);
// corpus/tensor: a selection of the tests' small input/output .pb files;
// onnx.dict: protobuf tags of the ONNX fields these messages use, op names with their tag.
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: node tests/fuzz/make-corpus.mjs <onnx-backend-tests dir>');
const here = path.dirname(new URL(import.meta.url).pathname);

// Length-delimited fields `field` of a protobuf message, and varint fields.
function readVarint(b, pos) {
  let v = 0n, shift = 0n;
  for (;;) {
    const byte = b[pos++];
    v |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
    if (!(byte & 0x80)) return [v, pos];
  }
}
function fields(b) {
  const out = [];
  for (let pos = 0; pos < b.length;) {
    let key; [key, pos] = readVarint(b, pos);
    const field = Number(key >> 3n), wire = Number(key & 7n);
    if (wire === 0) { let v; [v, pos] = readVarint(b, pos); out.push({ field, value: v }); }
    else if (wire === 2) { let n; [n, pos] = readVarint(b, pos); out.push({ field, bytes: b.subarray(pos, pos + Number(n)) }); pos += Number(n); }
    else if (wire === 5) pos += 4;
    else if (wire === 1) pos += 8;
    else throw new Error(`wire type ${wire}`);
  }
  return out;
}

function fresh(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}
for (const h of ['model', 'node', 'tensor']) fresh(path.join(here, 'corpus', h));

const tests = [];
for (const group of ['node', 'pytorch-operator']) {
  for (const t of fs.readdirSync(path.join(root, group)).sort()) {
    if (t.includes('expanded') || !fs.existsSync(path.join(root, group, t, 'model.onnx'))) continue;
    tests.push(path.join(root, group, t));
  }
}
const opTypes = new Set();
tests.forEach((dir, k) => {
  const name = path.basename(dir);
  const model = fs.readFileSync(path.join(dir, 'model.onnx'));
  fs.writeFileSync(path.join(here, 'corpus/model', `${name}.onnx`), model);
  const top = fields(model);
  const graph = top.find((f) => f.field === 7).bytes;
  const opsetImport = top.find((f) => f.field === 8);
  const opset = opsetImport ? Number(fields(opsetImport.bytes).find((f) => f.field === 2)?.value ?? 1n) : 1;
  const node = fields(graph).find((f) => f.field === 1).bytes;
  opTypes.add(Buffer.from(fields(node).find((f) => f.field === 4).bytes).toString());
  // controls b[7..1] (file order), then the opset: type float, rank 1..4, dims 1..3, an axes input.
  const controls = [k & 0xff, (k * 7) & 0xff, 0x05, 0x01, 0xff - (k % 64), 1 + (k % 4), 0, opset];
  fs.writeFileSync(path.join(here, 'corpus/node', `${name}.bin`), Buffer.concat([node, Buffer.from(controls)]));
  if (k % 3 === 0) {
    const data = path.join(dir, 'test_data_set_0');
    for (const f of fs.readdirSync(data).sort()) {
      if (fs.statSync(path.join(data, f)).size <= 1024) {
        fs.copyFileSync(path.join(data, f), path.join(here, 'corpus/tensor', `${name}_${f}`));
      }
    }
  }
});

// Dictionary: "tag" bytes of the fields (NodeProto, AttributeProto, GraphProto, ModelProto,
// ValueInfo/TypeProto/TensorShapeProto, TensorProto), then op names with the op_type tag.
const esc = (bytes) => [...bytes].map((x) => (x >= 0x20 && x < 0x7f && x !== 0x22 && x !== 0x5c ? String.fromCharCode(x) : `\\x${x.toString(16).padStart(2, '0')}`)).join('');
const tag = (field, wire) => { const v = (field << 3) | wire; return v < 128 ? [v] : [(v & 0x7f) | 0x80, v >> 7]; };
const lines = ['# ONNX protobuf field tags and op names for the fuzz harnesses (tests/fuzz/make-corpus.mjs)'];
const tags = {
  node_input: [1, 2], node_output: [2, 2], node_name: [3, 2], node_op_type: [4, 2], node_attribute: [5, 2], node_domain: [7, 2],
  attr_f: [2, 5], attr_i: [3, 0], attr_s: [4, 2], attr_t: [5, 2], attr_g: [6, 2], attr_floats: [7, 2], attr_ints: [8, 0],
  attr_ints_packed: [8, 2], attr_strings: [9, 2], attr_tensors: [10, 2], attr_graphs: [11, 2], attr_type: [20, 0], attr_ref: [21, 2],
  model_ir: [1, 0], model_graph: [7, 2], model_opset: [8, 2], opset_version: [2, 0],
  graph_initializer: [5, 2], graph_input: [11, 2], graph_output: [12, 2], graph_value_info: [13, 2],
  tensor_dims: [1, 0], tensor_type: [2, 0], tensor_float: [4, 2], tensor_int32: [5, 2], tensor_int64: [7, 2],
  tensor_name: [8, 2], tensor_raw: [9, 2], tensor_double: [10, 2], tensor_uint64: [11, 2], tensor_external: [13, 2], tensor_location: [14, 0],
  dim_value: [1, 0], dim_param: [2, 2],
};
for (const [name, [field, wire]] of Object.entries(tags)) lines.push(`${name}="${esc(tag(field, wire))}"`);
for (const op of [...opTypes].sort()) lines.push(`op_${op}="${esc([...tag(4, 2), op.length, ...Buffer.from(op)])}"`);
for (const a of ['axes', 'keepdims', 'noop_with_empty_axes', 'exclusive', 'reverse', 'select_last_index', 'axis']) {
  lines.push(`attr_${a}="${esc([...tag(1, 2), a.length, ...Buffer.from(a)])}"`);
}
fs.writeFileSync(path.join(here, 'onnx.dict'), lines.join('\n') + '\n');
console.log(`${tests.length} models, ${fs.readdirSync(path.join(here, 'corpus/tensor')).length} tensors, ${opTypes.size} op types`);
