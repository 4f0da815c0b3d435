#!/usr/bin/env node
// onnx-reduce-wasm command line:
//   onnx-reduce-wasm run <model.onnx> [--input name=file.json|file.pb|file.npy ...] [--seed N] [--full]
//   onnx-reduce-wasm shapes <model.onnx> [--json] [--strict]
//   onnx-reduce-wasm --version | --help
import { readFile } from 'node:fs/promises';
import { init, InferenceSession, inferModelShapes, readTensorProto, Tensor } from './index.node.mjs';
import { DTYPES } from './dtypes.mjs';
import { float16BitsToNumber, bfloat16BitsToNumber } from './half.mjs';

const USAGE = `usage:
  onnx-reduce-wasm run <model.onnx> [--input name=file.json|file.pb|file.npy ...] [--seed N] [--full]
      runs the model; inputs not given are random (fixed seed; integer inputs of rank <= 1,
      such as axes, are zeros) and prints every output's type, dims and values
  onnx-reduce-wasm shapes <model.onnx> [--json] [--strict]
      prints the inferred type and shape of every value of the graph in graph order, with its
      role (input, initializer, intermediate, output), then the nodes that could not be
      inferred (diagnostics); --json prints the same as one JSON object; --strict fails on the
      first invalid node or contradicted declaration
  onnx-reduce-wasm --version, -v
      prints the package version
  onnx-reduce-wasm --help, -h
      prints this help`;

// The version of the package this file ships in, read from its package.json at run time (the
// CLI lives in dist/, one level below it), so it cannot go stale.
async function packageVersion() {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  return pkg.version;
}

class UsageError extends Error {}

// mulberry32: a small fixed-seed PRNG, so random inputs are the same on every run.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NPY_TYPES = {
  '<f4': 'float32', '<f8': 'float64', '<f2': 'float16', '<i1': 'int8', '|i1': 'int8', '|u1': 'uint8', '<u1': 'uint8',
  '<i2': 'int16', '<u2': 'uint16', '<i4': 'int32', '<u4': 'uint32', '<i8': 'int64', '<u8': 'uint64', '|b1': 'bool',
};

