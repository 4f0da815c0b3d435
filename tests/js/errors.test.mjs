// Bad inputs: each is refused before any work with the right error class
// (TypeError for a wrong kind, RangeError for a bad value, Error for bad bytes or an
// unsupported op/opset) and a message naming the op (and node), the input or attribute and
// the reason; the next valid call still works; and failures leak no wasm memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Tensor, Node, InferenceSession, inferModelShapes, memoryStats } from '../../dist/index.node.mjs';
import { encodeModel, nodeBytes, oneNodeModel } from './helpers/model-writer.mjs';

await init();

const f32 = (values, dims) => new Tensor('float32', values, dims);
const i64 = (values, dims) => new Tensor('int64', values.map(BigInt), dims);
const x23 = () => f32([1, 2, 3, 4, 5, 6], [2, 3]);

// A ReduceSum (opset 13) model: data float32[3,2,2], axes int64[1] -> reduced.
const SUM_MODEL = oneNodeModel({
  opType: 'ReduceSum', opset: 13, attributes: { keepdims: 1 },
  inputs: [{ name: 'data', type: 'float32', dims: [3, 2, 2] }, { name: 'axes', type: 'int64', dims: [1] }],
  output: { name: 'reduced', type: 'float32', dims: [3, 1, 2] },
});
const sumFeeds = () => ({ data: f32([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [3, 2, 2]), axes: i64([1], [1]) });
const session = await InferenceSession.create(SUM_MODEL);
const sum13 = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });

// The valid calls that must work after every failure: a Node, a fresh Node, a session, shapes.
function assertStillWorks() {
  assert.deepEqual(Array.from(sum13.run([x23(), i64([1])])[0].data), [6, 15], 'a node still runs');
  const fresh = Node.create({ opType: 'CumProd', opset: 26 });
  assert.deepEqual(Array.from(fresh.run([f32([1, 2, 3]), i64([0], [])])[0].data), [1, 2, 6], 'a new node runs');
  fresh.dispose();
  assert.deepEqual(Array.from(session.runSync(sumFeeds()).reduced.data), [4, 6, 12, 14, 20, 22], 'a session still runs');
  assert.deepEqual(sum13.inferShapes([{ type: 'float32', dims: ['N', 3] }, { type: 'int64', dims: [1], value: [1] }]), [{ type: 'float32', dims: ['N'] }]);
}

const node = (spec) => Node.create(spec);
const released = async () => {
  const s = await InferenceSession.create(SUM_MODEL);
  await s.release();
  return s;
};

