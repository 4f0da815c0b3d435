// makeModel and makeNode refuse what they cannot write as a valid model, before writing: one
// behaviour per test, each checking the error's class and that its message names the call,
// the node (nodes[i] and its op) or the value, and what to pass instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, makeModel, makeNode, memoryStats, Tensor } from '../../dist/index.node.mjs';

await init();

// A valid model (x -> ReduceSum over axes -> y) that each test breaks in one way.
function spec(change = {}) {
  return {
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 3] }],
    outputs: [{ name: 'y', type: 'float32', dims: ['N'] }],
    initializers: { axes: new Tensor('int64', [1n], [1]) },
    nodes: [{ opType: 'ReduceSum', inputs: ['x', 'axes'], outputs: ['y'], attributes: { keepdims: 0 } }],
    ...change,
  };
}
const sum = (change = {}) => ({ opType: 'ReduceSum', inputs: ['x', 'axes'], outputs: ['y'], ...change });
const refuses = (s, Class, ...patterns) => assert.throws(() => makeModel(s), (e) => {
  assert.equal(e.constructor, Class, `${e.name}: ${e.message}`);
  for (const p of patterns) assert.match(e.message, p);
  return true;
});

test('makeModel/the base spec of these tests is valid', () => {
  assert.ok(makeModel(spec()).length > 0);
});

