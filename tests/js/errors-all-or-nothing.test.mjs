// Calls that fail leave the caller's tensors as they were: preallocated outputs are all checked
// (type, dims, two outputs in one place) before the first byte is written; no Node or session
// can be made around a handle from outside; running out of wasm memory is a RangeError naming
// the call everywhere, nothing aborts, and the module works again once memory is freed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { init, Tensor, Node, InferenceSession, makeModel } from '../../dist/index.node.mjs';

await init();

const ENTRY = new URL('../../dist/index.node.mjs', import.meta.url).href;
const f32 = (...v) => new Tensor('float32', Float32Array.from(v), [v.length]);
const i64 = (...v) => new Tensor('int64', v.map(BigInt), [v.length]);
const topk = Node.create({ opType: 'TopK', opset: 11 });
const mul = Node.create({ opType: 'Mul', opset: 14 });

test('all or nothing/TopK refuses a wrong outputs[1] before writing outputs[0] (cpu and wasm)', () => {
  const x = f32(1, 4, 3);
  const values = f32(9, 9);
  const indices = i64(5, 5, 5);  // the run makes [2]
  assert.throws(() => topk.run([x, i64(2)], { outputs: [values, indices] }),
    { name: 'RangeError', message: /^TopK \(opset 11\): run: options\.outputs\[1\]: the output has dims \[2\], the preallocated tensor \[3\]/ });
  assert.deepEqual(Array.from(values.data), [9, 9]);
  const wasmValues = Tensor.allocate('float32', [2]);
  wasmValues.data.fill(9);
  assert.throws(() => topk.run([x, i64(2)], { outputs: [wasmValues, new Tensor('float32', [0, 0], [2])] }),
    { name: 'TypeError', message: /options\.outputs\[1\]: the output is int64, the preallocated tensor float32/ });
  assert.deepEqual(Array.from(wasmValues.data), [9, 9]);
  // Both right: both written.
  const wasmIndices = Tensor.allocate('int64', [2]);
  topk.run([x, i64(2)], { outputs: [wasmValues, wasmIndices] });
  assert.deepEqual([Array.from(wasmValues.data), Array.from(wasmIndices.data)], [[4, 3], [1n, 2n]]);
  wasmValues.dispose();
  wasmIndices.dispose();
});

test('all or nothing/one tensor (or two views of one buffer) for two outputs is refused before the run', async () => {
  const model = makeModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [3] }],
    outputs: [{ name: 'y', type: 'float32', dims: [] }, { name: 'z', type: 'float32', dims: [] }],
    nodes: [
      { opType: 'ReduceSum', inputs: ['x'], outputs: ['y'], attributes: { keepdims: 0 } },
      { opType: 'ReduceMax', inputs: ['x'], outputs: ['z'], attributes: { keepdims: 0 } },
    ],
  });
  const session = await InferenceSession.create(model);
  const o = new Tensor('float32', [-1], []);
  assert.throws(() => session.runSync({ x: f32(1, 2, 3) }, { y: o, z: o }),
    { name: 'RangeError', message: "InferenceSession.run: fetches['z'] shares memory with InferenceSession.run: fetches['y'] (the same tensor, or views of one buffer): each output needs memory of its own" });
  assert.deepEqual(Array.from(o.data), [-1]);
  const y = new Tensor('float32', [0], []);
  const z = new Tensor('float32', [0], []);
  const result = session.runSync({ x: f32(1, 2, 3) }, { y, z });
  assert.deepEqual([result.y.data[0], result.z.data[0]], [6, 3]);
  await session.release();
  // TopK's two outputs as views of one ArrayBuffer.
  const buffer = new ArrayBuffer(16);
  const shared = [new Tensor('float32', new Float32Array(buffer, 0, 2), [2]), new Tensor('int64', new BigInt64Array(buffer, 0, 2), [2])];
  assert.throws(() => topk.run([f32(1, 4, 3), i64(2)], { outputs: shared }), { name: 'RangeError', message: /outputs\[1\] shares memory with/ });
  assert.deepEqual(Array.from(new Uint8Array(buffer)), new Array(16).fill(0));
});

test('all or nothing/an output may be one of the inputs: the inputs are read first', () => {
  const a = f32(1, 2, 3);
  mul.run([a, f32(10, 20, 30)], { outputs: [a] });
  assert.deepEqual(Array.from(a.data), [10, 40, 90]);
  const w = Tensor.allocate('float32', [3]);
  w.data.set([1, 2, 3]);
  mul.run([w, w], { outputs: [w] });
  assert.deepEqual(Array.from(w.data), [1, 4, 9]);
  w.dispose();
});

