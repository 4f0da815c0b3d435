// Checks that the kernels' hot loops in a .wasm use SIMD128: disassembles it with binaryen's
// wasm-dis and requires each vector multiply the ReduceProd/CumProd kernels need (f32x4, f64x2,
// i32x4, i64x2) to occur inside a `loop`, and the widening of float32 to float64 lanes that
// float32 products and scans accumulate in (f64x2.promote_low_f32x4).
// Usage: node scripts/check-simd.mjs file.wasm
import { execFileSync } from 'node:child_process';

const file = process.argv[2];
const text = execFileSync('wasm-dis', [file], { maxBuffer: 1 << 28 }).toString();

// Extents of every (loop ...) form, found by matching parentheses.
const inLoop = new Uint8Array(text.length);
const stack = [];
for (let i = 0; i < text.length; ++i) {
  const c = text[i];
  if (c === '"') { while (text[++i] !== '"') if (text[i] === '\\') ++i; continue; }
  if (c === '(') stack.push({ start: i, loop: text.startsWith('(loop', i) });
  else if (c === ')') {
    const open = stack.pop();
    if (open?.loop) inLoop.fill(1, open.start, i + 1);
  }
}

const required = ['f32x4.mul', 'f64x2.mul', 'i32x4.mul', 'i64x2.mul', 'f64x2.promote_low_f32x4'];
let ok = true;
for (const op of required) {
  let total = 0, looped = 0;
  for (let i = text.indexOf(op); i !== -1; i = text.indexOf(op, i + 1)) {
    total++;
    looped += inLoop[i];
  }
  console.log(`${op.padEnd(24)} ${String(total).padStart(4)} uses, ${String(looped).padStart(4)} inside loops`);
  if (looped === 0) ok = false;
}
if (!ok) {
  console.error(`${file}: some kernels have no SIMD in their loops (built without -msimd128?)`);
  process.exit(1);
}
console.log(`${file}: SIMD in kernel loops: ok`);