function parseNpy(buf, file) {
  if (buf[0] !== 0x93 || buf.toString('latin1', 1, 6) !== 'NUMPY') throw new Error(`${file}: not a .npy file`);
  const major = buf[6];
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = buf.toString('latin1', start, start + headerLen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*(True|False)/.exec(header)?.[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  const type = NPY_TYPES[descr];
  if (!type) throw new Error(`${file}: dtype '${descr}' is not supported (supported: ${Object.keys(NPY_TYPES).join(' ')})`);
  if (fortran === 'True') throw new Error(`${file}: Fortran-order arrays are not supported (save with C order)`);
  const dims = shape.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  const body = buf.subarray(start + headerLen);
  const copy = new Uint8Array(body).buffer; // aligned copy
  return new Tensor(type, new DTYPES[type].array(copy), dims);
}

function parseJson(text, file, meta) {
  let v;
  try { v = JSON.parse(text); } catch (e) { throw new Error(`${file}: not valid JSON (${e.message})`); }
  if (Array.isArray(v)) v = { data: v };
  const data = Array.isArray(v.data) ? v.data.flat(Infinity) : null;
  if (!data) throw new Error(`${file}: expected {"type", "dims", "data"} or a (nested) array of numbers`);
  const type = v.type ?? meta?.type;
  const dims = v.dims ?? (Array.isArray(v.data) ? nestedDims(v.data) : [data.length]);
  return new Tensor(type, data, dims);
}

function nestedDims(a) {
  const dims = [];
  for (let x = a; Array.isArray(x); x = x[0]) dims.push(x.length);
  return dims;
}

async function readInput(file, meta) {
  const buf = await readFile(file).catch((e) => { throw new Error(`cannot read ${file}: ${e.code ?? e.message}`); });
  if (file.endsWith('.pb')) return readTensorProto(new Uint8Array(buf)).tensor;
  if (file.endsWith('.npy')) return parseNpy(buf, file);
  if (file.endsWith('.json')) return parseJson(buf.toString('utf8'), file, meta);
  throw new Error(`${file}: unknown input format (use .json, .pb or .npy)`);
}

function randomInput(meta, rand) {
  const dims = (meta.dims ?? [2]).map((d) => (typeof d === 'number' ? d : 2));
  const size = dims.reduce((a, b) => a * b, 1);
  const t = meta.type;
  if (t === 'int64' || t === 'uint64' || t === 'int32' || t === 'uint32' || t === 'int8' || t === 'uint8' || t === 'int16' || t === 'uint16') {
    const small = dims.length <= 1; // axes / axis: zeros are valid for any rank >= 1
    const vals = Array.from({ length: size }, () => (small ? 0 : Math.floor(rand() * (t.startsWith('u') ? 10 : 21)) - (t.startsWith('u') ? 0 : 10)));
    return new Tensor(t, vals, dims);
  }
  if (t === 'bool') return new Tensor(t, Array.from({ length: size }, () => rand() < 0.5), dims);
  return new Tensor(t, Array.from({ length: size }, () => rand() * 2 - 1), dims);
}

function formatValues(tensor, full) {
  const conv = tensor.type === 'float16' ? float16BitsToNumber : tensor.type === 'bfloat16' ? bfloat16BitsToNumber : (x) => x;
  const limit = full ? Infinity : 20;
  const vals = Array.from(tensor.data.subarray(0, Math.min(tensor.size, limit)), (x) => String(conv(x)));
  return vals.join(' ') + (tensor.size > limit ? ` … (${tensor.size - limit} more)` : '');
}

function formatDims(dims) {
  return dims === null ? '[*]' : `[${dims.map((d) => (d === null ? '?' : d)).join(',')}]`;
}

// The shapes command: values in graph order with their roles, then the diagnostics.
function printShapes(bytes, args) {
  const unknown = args.filter((a) => a !== '--json' && a !== '--strict');
  if (unknown.length) throw new UsageError(`unexpected arguments: ${unknown.join(' ')}\n${USAGE}`);
  const shapes = inferModelShapes(new Uint8Array(bytes), { strict: args.includes('--strict') });
  if (args.includes('--json')) {
    console.log(JSON.stringify({ values: shapes.graph, diagnostics: shapes.diagnostics }, null, 1));
    return 0;
  }
  for (const v of shapes.graph) console.log(`${v.role.padEnd(12)} ${v.name}: ${v.type}${formatDims(v.dims)}`);
  for (const d of shapes.diagnostics) console.log(`diagnostic   ${d.cause}: ${d.message}`);
  return 0;
}

async function main(argv) {
  const [command, model, ...rest] = argv;
  if (command === '--help' || command === '-h') { console.log(USAGE); return 0; }
  if (command === '--version' || command === '-v') { console.log(await packageVersion()); return 0; }
  if (!command || !model || !['run', 'shapes'].includes(command)) throw new UsageError(USAGE);
  await init();
  const bytes = await readFile(model).catch((e) => { throw new Error(`cannot read ${model}: ${e.code ?? e.message}`); });
  if (command === 'shapes') return printShapes(bytes, rest);
  const given = new Map();
  let seed = 1;
  let full = false;
  for (let i = 0; i < rest.length; ++i) {
    const a = rest[i];
    if (a === '--input' && rest[i + 1]) {
      const spec = rest[++i];
      const eq = spec.indexOf('=');
      if (eq <= 0) throw new UsageError(`--input expects name=file, got '${spec}'`);
      given.set(spec.slice(0, eq), spec.slice(eq + 1));
    } else if (a === '--seed' && rest[i + 1]) {
      seed = Number(rest[++i]);
      if (!Number.isInteger(seed)) throw new UsageError(`--seed expects an integer, got '${rest[i]}'`);
    } else if (a === '--full') {
      full = true;
    } else {
      throw new UsageError(`unknown argument '${a}'\n${USAGE}`);
    }
  }
  const session = await InferenceSession.create(new Uint8Array(bytes));
  for (const name of given.keys()) {
    if (!session.inputNames.includes(name)) throw new Error(`--input ${name}: the model has no input '${name}' (inputs: ${session.inputNames.join(', ')})`);
  }
  const rand = prng(seed);
  const feeds = {};
  for (const meta of session.inputMetadata) {
    feeds[meta.name] = given.has(meta.name) ? await readInput(given.get(meta.name), meta) : randomInput(meta, rand);
    const t = feeds[meta.name];
    console.log(`input  ${meta.name}: ${t.type}${formatDims(t.dims)}${given.has(meta.name) ? '' : ' (random)'} ${formatValues(t, full)}`);
  }
  const outputs = await session.run(feeds);
  for (const [name, t] of Object.entries(outputs)) console.log(`output ${name}: ${t.type}${formatDims(t.dims)} ${formatValues(t, full)}`);
  await session.release();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => {
    console.error(e instanceof UsageError ? e.message : `error: ${e.message}`);
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