// [name, expected class, call, message patterns]. A call returning a promise must reject.
const ROWS = [
  // Tensor construction
  ['Tensor/a TypedArray of the wrong kind for the type', TypeError,
    () => new Tensor('float32', new Float64Array(2), [2]), [/float32/, /Float32Array/, /Float64Array/]],
  ['Tensor/int64 data that is not a BigInt64Array', TypeError,
    () => new Tensor('int64', new Int32Array(2), [2]), [/int64/, /BigInt64Array/, /Int32Array/]],
  ['Tensor/bfloat16 data that is not Uint16Array bits', TypeError,
    () => new Tensor('bfloat16', new Float32Array(2), [2]), [/bfloat16/, /Uint16Array/]],
  ['Tensor/data length that does not match the dims', RangeError,
    () => new Tensor('float32', [1, 2, 3], [2, 2]), [/3 elements/, /\[2,2\]/, /4/]],
  ['Tensor/a negative dim', RangeError,
    () => new Tensor('float32', [], [2, -1]), [/dims\[1\]/, /non-negative/, /-1/]],
  ['Tensor/a non-integer dim', RangeError,
    () => new Tensor('float32', [1], [1.5]), [/dims\[0\]/, /integer/, /1\.5/]],
  ['Tensor/a NaN dim', RangeError,
    () => new Tensor('float32', [1], [NaN]), [/dims\[0\]/, /NaN/]],
  ['Tensor/an unknown dtype string', TypeError,
    () => new Tensor('float128', [1], [1]), [/unknown type/, /float128/]],
  ['Tensor/a plain array with a non-number element', TypeError,
    () => new Tensor('float32', [1, 'two'], [2]), [/data\[1\]/, /two/, /float32/]],

  // Node.run inputs
  ['run/an input that is not a Tensor', TypeError,
    () => node({ opType: 'ReduceSum' }).run([{ data: new Float32Array(1), dims: [1] }]), [/ReduceSum/, /inputs\[0\]/, /not a Tensor/]],
  ['run/inputs that are not an array', TypeError,
    () => node({ opType: 'ReduceProd' }).run(f32([1])), [/ReduceProd/, /array/]],
  ['run/too many inputs', RangeError,
    () => node({ opType: 'ReduceSum' }).run([f32([1]), i64([0]), f32([1])]), [/ReduceSum/, /3 inputs/, /at most 2/]],
  ['run/a missing required input (null data)', RangeError,
    () => node({ opType: 'ReduceSum', opset: 13 }).run([null, i64([0])]), [/ReduceSum/, /'data'/, /required/]],
  ['run/a missing required input (CumSum without axis)', RangeError,
    () => node({ opType: 'CumSum', opset: 14 }).run([f32([1, 2])]), [/CumSum/, /'axis'/, /required/]],
  ['run/an element type the op version does not accept (int8 at ReduceMax opset 11)', TypeError,
    () => node({ opType: 'ReduceMax', opset: 11 }).run([new Tensor('int8', [1, 2])]), [/ReduceMax/, /'data'/, /int8/, /opset 11/]],
  ['run/bool before ReduceMax opset 20', TypeError,
    () => node({ opType: 'ReduceMax', opset: 19 }).run([new Tensor('bool', [true])]), [/ReduceMax/, /'data'/, /bool/]],
  ['run/int16, which no reduction accepts', TypeError,
    () => node({ opType: 'ReduceSum', opset: 13 }).run([new Tensor('int16', [1])]), [/ReduceSum/, /'data'/, /int16/]],
  ['run/an axis out of range (axes attribute)', RangeError,
    () => node({ opType: 'ReduceProd', opset: 13, attributes: { axes: [2] } }).run([x23()]), [/ReduceProd/, /attribute 'axes'/, /axis 2/, /out of range/, /rank 2/]],
  ['run/an axis out of range (axes input)', RangeError,
    () => node({ opType: 'ReduceProd', opset: 18 }).run([x23(), i64([-3])]), [/ReduceProd/, /axes/, /axis -3/, /out of range/, /rank 2/]],
  ['run/an axis out of range (CumProd axis input)', RangeError,
    () => node({ opType: 'CumProd', opset: 26 }).run([x23(), i64([2], [])]), [/CumProd/, /'axis'/, /axis 2/, /out of range/]],
  ['run/an axes input that is int32', TypeError,
    () => node({ opType: 'ReduceProd', opset: 18 }).run([x23(), new Tensor('int32', [0])]), [/ReduceProd/, /'axes'/, /int64/, /int32/]],
  ['run/an axes input that is 2-D', RangeError,
    () => node({ opType: 'ReduceProd', opset: 18 }).run([x23(), i64([0], [1, 1])]), [/ReduceProd/, /'axes'/, /1-D/, /\[1,1\]/]],
  ['run/a CumSum axis that is not a scalar', RangeError,
    () => node({ opType: 'CumSum', opset: 14 }).run([x23(), i64([0, 1], [2])]), [/CumSum/, /'axis'/, /scalar/]],
  ['run/a CumSum axis that is float', TypeError,
    () => node({ opType: 'CumSum', opset: 14 }).run([x23(), f32([0], [])]), [/CumSum/, /'axis'/, /int32 or int64/, /float/]],
  ['run/a rank-0 CumProd input', RangeError,
    () => node({ opType: 'CumProd', opset: 26 }).run([f32([3], []), i64([0], [])]), [/CumProd/, /'x'/, /rank/]],

  // Node attributes
  ['attributes/axes as an attribute at opset 18', RangeError,
    () => node({ opType: 'ReduceProd', opset: 18, attributes: { axes: [0] } }), [/ReduceProd/, /opset 18/, /'axes'/, /input/]],
  ['attributes/keepdims=2', RangeError,
    () => node({ opType: 'ReduceProd', attributes: { keepdims: 2 } }), [/ReduceProd/, /'keepdims'/, /0 or 1/, /2/]],
  ['attributes/noop_with_empty_axes=-1', RangeError,
    () => node({ opType: 'ReduceSum', attributes: { noop_with_empty_axes: -1 } }), [/ReduceSum/, /'noop_with_empty_axes'/, /0 or 1/]],
  ['attributes/an unknown attribute', RangeError,
    () => node({ opType: 'ReduceL2', attributes: { foo: 1 } }), [/ReduceL2/, /unknown attribute/, /'foo'/]],
  ['attributes/an attribute of the wrong type (axes: 1.5)', TypeError,
    () => node({ opType: 'ReduceProd', opset: 13, attributes: { axes: 1.5 } }), [/ReduceProd/, /'axes'/, /ints/, /float/]],
  ['attributes/an attribute of the wrong type (keepdims: "yes")', TypeError,
    () => node({ opType: 'ReduceMean', opset: 13, attributes: { keepdims: 'yes' } }), [/ReduceMean/, /'keepdims'/, /int/, /string/]],
  ['attributes/an attribute value of an unsupported JS kind', TypeError,
    () => node({ opType: 'ReduceMean', opset: 13, attributes: { keepdims: {} } }), [/'keepdims'/]],
  ['attributes/a repeated axis (after wrapping) at opset 1', RangeError,
    () => node({ opType: 'ReduceSum', opset: 1, attributes: { axes: [1, -1] } }).run([new Tensor('float32', [1, 2], [1, 2])]),
    [/ReduceSum/, /'axes'/, /axis 1 is repeated/, /1 and -1/]],
  ['inferShapes/a repeated axis of a known axes input', RangeError,
    () => node({ opType: 'ReduceSum', opset: 13 }).inferShapes([{ type: 'float32', dims: ['N', 3] }, { type: 'int64', dims: [2], value: [0, 0] }]),
    [/ReduceSum/, /input 'axes'/, /axis 0 is repeated/]],
  ['attributes/exclusive=3 on CumSum', RangeError,
    () => node({ opType: 'CumSum', opset: 14, attributes: { exclusive: 3 } }), [/CumSum/, /'exclusive'/, /0 or 1/]],

  // Ops, opsets, domains
  ['opset/opset 0', Error,
    () => node({ opType: 'ReduceProd', opset: 0 }), [/ReduceProd/, /opset 0/, /1\.\.26/]],
  ['opset/opset 27, newer than the package knows', Error,
    () => node({ opType: 'ReduceProd', opset: 27 }), [/ReduceProd/, /opset 27/, /1\.\.26/]],
  ['opset/a non-integer opset number', RangeError,
    () => node({ opType: 'ReduceProd', opset: 13.5 }), [/opset/, /13\.5/]],
  ['opset/an opset that is not a number', TypeError,
    () => Node.fromBytes(nodeBytes({ opType: 'ReduceProd', inputs: ['x'], outputs: ['y'] }), { opset: '13' }), [/opset/, /13/]],
  ['opset/CumProd before opset 26', Error,
    () => node({ opType: 'CumProd', opset: 25 }), [/CumProd/, /opset 25/, /26/]],
  ['opset/an unknown op', Error,
    () => node({ opType: 'ReduceFoo' }), [/ReduceFoo/, /not supported/]],
  ['opset/an unknown domain', Error,
    () => node({ opType: 'ReduceProd', domain: 'com.example' }), [/ReduceProd/, /com\.example/, /domain/]],

  // Node specs and bytes
  ['Node/create without a spec', TypeError, () => Node.create(), [/Node\.create/, /opType/]],
  ['Node/create with a non-string opType', TypeError, () => Node.create({ opType: 7 }), [/Node\.create/, /opType/]],
  ['Node/two outputs', RangeError,
    () => node({ opType: 'ReduceSum', outputs: ['a', 'b'] }), [/ReduceSum/, /2 outputs/, /expected 1/]],
  ['Node/three inputs declared', RangeError,
    () => node({ opType: 'ReduceSum', inputs: ['a', 'b', 'c'] }), [/ReduceSum/, /3 inputs/, /1 to 2/]],
  ['Node/malformed NodeProto bytes', Error,
    () => Node.fromBytes(Uint8Array.of(0x0a, 0x05, 0x61)), [/NodeProto/, /not a valid/]],
  ['Node/NodeProto bytes that list no inputs', RangeError,
    () => Node.fromBytes(nodeBytes({ opType: 'ReduceProd', outputs: ['y'] }), { opset: 13 }), [/ReduceProd/, /no inputs/]],
  ['Node/fromBytes given a string', TypeError,
    () => Node.fromBytes('ReduceProd'), [/fromBytes/, /Uint8Array/]],
  ['Node/a disposed node', Error,
    () => { const n = node({ opType: 'ReduceSum' }); n.dispose(); return n.run([f32([1])]); }, [/ReduceSum/, /disposed/]],

  // Models and sessions
  ['model/malformed model bytes (InferenceSession.create)', Error,
    () => InferenceSession.create(Uint8Array.of(0x0a, 0xff, 0x01)), [/ModelProto/, /not a valid/]],
  ['model/malformed model bytes (inferModelShapes)', Error,
    () => inferModelShapes(Uint8Array.of(0x3a, 0x05, 0x01)), [/ModelProto/, /not a valid/]],
  ['model/a model with an unsupported op', Error,
    () => InferenceSession.create(oneNodeModel({ opType: 'Relu', opset: 18, inputs: [{ name: 'x', type: 'float32', dims: [2] }], output: { name: 'y', type: 'float32', dims: [2] } })), [/Relu/, /not supported/]],
  ['model/a model importing opset 27', Error,
    () => InferenceSession.create(oneNodeModel({ opType: 'ReduceSum', opset: 27, inputs: [{ name: 'x', type: 'float32', dims: [2] }], output: { name: 'y', type: 'float32', dims: null } })), [/ReduceSum/, /opset 27/]],
  ['model/a graph whose node reads a value nobody produces', RangeError,
    () => InferenceSession.create(encodeModel({ opset: 13, nodes: [{ opType: 'ReduceSum', inputs: ['nowhere'], outputs: ['y'] }], inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'y', type: 'float32', dims: null }] })), [/ReduceSum/, /'nowhere'/]],
  ['model/create given a number', TypeError,
    () => InferenceSession.create(42), [/InferenceSession\.create/, /Uint8Array/]],
  ['session/a feed missing', RangeError,
    () => session.run({ data: sumFeeds().data }), [/'axes'/, /missing/]],
  ['session/a feed of an unknown name', RangeError,
    () => session.run({ ...sumFeeds(), extra: f32([1]) }), [/'extra'/, /not an input/]],
  ['session/a feed of the wrong dtype', TypeError,
    () => session.run({ ...sumFeeds(), data: new Tensor('float64', new Float64Array(12), [3, 2, 2]) }), [/'data'/, /element type/, /double|float64/]],
  ['session/a feed of the wrong rank', RangeError,
    () => session.run({ ...sumFeeds(), data: f32(new Array(12).fill(0), [12]) }), [/'data'/, /rank 3/, /\[12\]/]],
  ['session/a feed of the wrong size', RangeError,
    () => session.run({ ...sumFeeds(), data: f32(new Array(12).fill(0), [2, 3, 2]) }), [/'data'/, /dim 0/, /3/]],
  ['session/a feed that is not a Tensor', TypeError,
    () => session.run({ ...sumFeeds(), axes: [1] }), [/'axes'/, /not a Tensor/]],
  ['session/feeds that are not an object', TypeError,
    () => session.runSync(null), [/feeds/]],
  ['session/a released session (run)', Error,
    async () => (await released()).run(sumFeeds()), [/released/]],
  ['session/a released session (runSync)', Error,
    async () => (await released()).runSync(sumFeeds()), [/released/]],

  // Shape inference
  ['inferShapes/an info that is not an object', TypeError,
    () => node({ opType: 'ReduceSum' }).inferShapes(['float32']), [/ReduceSum/, /infos\[0\]/, /object/]],
  ['inferShapes/infos that are not an array', TypeError,
    () => node({ opType: 'ReduceSum' }).inferShapes({ type: 'float32', dims: [2] }), [/ReduceSum/, /array/]],
  ['inferShapes/a negative dim', RangeError,
    () => node({ opType: 'ReduceSum' }).inferShapes([{ type: 'float32', dims: [2, -1] }]), [/ReduceSum/, /infos\[0\]\.dims\[1\]/, /-1/]],
  ['inferShapes/an unknown type', TypeError,
    () => node({ opType: 'ReduceSum' }).inferShapes([{ type: 'float33', dims: [2] }]), [/ReduceSum/, /infos\[0\]/, /float33/]],
  ['inferShapes/a type the op does not accept', TypeError,
    () => node({ opType: 'ReduceSum', opset: 13 }).inferShapes([{ type: 'int8', dims: [2] }]), [/ReduceSum/, /'data'/, /int8/]],
  ['inferShapes/an axes value out of range', RangeError,
    () => node({ opType: 'ReduceSum', opset: 13 }).inferShapes([{ type: 'float32', dims: [2, 3] }, { type: 'int64', dims: [1], value: [2] }]), [/ReduceSum/, /axes/, /axis 2/, /out of range/]],
  ['inferShapes/a 2-D axes info', RangeError,
    () => node({ opType: 'ReduceSum', opset: 13 }).inferShapes([{ type: 'float32', dims: [2, 3] }, { type: 'int64', dims: [1, 1], value: [0] }]), [/ReduceSum/, /'axes'/, /1-D/]],
];

