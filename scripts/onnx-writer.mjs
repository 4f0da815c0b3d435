// A few lines of protobuf wire format, enough to write ONNX NodeProtos by hand for the
// example and the tests (independently of the library's own serializer).
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

// AttributeProto: name = 1, i = 3, ints = 8, type = 20 (INT = 2, INTS = 7)
export const intAttr = (name, v) => [...bytesField(1, utf8(name)), ...intField(3, v), ...intField(20, 2)];
export const intsAttr = (name, vs) => [...bytesField(1, utf8(name)), ...vs.flatMap((v) => intField(8, v)), ...intField(20, 7)];

// NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5, domain = 7
export function nodeProto({ opType, inputs = ['x'], outputs = ['y'], attributes = [], name, domain }) {
  return Uint8Array.from([
    ...inputs.flatMap((s) => bytesField(1, utf8(s))),
    ...outputs.flatMap((s) => bytesField(2, utf8(s))),
    ...(name ? bytesField(3, utf8(name)) : []),
    ...bytesField(4, utf8(opType)),
    ...attributes.flatMap((a) => bytesField(5, a)),
    ...(domain ? bytesField(7, utf8(domain)) : []),
  ]);
}
