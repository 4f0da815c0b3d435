// Compile-only check (tsc --strict): opType is one of the supported ops, each with its own
// attributes (a typo in either fails to compile); an op unknown when compiling goes through the
// explicit escape, Node.create<string>; float16 data may be a Float16Array (lib ES2025).
import { makeModel, makeNode, Node, Tensor } from 'onnx-reduce-wasm';
import type { KnownNodeSpec, OpAttributes, OpType } from 'onnx-reduce-wasm';

function ops(): void {
  Node.create({ opType: 'ReduceSum', attributes: { keepdims: 0, noop_with_empty_axes: true } });
  Node.create({ opType: 'TopK', attributes: { axis: -1, largest: 1, sorted: 1 }, opset: 11 });
  Node.create({ opType: 'LpNormalization', attributes: { axis: -1, p: 2 } });
  Node.create({ opType: 'Cast', attributes: { to: 1 } });
  Node.create({ opType: 'Constant', attributes: { value: new Tensor('float32', [1]) } });
  // @ts-expect-error a typo in the op's name
  Node.create({ opType: 'ReduceSun' });
  // @ts-expect-error a typo in an attribute's name
  Node.create({ opType: 'ReduceSum', attributes: { keepdim: 0 } });
  // @ts-expect-error an attribute of another op
  Node.create({ opType: 'Softmax', attributes: { keepdims: 0 } });
  // @ts-expect-error p is 1 or 2
  Node.create({ opType: 'LpNormalization', attributes: { p: 3 } });
  // @ts-expect-error Cast needs `to`
  Node.create({ opType: 'Cast', attributes: {} });

  // The escape: any opType and attributes, checked by the node at run time only.
  const name: string = 'Gelu';
  const foreign: Node<string> = Node.create<string>({ opType: name, domain: 'com.example', attributes: { approximate: 'tanh' } });
  // @ts-expect-error a string variable needs the escape
  Node.create({ opType: name });

  const op: OpType = 'CumSum';
  const attrs: OpAttributes['CumSum'] = { exclusive: 1, reverse: false };
  const spec: KnownNodeSpec = { opType: 'ArgMax', attributes: { select_last_index: 1 } };
  makeModel({
    inputs: [{ name: 'x', type: 'float32', dims: [2] }],
    outputs: [{ name: 'y', type: 'float32', dims: [2] }],
    // @ts-expect-error makeModel's nodes are checked too
    nodes: [{ opType: 'Softmax', inputs: ['x'], outputs: ['y'], attributes: { axes: 0 } }],
  });
  makeNode({ opType: 'Gelu', domain: 'com.example', inputs: ['x'], outputs: ['y'], allowUnknownOps: true });
  void [foreign, op, attrs, spec];
}

function float16(): void {
  const half = new Tensor('float16', new Float16Array([0.5, 1.5]));
  const bits: Uint16Array = half.data;
  // @ts-expect-error a Float16Array is float16 data, not float32
  new Tensor('float32', new Float16Array(1));
  // @ts-expect-error a typo in the type name is named as such (not a TypedArray mismatch)
  new Tensor('flaot32', [1]);
  void bits;
}
void [ops, float16];