function checker(cls, patterns) {
  return (e) => {
    assert.equal(e?.constructor, cls, `expected ${cls.name}, got ${e?.constructor?.name}: ${e?.message}`);
    for (const re of patterns) assert.match(e.message, re, `message: ${e.message}`);
    return true;
  };
}

test('errors/the table has at least 30 bad inputs', () => {
  assert.ok(ROWS.length >= 30, `${ROWS.length} rows`);
});

for (const [name, cls, call, patterns] of ROWS) {
  test(`errors/${name}: ${cls.name}, and the next valid call works`, async () => {
    let result;
    try {
      result = call();
    } catch (e) {
      checker(cls, patterns)(e);
      assertStillWorks();
      return;
    }
    assert.ok(result instanceof Promise, 'the call did not fail');
    await assert.rejects(result, checker(cls, patterns));
    assertStillWorks();
  });
}

test('errors/messages name the node when it has a name', async () => {
  const named = (spec) => Node.create({ ...spec, name: 'my_node_7' });
  const cases = {
    'bad attribute value': () => named({ opType: 'ReduceProd', attributes: { keepdims: 2 } }),
    'axis out of range': () => named({ opType: 'ReduceProd', opset: 13, attributes: { axes: [5] } }).run([x23()]),
    'wrong element type': () => named({ opType: 'ReduceSum', opset: 13 }).run([new Tensor('int8', [1])]),
    'missing input': () => named({ opType: 'CumSum' }).run([x23()]),
    'non-Tensor input': () => named({ opType: 'ReduceSum' }).run([[1, 2]]),
    'inputs not an array': () => named({ opType: 'ReduceSum' }).run(x23()),
    'disposed node': () => { const n = named({ opType: 'ReduceSum' }); n.dispose(); n.run([x23()]); },
    'bad inferShapes info': () => named({ opType: 'ReduceSum' }).inferShapes([42]),
  };
  const missing = [];
  for (const [what, call] of Object.entries(cases)) {
    try {
      call();
      missing.push(`${what}: did not throw`);
    } catch (e) {
      if (!e.message.includes('my_node_7')) missing.push(`${what}: "${e.message}"`);
    }
  }
  assert.deepEqual(missing, [], 'every message names the node "my_node_7"');
  assertStillWorks();
});

