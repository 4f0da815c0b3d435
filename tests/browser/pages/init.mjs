// init() of dist/index.mjs in a browser: what each way of failing rejects with (a missing
// file, bytes that are not wasm from the byte path and from the streaming path), that a
// failure leaves init() retryable, and that a .wasm served with another MIME type still
// loads (from its bytes). Each check's outcome is POSTed to /result as JSON
// { userAgent, checks: [{ name, ok, detail }] }; the test asserts on it.
import { init, Node, Tensor } from '../../../dist/index.mjs';
import { check, checks, expect, postReport } from './checks.mjs';

// The error init(options) rejects with (a failure if it resolves).
async function rejection(options) {
  try {
    await init(options);
  } catch (e) {
    return e;
  }
  throw new Error(`init(${JSON.stringify(options)}) resolved`);
}

const blobUrl = (bytes, type) => URL.createObjectURL(new Blob([bytes], { type }));
const notWasm = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]);  // the magic, then garbage

async function main() {
  await check('a missing .wasm rejects with its URL and the HTTP status', async () => {
    const e = await rejection({ wasmPath: '/dist/no-such-file.wasm' });
    expect(e instanceof Error && /cannot fetch \/dist\/no-such-file\.wasm: HTTP 404/.test(e.message), `got ${e}`);
    return e.message;
  });
  await check('bytes that are not wasm, served as text, reject with the CompileError', async () => {
    const e = await rejection({ wasmPath: '/dist/index.d.ts' });
    expect(e instanceof WebAssembly.CompileError, `got ${e?.constructor?.name}: ${e}`);
    return e.message;
  });
  await check('bytes that are not wasm, served as application/wasm (streaming), reject with the CompileError', async () => {
    const e = await rejection({ wasmPath: blobUrl(notWasm, 'application/wasm') });
    expect(e instanceof WebAssembly.CompileError, `got ${e?.constructor?.name}: ${e}`);
    return e.message;
  });
  await check('wasmBinary that is not wasm rejects with the CompileError', async () => {
    const e = await rejection({ wasmBinary: notWasm });
    expect(e instanceof WebAssembly.CompileError, `got ${e?.constructor?.name}: ${e}`);
  });
  await check('after those failures, the real .wasm served as application/octet-stream loads from its bytes', async () => {
    const bytes = await (await fetch('/dist/onnx-reduce-wasm.wasm')).arrayBuffer();
    await init({ wasmPath: blobUrl(bytes, 'application/octet-stream') });
    await init();  // loaded once: returns at once
    const [y] = Node.create({ opType: 'ReduceProd', opset: 13 }).run([new Tensor('float32', [1, 2, 3, 4], [2, 2])]);
    expect(y.data.length === 1 && y.data[0] === 24, `ReduceProd gave ${Array.from(y.data)}`);
  });
}

main()
  .catch((e) => checks.push({ name: 'page', ok: false, detail: String(e?.stack ?? e) }))
  .finally(() => {
    document.getElementById('out').textContent = JSON.stringify(checks, null, 2);
    return postReport();
  });