test('makeModel/refuses a spec that is not an object', () => {
  refuses(null, TypeError, /^makeModel: expected \{ opset\?, inputs, outputs, nodes/);
});

test('makeModel/refuses a node input used before it is defined', () => {
  refuses(spec({ nodes: [sum({ inputs: ['x', 'nowhere'] })] }), RangeError,
    /^makeModel: nodes\[0\] \(ReduceSum\): input 1 'nowhere' is used before it is defined: it is not a graph input, an initializer or an output of an earlier node$/);
});

test('makeModel/names the later node that produces an input used too early', () => {
  const nodes = [sum({ inputs: ['a', 'axes'] }), { opType: 'Abs', inputs: ['x'], outputs: ['a'] }];
  refuses(spec({ nodes }), RangeError, /^makeModel: nodes\[0\] \(ReduceSum\): input 0 'a' is used before it is defined/, /\(nodes\[1\] produces it: list the nodes in the order they run\)$/);
});

test('makeModel/refuses a value two nodes produce', () => {
  const nodes = [{ opType: 'Abs', inputs: ['x'], outputs: ['a'] }, { opType: 'Neg', inputs: ['x'], outputs: ['a'] }, sum({ inputs: ['a', 'axes'] })];
  refuses(spec({ nodes }), RangeError, /^makeModel: nodes\[1\] \(Neg\): output 0: 'a' is already an output of nodes\[0\] \(Abs\) \(a value is produced once/);
});

test('makeModel/refuses a node output that is a graph input', () => {
  refuses(spec({ nodes: [{ opType: 'Abs', inputs: ['x'], outputs: ['x'] }] }), RangeError, /^makeModel: nodes\[0\] \(Abs\): output 0: 'x' is already a graph input/);
});

test('makeModel/refuses a name that is both a graph input and an initializer', () => {
  refuses(spec({ inputs: [{ name: 'x', type: 'float32', dims: ['N', 3] }, { name: 'axes', type: 'int64', dims: [1] }] }), RangeError,
    /^makeModel: initializers\['axes'\]: 'axes' is already a graph input \(a value is produced once: by a graph input, an initializer or one node output\)$/);
});

test('makeModel/refuses a graph input listed twice', () => {
  refuses(spec({ inputs: [{ name: 'x', type: 'float32', dims: [3] }, { name: 'x', type: 'float32', dims: [3] }] }), RangeError, /^makeModel: inputs\[1\]: 'x' is already a graph input/);
});

test('makeModel/refuses a graph output nothing produces', () => {
  refuses(spec({ outputs: [{ name: 'z', type: 'float32' }] }), RangeError, /^makeModel: outputs\[0\] \('z'\) is not produced by any node, graph input or initializer$/);
});

test('makeModel/refuses a node whose input types do not go together, naming the op and both inputs', () => {
  refuses(spec({
    outputs: [{ name: 'z', type: 'float32' }],
    nodes: [{ opType: 'ArgMax', inputs: ['x'], outputs: ['i'], attributes: { axis: 1 } }, { opType: 'Add', inputs: ['x', 'i'], outputs: ['z'] }],
  }), TypeError, /^makeModel: Add \(opset 13\): input 1 'B' has element type int64 but input 0 'A' has float32; both inputs must have the same type$/);
});

test('makeModel/refuses a graph output declared with another type than the graph makes', () => {
  refuses(spec({ outputs: [{ name: 'i', type: 'float32' }], nodes: [{ opType: 'ArgMax', inputs: ['x'], outputs: ['i'] }] }), TypeError,
    /^makeModel: outputs\[0\] \('i'\) is declared float32, but the graph makes it int64$/);
});

test('makeModel/refuses a graph output listed twice', () => {
  refuses(spec({ outputs: [{ name: 'y', type: 'float32' }, { name: 'y', type: 'float32' }] }), RangeError, /^makeModel: outputs\[1\] \('y'\) is listed twice$/);
});

test('makeModel/refuses an unknown element type of an input', () => {
  refuses(spec({ inputs: [{ name: 'x', type: 'float', dims: [3] }] }), TypeError, /^makeModel: inputs\[0\] \('x'\)\.type: unknown type 'float' \(known: float32, /);
});

test('makeModel/refuses an unknown element type of an output', () => {
  refuses(spec({ outputs: [{ name: 'y', type: 'string' }] }), TypeError, /^makeModel: outputs\[0\] \('y'\)\.type: unknown type 'string'/);
});

test('makeModel/refuses an empty value name', () => {
  refuses(spec({ inputs: [{ name: '', type: 'float32', dims: [3] }] }), TypeError, /^makeModel: inputs\[0\]\.name must be a non-empty string, got ""$/);
});

test('makeModel/refuses an empty initializer name', () => {
  refuses(spec({ initializers: [{ name: '', tensor: new Tensor('int64', [1n], [1]) }] }), TypeError, /^makeModel: initializers\[0\]\.name must be a non-empty string/);
});

test('makeModel/refuses an input without dims', () => {
  refuses(spec({ inputs: [{ name: 'x', type: 'float32' }] }), TypeError, /^makeModel: inputs\[0\] \('x'\)\.dims must be an array of dims \(numbers, symbol names such as 'N', or null for an unknown dim\), got undefined$/);
});

test('makeModel/refuses a negative dim', () => {
  refuses(spec({ inputs: [{ name: 'x', type: 'float32', dims: [2, -1] }] }), RangeError, /^makeModel: inputs\[0\] \('x'\)\.dims\[1\] must be a non-negative safe integer, got -1$/);
});

test('makeModel/refuses an initializer that is not a tensor', () => {
  refuses(spec({ initializers: { axes: [1] } }), TypeError, /^makeModel: initializers\['axes'\] is not a Tensor/);
});

test('makeModel/refuses an empty op type', () => {
  refuses(spec({ nodes: [sum({ opType: '' })] }), TypeError, /^makeModel: nodes\[0\]\.opType must be a non-empty string, got ""$/);
});

test('makeModel/refuses node inputs that are not an array', () => {
  refuses(spec({ nodes: [sum({ inputs: 'x' })] }), TypeError, /^makeModel: nodes\[0\] \(ReduceSum\): inputs must be an array of value names \('' for an absent optional input\), got "x"$/);
});

test('makeModel/refuses a node output name that is not a string', () => {
  refuses(spec({ nodes: [sum({ outputs: [null] })] }), TypeError, /^makeModel: nodes\[0\] \(ReduceSum\): outputs\[0\] must be a value name, a string \('' for an absent optional output\), got null$/);
});

test('makeModel/refuses nodes that are not an array', () => {
  refuses(spec({ nodes: sum() }), TypeError, /^makeModel: nodes must be an array of \{ opType, inputs, outputs/);
});

test('makeModel/refuses an op the package does not have, and says how to allow it', () => {
  refuses(spec({ nodes: [sum({ opType: 'Fused' })] }), Error,
    /^makeModel: nodes\[0\] \(Fused\): the package has no op 'Fused' in domain 'ai\.onnx' \(README\.md lists the supported ops\); pass allowUnknownOps: true/);
});

test('makeModel/refuses an op at an opset before its first version', () => {
  const nodes = [{ opType: 'CumProd', inputs: ['x', 'axis'], outputs: ['y'] }];
  refuses(spec({ nodes, initializers: { axis: new Tensor('int64', [1n], []) } }), Error, /^makeModel: nodes\[0\] \(CumProd\): CumProd exists from opset 26 on, and the opset here is 13$/);
});

test('makeModel/refuses an opset past the newest implemented', () => {
  refuses(spec({ opset: 27 }), Error, /^makeModel: opset 27 is outside the supported range 1\.\.26$/);
});

test('makeModel/refuses an opset that is not a positive integer', () => {
  refuses(spec({ opset: 0 }), RangeError, /^makeModel: opset must be an integer >= 1, got 0$/);
});

test('makeModel/refuses a node opset other than the model\'s', () => {
  refuses(spec({ nodes: [sum({ opset: 18 })] }), RangeError, /^makeModel: nodes\[0\] \(ReduceSum\): opset 18 differs from the model's opset 13 for domain 'ai\.onnx' \(a model has one opset per domain: leave the node's opset out\)$/);
});

test('makeModel/refuses a node of a domain with no opset import', () => {
  refuses(spec({ allowUnknownOps: true, nodes: [{ opType: 'Gelu', domain: 'com.example', inputs: ['x'], outputs: ['y'] }] }), RangeError,
    /^makeModel: nodes\[0\] \(Gelu\): the model has no opset for domain 'com\.example'; pass opsetImports: \{ 'com\.example': version \}$/);
});

test('makeModel/refuses the ai.onnx opset in opsetImports', () => {
  refuses(spec({ opsetImports: { '': 13 } }), RangeError, /^makeModel: opsetImports\['']: the ai\.onnx opset is given as `opset`, not in opsetImports$/);
});

test('makeModel/refuses an attribute the op\'s version does not have (the wasm parser\'s check)', () => {
  refuses(spec({ nodes: [sum({ attributes: { axes: [1] } })] }), RangeError,
    /^makeModel: nodes\[0\]: ReduceSum \(opset 13\): unknown attribute 'axes' \(this version has: keepdims, noop_with_empty_axes\)/);
});

test('makeModel/refuses an attribute value of unsupported kind', () => {
  refuses(spec({ nodes: [sum({ attributes: { keepdims: { yes: true } } })] }), TypeError, /^makeModel: nodes\[0\] \(ReduceSum\): attribute 'keepdims' has a value of unsupported kind/);
});

test('makeModel/refuses too many inputs for the op (the wasm parser\'s check)', () => {
  refuses(spec({ nodes: [sum({ inputs: ['x', 'axes', 'x'] })] }), RangeError, /^makeModel: nodes\[0\]: ReduceSum \(opset 13\): has 3 inputs, expected 1 to 2$/);
});

test('makeModel/refuses allowUnknownOps that is not a boolean', () => {
  refuses(spec({ allowUnknownOps: 'yes' }), TypeError, /^makeModel: allowUnknownOps must be a boolean, got "yes"$/);
});

test('makeModel/refuses an irVersion that is not a positive integer', () => {
  refuses(spec({ irVersion: 1.5 }), RangeError, /^makeModel: irVersion must be an integer >= 1, got 1\.5$/);
});

test('makeModel/a refused model leaves the wasm heap as it was', () => {
  makeModel(spec());
  const before = memoryStats().heapUsed;
  for (let i = 0; i < 50; ++i) assert.throws(() => makeModel(spec({ nodes: [sum({ attributes: { axes: [1] } })] })));
  assert.ok(Math.abs(memoryStats().heapUsed - before) <= 64, `heap ${before} -> ${memoryStats().heapUsed}`);
});

test('makeNode/refuses an op the package does not have, naming makeNode', () => {
  assert.throws(() => makeNode({ opType: 'Fused', inputs: ['x'], outputs: ['y'] }), /^Error: makeNode \(Fused\): the package has no op 'Fused' in domain 'ai\.onnx'.*allowUnknownOps: true/);
});

test('makeNode/refuses an attribute the op\'s version does not have', () => {
  assert.throws(() => makeNode({ opType: 'ReduceSum', inputs: ['x'], outputs: ['y'], attributes: { axes: [0] }, opset: 13 }),
    (e) => e instanceof RangeError && /^makeNode: ReduceSum \(opset 13\): unknown attribute 'axes'/.test(e.message));
});

test('makeModel/refuses an opset that is not a number', () => {
  refuses(spec({ opset: '13' }), TypeError, /^makeModel: opset must be a number, got "13"$/);
});

test('makeModel/refuses inputs that are not an array', () => {
  refuses(spec({ inputs: { x: 'float32' } }), TypeError, /^makeModel: inputs must be an array of \{ name, type, dims \}, got \[object Object\]$/);
});

test('makeModel/refuses a value info that is not an object', () => {
  refuses(spec({ outputs: ['y'] }), TypeError, /^makeModel: outputs\[0\] must be an object \{ name, type, dims\? \}, got "y"$/);
});

test('makeModel/refuses an empty initializer name given as a key', () => {
  refuses(spec({ initializers: { '': new Tensor('int64', [1n], [1]) } }), TypeError, /^makeModel: initializers: each name must be a non-empty string, got ""$/);
});

test('makeModel/refuses initializers that are neither an object nor an array', () => {
  refuses(spec({ initializers: new Tensor('int64', [1n], [1]) }), TypeError, /^makeModel: initializers must be an object \{ name: Tensor \} or an array of \{ name, tensor \}/);
});

test('makeModel/refuses an initializer entry that is not { name, tensor }', () => {
  refuses(spec({ initializers: [new Tensor('int64', [1n], [1])] }), TypeError, /^makeModel: initializers\[0\] must be an object \{ name, tensor \}/);
});

test('makeModel/refuses opsetImports that are not an object', () => {
  refuses(spec({ opsetImports: [['com.example', 1]] }), TypeError, /^makeModel: opsetImports must be an object \{ domain: version \}/);
});

test('makeModel/refuses an opset import version that is not a positive integer', () => {
  refuses(spec({ opsetImports: { 'com.example': 0 } }), RangeError, /^makeModel: opsetImports\['com\.example'\] must be an integer >= 1, got 0$/);
});

test('makeModel/refuses a node that is not an object', () => {
  refuses(spec({ nodes: [null] }), TypeError, /^makeModel: nodes\[0\] must be an object \{ opType, inputs, outputs, attributes\?, name\?, domain\? \}, got null$/);
});

test('makeModel/refuses node attributes that are not an object', () => {
  refuses(spec({ nodes: [sum({ attributes: [['keepdims', 0]] })] }), TypeError, /^makeModel: nodes\[0\] \(ReduceSum\): attributes must be an object \{ name: value \}/);
});

test('makeModel/refuses a node name that is not a string', () => {
  refuses(spec({ nodes: [sum({ name: 7 })] }), TypeError, /^makeModel: nodes\[0\] \(ReduceSum\): name must be a string, got 7$/);
});

test('makeModel/refuses a node domain that is not a string', () => {
  refuses(spec({ nodes: [sum({ domain: null })] }), TypeError, /^makeModel: nodes\[0\] \(ReduceSum\): domain must be a string \('' or 'ai\.onnx' for the standard ops\), got null$/);
});

test('makeNode/refuses an opset past the newest implemented', () => {
  assert.throws(() => makeNode({ opType: 'Abs', inputs: ['x'], outputs: ['y'], opset: 27 }), /^Error: makeNode: opset 27 is outside the supported range 1\.\.26$/);
});

test('makeNode/refuses allowUnknownOps that is not a boolean', () => {
  assert.throws(() => makeNode({ opType: 'Abs', inputs: ['x'], outputs: ['y'], allowUnknownOps: 1 }), /^TypeError: makeNode: allowUnknownOps must be a boolean, got 1$/);
});