test('errors/inputs are validated before any work: a failed run leaves earlier outputs and inputs intact', () => {
  const x = x23();
  const [before] = sum13.run([x, i64([1])]);
  assert.throws(() => sum13.run([x, i64([7])]), RangeError);
  assert.deepEqual(Array.from(before.data), [6, 15]);
  assert.deepEqual(Array.from(x.data), [1, 2, 3, 4, 5, 6]);
});

// ---------------------------------------------------------------------------------------------
// No per-call leak: the wasm heap is flat over 10,000 calls, half of them failing.

const LEAK_BOUND = 64 * 1024;

test('leaks/10,000 calls, half of them failing, leave the wasm heap flat', async (t) => {
  const cum = Node.create({ opType: 'CumProd', opset: 26 });
  const x = x23();
  const axis = i64([1], []);
  const good = [
    () => sum13.run([x, i64([1])]),
    () => cum.run([x, axis]),
    () => session.runSync(sumFeeds()),
    () => sum13.inferShapes([{ type: 'float32', dims: ['N', 3] }, { type: 'int64', dims: [1], value: [0] }]),
    () => { const n = Node.create({ opType: 'ReduceMax', opset: 20, attributes: { keepdims: 0 } }); n.run([x]); n.dispose(); },
  ];
  const bad = [
    () => sum13.run([x, i64([9])]), // wasm: axis out of range
    () => sum13.run([new Tensor('int8', [1, 2])]), // wasm: element type
    () => cum.run([x, i64([0, 1], [2])]), // wasm: axis not a scalar
    () => sum13.run([{ not: 'a tensor' }]), // JS: not a Tensor
    () => session.runSync({ ...sumFeeds(), data: f32([1, 2], [2]) }), // wasm: wrong rank
    () => Node.create({ opType: 'ReduceProd', opset: 18, attributes: { axes: [1] } }), // wasm parse: attribute
    () => Node.fromBytes(Uint8Array.of(0x0a, 0x05, 0x61)), // malformed bytes
    () => inferModelShapes(Uint8Array.of(0x3a, 0x05, 0x01)), // malformed model
    () => sum13.inferShapes([{ type: 'float32', dims: [2] }, { type: 'int64', dims: [1], value: [3] }]), // shapes: axis
    () => Node.create({ opType: 'CumProd', opset: 25 }), // unsupported opset
  ];
  const call = (i) => {
    if (i % 2 === 0) {
      good[(i / 2) % good.length]();
      return 0;
    }
    try {
      bad[((i - 1) / 2) % bad.length]();
    } catch {
      return 1;
    }
    throw new Error(`bad call ${((i - 1) / 2) % bad.length} did not fail`);
  };
  // Warm up every path once (buffers that are reused, error strings), then measure.
  for (let i = 0; i < 2 * (good.length + bad.length) * 4; ++i) call(i);
  const before = memoryStats().heapUsed;
  let failures = 0;
  for (let i = 0; i < 10000; ++i) failures += call(i);
  const grew = memoryStats().heapUsed - before;
  t.diagnostic(`wasm heap: ${before} bytes before, ${before + grew} after (${grew >= 0 ? '+' : ''}${grew})`);
  assert.equal(failures, 5000);
  assert.ok(grew <= LEAK_BOUND, `the wasm heap grew by ${grew} bytes over 10,000 calls`);
  cum.dispose();
});

