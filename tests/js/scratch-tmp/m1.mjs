import { init, Tensor, Node, memoryStats } from '../../../dist/index.node.mjs';
await init();
const n = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 1 } });
const [a] = n.run([new Tensor('float32', [1, 2, 3, 4], [2, 2]), new Tensor('int64', [1n])]);
const [c] = Node.create({ opType: 'CumSum' }).run([new Tensor('float32', [1, 2, 3, 4], [4]), new Tensor('int64', [0n], [])]);
console.log(a.data.buffer.byteLength, c.data.buffer.byteLength, memoryStats());
const big = new Float32Array(16 * 1024 * 1024).fill(1);
const [b] = n.run([new Tensor('float32', big, [4096, 4096]), new Tensor('int64', [1n])]);
console.log(memoryStats(), a.data, c.data, b.dims, b.data[0]);
const [cb] = Node.create({ opType: 'CumSum' }).run([new Tensor('float32', big, [4096*4096]), new Tensor('int64', [0n], [])]);
console.log(memoryStats(), a.data, c.data, cb.data[cb.data.length - 1], cb.data.buffer.byteLength);
n.dispose();
// leak
const m = Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
const x = new Tensor('float32', new Float32Array(128), [8, 16]);
const ax = new Tensor('int64', [1n]);
const bad = new Tensor('float32', new Float32Array(128), [8, 16]);
const badax = new Tensor('int64', [5n]);
for (let i = 0; i < 100; i++) m.run([x, ax]);
const before = memoryStats();
let fails = 0;
for (let i = 0; i < 10000; i++) { try { if (i % 2) m.run([bad, badax]); else m.run([x, ax]); } catch { fails++; } }
console.log(before, memoryStats(), fails);
