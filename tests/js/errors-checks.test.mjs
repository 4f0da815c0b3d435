// The same checks on every path: streamed runs validate their inputs as small runs do;
// integers (attributes, plain-array data) are checked, never wrapped; messages that used to
// come raw from the engine name the API function; dropped sessions are garbage collected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { init, Tensor, Node } from '../../dist/index.node.mjs';

await init();

const ENTRY = new URL('../../dist/index.node.mjs', import.meta.url).href;
const STREAMED = 1 << 18; // float32 elements: 1 MiB, the size from which input 0 streams
const f32 = (n) => new Tensor('float32', new Float32Array(n).fill(1), [n]);
const i64 = (...v) => new Tensor('int64', v.map(BigInt), [v.length]);

// The error of fn() (it must throw, and never a RuntimeError).
function errorOf(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `a RuntimeError: ${e.message}`);
    return e;
  }
  assert.fail('did not throw');
}

// The same mistake with a small and a streamed first input: the same error.
const SAME_ERROR = [
  ['ReduceSum-11 given an axes tensor', { opType: 'ReduceSum', opset: 11 }, (x) => [x, i64(0)], RangeError,
    /got 2 inputs, but this version takes at most 1/],
  ['ArgMax given two inputs', { opType: 'ArgMax', opset: 13 }, (x) => [x, x], RangeError, /got 2 inputs, but this version takes at most 1/],
  ['ReduceSum-13 given four inputs', { opType: 'ReduceSum', opset: 13 }, (x) => [x, i64(0), x, x], RangeError,
    /got 4 inputs, but this version takes at most 2/],
  ['CumSum without axis', { opType: 'CumSum', opset: 14 }, (x) => [x], RangeError, /required but missing/],
];
for (const [name, spec, inputs, Class, re] of SAME_ERROR) {
  test(`boundary/streamed inputs are validated as small ones: ${name}`, () => {
    const node = Node.create(spec);
    const small = errorOf(() => node.run(inputs(f32(4))));
    const large = errorOf(() => node.run(inputs(f32(STREAMED))));
    assert.equal(small.constructor, Class, small.message);
    assert.match(small.message, re);
    assert.equal(large.constructor, small.constructor, large.message);
    assert.equal(large.message, small.message);
  });
}

test('boundary/integer attributes outside int64, fractional, NaN or infinite are RangeErrors naming the attribute', () => {
  const rows = [
    [{ opType: 'ReduceSum', opset: 11, attributes: { axes: [2n ** 64n] } }, /attribute 'axes'\[0\] is outside int64/],
    [{ opType: 'ReduceSum', opset: 11, attributes: { axes: [1e300] } }, /attribute 'axes'\[0\] is outside int64/],
    [{ opType: 'ReduceSum', opset: 11, attributes: { keepdims: 2 ** 64 } }, /attribute 'keepdims' is outside int64/],
    [{ opType: 'Cast', opset: 13, attributes: { to: 2n ** 64n + 1n } }, /attribute 'to' is outside int64/],
    [{ opType: 'ReduceSum', opset: 13, attributes: { keepdims: { type: 'int', value: 1.5 } } }, /attribute 'keepdims' must be an integer, got 1\.5/],
    [{ opType: 'ReduceSum', opset: 13, attributes: { keepdims: { type: 'int', value: NaN } } }, /attribute 'keepdims' must be an integer, got NaN/],
    [{ opType: 'ReduceSum', opset: 11, attributes: { axes: { type: 'ints', value: [0, -Infinity] } } }, /attribute 'axes'\[1\] must be an integer, got -Infinity/],
  ];
  for (const [spec, re] of rows) {
    const e = errorOf(() => Node.create(spec));
    assert.equal(e.constructor, RangeError, e.message);
    assert.match(e.message, /^Node\.create: /);
    assert.match(e.message, re);
  }
  // The edges of int64 are kept exactly, and read back exactly (as BigInt beyond 2^53).
  const n = Node.create({ opType: 'ReduceSum', opset: 11, attributes: { axes: [-(2n ** 63n), 2n ** 63n - 1n] } });
  assert.deepEqual(n.attributes.axes, [-(2n ** 63n), 2n ** 63n - 1n]);
});

