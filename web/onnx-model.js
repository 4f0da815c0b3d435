// Just enough of the protobuf wire format to list a ModelProto's graph for display: opset
// imports, nodes (with their serialized NodeProto bytes, which the package's Node.fromBytes
// then validates), inputs, outputs and initializer names. The package does the real parsing
// (InferenceSession, inferModelShapes); this only finds things to show.

class Reader {
  constructor(bytes, start = 0, end = bytes.length) {
    this.b = bytes;
    this.p = start;
    this.end = end;
  }
  get done() { return this.p >= this.end; }
  varint() {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      if (this.p >= this.end) throw new Error('truncated varint');
      const byte = this.b[this.p++];
      v |= BigInt(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return v;
      shift += 7n;
      if (shift > 63n) throw new Error('varint too long');
    }
  }
  // Yields [fieldNumber, wireType, value]: value is a bigint (varint), a subarray (length-
  // delimited) or a DataView offset (fixed 32/64).
  *fields() {
    while (!this.done) {
      const key = Number(this.varint());
      const field = key >>> 3;
      const wire = key & 7;
      if (wire === 0) yield [field, wire, this.varint()];
      else if (wire === 2) {
        const len = Number(this.varint());
        if (this.p + len > this.end) throw new Error('truncated field');
        yield [field, wire, this.b.subarray(this.p, this.p + len)];
        this.p += len;
      } else if (wire === 5 || wire === 1) {
        const size = wire === 5 ? 4 : 8;
        if (this.p + size > this.end) throw new Error('truncated field');
        yield [field, wire, this.b.subarray(this.p, this.p + size)];
        this.p += size;
      } else throw new Error(`unsupported wire type ${wire}`);
    }
  }
}

const utf8 = new TextDecoder();
const str = (bytes) => utf8.decode(bytes);

function nameOf(bytes, field) {
  for (const [f, w, v] of new Reader(bytes).fields()) if (f === field && w === 2) return str(v);
  return '';
}

function readNode(bytes) {
  const node = { bytes: bytes.slice(), inputs: [], outputs: [], name: '', opType: '', domain: '' };
  for (const [f, w, v] of new Reader(bytes).fields()) {
    if (w !== 2) continue;
    if (f === 1) node.inputs.push(str(v));
    else if (f === 2) node.outputs.push(str(v));
    else if (f === 3) node.name = str(v);
    else if (f === 4) node.opType = str(v);
    else if (f === 7) node.domain = str(v);
  }
  return node;
}

// { irVersion, producer, opsets: {domain: version}, graphName, nodes, inputs, outputs, initializers }
export function describeModel(bytes) {
  const model = { irVersion: 0, producer: '', opsets: {}, graphName: '', nodes: [], inputs: [], outputs: [], initializers: [] };
  let graph = null;
  for (const [f, w, v] of new Reader(bytes).fields()) {
    if (f === 1 && w === 0) model.irVersion = Number(v);
    else if (f === 2 && w === 2) model.producer = str(v);
    else if (f === 7 && w === 2) graph = v;
    else if (f === 8 && w === 2) {
      let domain = '';
      let version = 0;
      for (const [g, gw, gv] of new Reader(v).fields()) {
        if (g === 1 && gw === 2) domain = str(gv);
        else if (g === 2 && gw === 0) version = Number(gv);
      }
      model.opsets[domain === 'ai.onnx' ? '' : domain] = version;
    }
  }
  if (!graph) throw new Error('the file has no graph (is it an ONNX model?)');
  for (const [f, w, v] of new Reader(graph).fields()) {
    if (w !== 2) continue;
    if (f === 1) model.nodes.push(readNode(v));
    else if (f === 2) model.graphName = str(v);
    else if (f === 5) model.initializers.push(nameOf(v, 8));
    else if (f === 11) model.inputs.push(nameOf(v, 1));
    else if (f === 12) model.outputs.push(nameOf(v, 1));
  }
  return model;
}