test('leaks/creating and disposing 2,000 nodes and 200 sessions leaves the wasm heap flat', async () => {
  const cycle = async () => {
    for (let i = 0; i < 10; ++i) {
      const n = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: i % 2 } });
      n.toBytes();
      n.dispose();
    }
    const s = await InferenceSession.create(SUM_MODEL);
    s.runSync(sumFeeds());
    await s.release();
  };
  for (let i = 0; i < 5; ++i) await cycle();
  const before = memoryStats().heapUsed;
  for (let i = 0; i < 200; ++i) await cycle();
  const grew = memoryStats().heapUsed - before;
  assert.ok(grew <= LEAK_BOUND, `the wasm heap grew by ${grew} bytes`);
});

test('leaks/failed session creations leave the wasm heap flat', async () => {
  const bad = oneNodeModel({ opType: 'Relu', opset: 18, inputs: [{ name: 'x', type: 'float32', dims: [2] }], output: { name: 'y', type: 'float32', dims: [2] } });
  const attempt = async () => {
    await assert.rejects(InferenceSession.create(bad), Error);
    await assert.rejects(InferenceSession.create(Uint8Array.of(0x0a, 0xff)), Error);
  };
  for (let i = 0; i < 10; ++i) await attempt();
  const before = memoryStats().heapUsed;
  for (let i = 0; i < 1000; ++i) await attempt();
  const grew = memoryStats().heapUsed - before;
  assert.ok(grew <= LEAK_BOUND, `the wasm heap grew by ${grew} bytes`);
});