test('boundary/an attribute value that is no integer is a TypeError naming the attribute', () => {
  const e = errorOf(() => Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: { type: 'int', value: 'a' } } }));
  assert.equal(e.constructor, TypeError);
  assert.match(e.message, /^Node\.create: attribute 'keepdims' must be an integer \(a number or a BigInt\), got "a"/);
});

test('boundary/a string attribute of 200,000 characters is encoded (no stack overflow)', () => {
  const long = 'x'.repeat(200000);
  const n = Node.create({ opType: 'ReduceSum', opset: 13, name: long.slice(0, 10), attributes: { noop_with_empty_axes: 0 } });
  assert.equal(n.name, 'xxxxxxxxxx');
  const e = errorOf(() => Node.create({ opType: 'ReduceSum', opset: 13, attributes: { extra: long } }));
  assert.ok(!/call stack/.test(e.message), e.message);
  assert.match(e.message, /ReduceSum/);
});

test('boundary/plain-array data of every integer dtype is checked: out of range, fractional, NaN', () => {
  const rows = [
    ['int8', [128], /data\[0\] \(128\) is out of range \[-128, 127\] for type 'int8'/],
    ['uint8', [1, 256], /data\[1\] \(256\) is out of range \[0, 255\]/],
    ['uint8', [-1], /data\[0\] \(-1\) is out of range/],
    ['int16', [40000], /out of range/],
    ['uint16', [-1], /out of range/],
    ['int32', [2 ** 31], /data\[0\] \(2147483648\) is out of range/],
    ['int32', [0, 1.5], /data\[1\] \(1\.5\) is not an integer for type 'int32'/],
    ['int32', [NaN], /data\[0\] \(NaN\) is not an integer/],
    ['uint32', [2 ** 32], /out of range/],
    ['int64', [2n ** 63n], /data\[0\] \(9223372036854775808n\) is out of range/],
    ['int64', [1.5], /data\[0\] \(1\.5\) is not an integer for type 'int64'/],
    ['uint64', [-1n], /out of range/],
    ['int64', [Infinity], /is not an integer/],
  ];
  for (const [type, values, re] of rows) {
    const e = errorOf(() => new Tensor(type, values));
    assert.equal(e.constructor, RangeError, `${type} ${e.message}`);
    assert.match(e.message, /^Tensor: /);
    assert.match(e.message, re);
  }
  assert.deepEqual(Array.from(new Tensor('int32', [-(2 ** 31), 2 ** 31 - 1, 3n]).data), [-(2 ** 31), 2 ** 31 - 1, 3]);
  assert.deepEqual(Array.from(new Tensor('uint8', [0, 255, true]).data), [0, 255, 1]);
  assert.deepEqual(Array.from(new Tensor('uint64', [2n ** 64n - 1n, 0]).data), [2n ** 64n - 1n, 0n]);
  // TypedArray data is taken as it is.
  assert.deepEqual(Array.from(new Tensor('uint8', Uint8Array.of(255)).data), [255]);
});

test('boundary/sessions dropped without release() are freed by garbage collection', () => {
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
    const m = await import(${JSON.stringify(ENTRY)});
    const { oneNodeModel } = await import(${JSON.stringify(new URL('./helpers/model-writer.mjs', import.meta.url).href)});
    await m.init();
    const model = oneNodeModel({ opType: 'ReduceSum', opset: 13,
      inputs: [{ name: 'x', type: 'float32', dims: [2] }], output: { name: 'y', type: 'float32', dims: [1] } });
    const settle = async () => { for (let i = 0; i < 5; ++i) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); } };
    const drop = async (n) => { for (let i = 0; i < n; ++i) await m.InferenceSession.create(model); };
    await drop(100); await settle();
    const before = m.memoryStats().heapUsed;
    for (let k = 0; k < 30; ++k) { await drop(100); await settle(); }
    console.log(m.memoryStats().heapUsed - before);`], { encoding: 'utf8' });
  const grew = Number(out.trim());
  assert.ok(grew < 256 * 1024, `3000 dropped sessions left the wasm heap ${grew} bytes larger`);
});
