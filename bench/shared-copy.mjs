// What copy mode costs in each build, for scale: JS copying 16 MiB into wasm memory the way a
// streamed run does (TypedArray.set of 256 KiB pieces into one staging buffer), into a plain
// ArrayBuffer (the single-threaded build's memory) and into a SharedArrayBuffer (the threaded
// build's: a shared WebAssembly.Memory), and the whole 16 MiB at once. Prints medians.
//   node bench/shared-copy.mjs [--runs N (31)]
const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 31);
const N = 16 << 20, PIECE = 256 << 10;
const src = new Uint8Array(N);
for (let i = 0; i < N; i += 4096) src[i] = i & 255;
const memories = {
  'ArrayBuffer (single-threaded build)': new WebAssembly.Memory({ initial: 512 }).buffer,
  'SharedArrayBuffer (threaded build)': new WebAssembly.Memory({ initial: 512, maximum: 1024, shared: true }).buffer,
};
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function time(f) {
  for (let i = 0; i < 5; ++i) f();
  const t = [];
  for (let r = 0; r < runs; ++r) { const t0 = performance.now(); f(); t.push(performance.now() - t0); }
  return median(t);
}
console.log(`copying 16 MiB from a JS Uint8Array into wasm memory, median of ${runs} (Node ${process.version})`);
for (const [name, buffer] of Object.entries(memories)) {
  const dst = new Uint8Array(buffer);
  const pieces = time(() => { for (let o = 0; o < N; o += PIECE) dst.set(src.subarray(o, o + PIECE), 1024); });
  const whole = time(() => dst.set(src, 0));
  const gbps = (ms) => (N / ms / 1e6).toFixed(1);
  console.log(`${name.padEnd(38)} in 256 KiB pieces ${pieces.toFixed(3)} ms (${gbps(pieces)} GB/s), whole ${whole.toFixed(3)} ms (${gbps(whole)} GB/s)`);
}