test('handles/Node and InferenceSession constructors accept no handle from outside', async () => {
  const live = Node.create({ opType: 'Abs' });
  for (const make of [() => new Node(1, 13), () => new Node(live, 1, 13), () => new live.constructor(1, 13)]) {
    assert.throws(make, { name: 'TypeError', message: /^Node: use Node\.create/ });
  }
  for (const make of [() => new InferenceSession(1), () => new InferenceSession(1, {})]) {
    assert.throws(make, { name: 'TypeError', message: /^InferenceSession: use `await InferenceSession\.create/ });
  }
  assert.deepEqual(Array.from(live.run([f32(-1, 2)])[0].data), [1, 2]);
  assert.equal(await Promise.resolve().then(() => typeof InferenceSession.create), 'function');
});

test('messages/an output beyond the addressable memory names the op (and Tensor.allocate names itself)', () => {
  const max = Node.create({ opType: 'ReduceMax', opset: 18, attributes: { keepdims: 1 } });
  const empty = new Tensor('uint8', new Uint8Array(0), [0, 65536, 65536]);
  assert.throws(() => max.run([empty, i64(0)]),
    { name: 'RangeError', message: /^ReduceMax \(opset 18\): tensor: 4294967296 elements of uint8 exceed the addressable memory/ });
  assert.throws(() => Tensor.allocate('uint8', [65536, 65536]),
    { name: 'RangeError', message: /^Tensor\.allocate: tensor: 4294967296 elements of uint8 exceed the addressable memory/ });
  assert.deepEqual(Array.from(mul.run([f32(2), f32(3)])[0].data), [6]);
});

// In a fresh process (it grows wasm memory to its limit): memory exhausted down to a few bytes,
// then every kind of call, then memory freed and every call again.
test('out of memory/every call is a RangeError naming it, nothing aborts, all works once memory is freed', () => {
  const script = `
    import assert from 'node:assert/strict';
    import { init, Tensor, Node, InferenceSession, inferModelShapes, makeModel, memoryStats } from ${JSON.stringify(ENTRY)};
    await init();
    const f32 = (n, v) => new Tensor('float32', new Float32Array(n).fill(v), [n]);
    const sum = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
    const model = makeModel({ opset: 13, inputs: [{ name: 'x', type: 'float32', dims: ['N'] }],
      outputs: [{ name: 'y', type: 'float32', dims: [] }], nodes: [{ opType: 'ReduceSum', inputs: ['x'], outputs: ['y'], attributes: { keepdims: 0 } }] });
    const session = await InferenceSession.create(model);
    const w = Tensor.allocate('float32', [4]);
    w.data.fill(2);
    const held = [];
    // Tensors of halving sizes, then what still fits in the holes: reshaped handles and 1-byte
    // tensors, until each fails.
    const refused = (re) => (e) => { assert.equal(e.constructor, RangeError, e.message); assert.match(e.message, re); };
    for (let size = 1 << 28; size >= 1;) {
      try { held.push(Tensor.allocate('uint8', [size])); } catch (e) {
        refused(/^Tensor\\.allocate: /)(e);
        size = Math.floor(size / 2);
      }
    }
    // Rounds until neither fits: a refused allocation may leave a hole a handle fits in (where
    // the holes fall depends on the module's data size).
    for (let grew = true; grew;) {
      grew = false;
      for (const [make, re] of [[() => w.reshape([4]), /^Tensor\\.reshape: /], [() => Tensor.allocate('uint8', [1]), /^Tensor\\.allocate: /]]) {
        for (;;) { try { held.push(make()); grew = true; } catch (e) { refused(re)(e); break; } }
      }
    }
    const oom = (re) => (e) => e.constructor === RangeError && re.test(e.message) && /out of memory/.test(e.message);
    const byRun = /^(InferenceSession\\.run|ReduceSum \\(opset 13\\))/;  // the session's node, with the graph's names
    for (let i = 0; i < 8; ++i) {  // repeated: no failure leaks what the next one needs (nor aborts)
      assert.throws(() => w.reshape([2, 2]), oom(/^Tensor\\.reshape: /));
      assert.throws(() => Tensor.allocate('float32', [4]), oom(/^Tensor\\.allocate: /));
      assert.throws(() => sum.run([f32(1000, 1)]), oom(/^ReduceSum \\(opset 13\\)/));
      assert.throws(() => sum.run([f32(1 << 18, 1)]), oom(/^ReduceSum \\(opset 13\\)/));
      assert.throws(() => sum.run([w], { preferredOutputLocation: 'wasm' }), oom(/^ReduceSum \\(opset 13\\)/));
      assert.throws(() => session.runSync({ x: f32(1000, 1) }), oom(byRun));
      assert.throws(() => session.runSync({ x: f32(1 << 18, 1) }), oom(byRun));
      assert.throws(() => Node.create({ opType: 'ReduceSum', opset: 13 }), oom(/^Node\\.create: /));
      await assert.rejects(InferenceSession.create(model), oom(/^InferenceSession\\.create: /));
      assert.throws(() => inferModelShapes(model), oom(/^inferModelShapes: /));
    }
    // Node.create as memory comes back a little at a time: it fails naming itself, or gives a
    // whole Node (never one without its description).
    const made = [];
    for (let i = 0; i < 16; ++i) {
      held.pop().dispose();
      try { made.push(Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } })); } catch (e) {
        assert.ok(oom(/^Node\\.create: /)(e), e.message);
      }
    }
    assert.equal(typeof memoryStats().heapUsed, 'number');
    for (const t of held) t.dispose();
    made.push(Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } }));
    for (const n of made) assert.deepEqual(Array.from(n.run([w])[0].data), [8]);
    assert.deepEqual(Array.from(w.reshape([2, 2]).data), [2, 2, 2, 2]);
    assert.deepEqual(Array.from(sum.run([f32(1 << 18, 1)])[0].data), [1 << 18]);
    assert.deepEqual(Array.from(session.runSync({ x: f32(1 << 18, 1) }).y.data), [1 << 18]);
    assert.equal(sum.run([w], { preferredOutputLocation: 'wasm' })[0].location, 'wasm');
    console.log('done');
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'done');
  assert.doesNotMatch(r.stderr, /Aborted/);
});