// The wasm side's error kinds arrive as the JS class the module's table gives each kind
// (ErrorKind in src/core/errors.h): one call per kind that the API can reach.
test('errors/each kind of wasm-side error arrives as its JS class, naming where it comes from', () => {
  const cases = [
    ['type', TypeError, () => node({ opType: 'ReduceSum', opset: 11, attributes: { keepdims: 'yes' } }), /ReduceSum.*keepdims/],
    ['value', RangeError, () => node({ opType: 'ReduceSum', opset: 11, attributes: { axes: [5] } }).run([x23()]), /ReduceSum.*axes/],
    ['parse', Error, () => Node.fromBytes(new Uint8Array([0xff, 0xff, 0xff])), /NodeProto/],
    ['unsupported', Error, () => node({ opType: 'NoSuchOp' }), /NoSuchOp/],
    ['size', RangeError, () => Tensor.allocate('float32', [2 ** 31, 2 ** 31, 2 ** 31]), /^Tensor\.allocate: /],
  ];
  for (const [kind, cls, call, pattern] of cases) {
    assert.throws(call, (e) => {
      assert.equal(e.constructor, cls, `${kind}: ${e.constructor.name}: ${e.message}`);
      assert.match(e.message, pattern, kind);
      return true;
    });
  }
  assertStillWorks();
});
