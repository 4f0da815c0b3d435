// Streamed runs seen from the API: a large reduction streams its input through a small buffer
// and large scans stream in and out, with the values of a plain run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../dist/index.node.mjs';
import { ENTRY, fresh } from './helpers/api-calls.mjs';

await init();

test('outputs/a large reduction streams its input through a small buffer: wasm memory barely grows', () => {
  // In a fresh process, so no earlier test has grown wasm memory already.
  const grew = Number(fresh(`
    const m = await import(${JSON.stringify(ENTRY)});
    await m.init();
    const sum = m.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
    const axes = new m.Tensor('int64', [1n], [1]);
    const before = m.memoryStats().memoryBytes;
    const big = new Float32Array(8 * 1024 * 1024).fill(0.25); // 32 MB
    const [out] = sum.run([new m.Tensor('float32', big, [2048, 4096]), axes]);
    if (out.data[2047] !== 1024) throw new Error('wrong sum ' + out.data[2047]);
    console.log(m.memoryStats().memoryBytes - before);`));
  assert.ok(grew < 4 * 1024 * 1024, `wasm memory grew by ${grew} bytes for a 32 MB input`);
});

test('outputs/large scans (streamed in and out) have the values of a plain scan on every axis and mode', () => {
  // 2 x [1024, 1024] floats (8 MB, streamed: blocks of lines, rows with a carry, or whole
  // lines), checked against a plain JS scan.
  const out = fresh(`
    const m = await import(${JSON.stringify(ENTRY)});
    await m.init();
    const rows = 1024, cols = 1024;
    const x = new Float32Array(2 * rows * cols);
    for (let i = 0; i < x.length; ++i) x[i] = 1 + ((i * 7919) % 13) / 1000;
    const bad = [];
    for (const op of ['CumSum', 'CumProd']) for (const axis of [0, 1, 2]) for (const exclusive of [0, 1]) for (const reverse of [0, 1]) {
      const node = m.Node.create({ opType: op, opset: 26, attributes: { exclusive, reverse } });
      const a = new m.Tensor('int64', [BigInt(axis)], []);
      const [big] = node.run([new m.Tensor('float32', x, [2, rows, cols]), a]);
      // Reference: plain JS scan along the axis.
      const dims = [2, rows, cols], strides = [rows * cols, cols, 1];
      const n = dims[axis], st = strides[axis];
      const ref = new Float32Array(x.length);
      for (let base = 0; base < x.length; ++base) {
        const i = Math.floor(base / st) % n;
        if (i !== 0) continue;
        let acc = op === 'CumSum' ? 0 : 1;
        for (let t = 0; t < n; ++t) {
          const k = reverse ? n - 1 - t : t;
          const idx = base + k * st;
          if (exclusive) { ref[idx] = acc; acc = op === 'CumSum' ? Math.fround(acc + x[idx]) : Math.fround(acc * x[idx]); }
          else { acc = op === 'CumSum' ? Math.fround(acc + x[idx]) : Math.fround(acc * x[idx]); ref[idx] = acc; }
        }
      }
      let worst = 0;
      for (let i = 0; i < x.length; ++i) worst = Math.max(worst, Math.abs(big.data[i] - ref[i]) / Math.max(Math.abs(ref[i]), 1e-30));
      if (!(worst < 1e-4)) bad.push(op + ' axis ' + axis + ' excl ' + exclusive + ' rev ' + reverse + ': ' + worst);
    }
    console.log(JSON.stringify(bad));`);
  assert.deepEqual(JSON.parse(out), []);
});
