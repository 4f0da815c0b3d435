#!/usr/bin/env node
// onnx-reduce-wasm command line:
//   onnx-reduce-wasm run <model.onnx> [--input name=file.json|file.pb|file.npy ...] [--seed N] [--full] [--max-elements N] [--json]
//   onnx-reduce-wasm shapes <model.onnx> [--json] [--strict]
//   onnx-reduce-wasm --version | --help
import { readFile } from 'node:fs/promises';
import { init, InferenceSession, inferModelShapes } from './index.node.mjs';
import { DEFAULT_MAX_ELEMENTS, prng, randomInput, readInput } from './cli-inputs.mjs';
import { controlsEscaped, terminalSafe } from './escape.mjs';
import { float16BitsToNumber, bfloat16BitsToNumber } from './half.mjs';

const USAGE = `usage:
  onnx-reduce-wasm run <model.onnx> [--input name=file.json|file.pb|file.npy ...] [--seed N] [--full] [--max-elements N] [--json]
      runs the model; inputs not given are random (fixed seed; integer inputs of rank <= 1,
      such as axes, are zeros) and prints every input's and output's type, dims and values
      (--json: as one JSON array, every value). An input (given or made up) of more than
      --max-elements elements (default ${DEFAULT_MAX_ELEMENTS}) is refused before it is allocated
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

function formatValues(tensor, full) {
  const conv = tensor.type === 'float16' ? float16BitsToNumber : tensor.type === 'bfloat16' ? bfloat16BitsToNumber : (x) => x;
  const limit = full ? Infinity : 20;
  const vals = Array.from(tensor.data.subarray(0, Math.min(tensor.size, limit)), (x) => String(conv(x)));
  return vals.join(' ') + (tensor.size > limit ? ` … (${tensor.size - limit} more)` : '');
}

// The text form of an inferred value: float32[N,3], seq(float32[N,3]), opt(seq(int64[*])).
function formatInfo(info) {
  if (info.kind === undefined) return `${info.type}${formatDims(info.dims)}`;
  return `${info.kind === 'sequence' ? 'seq' : 'opt'}(${formatInfo(info.element)})`;
}

function formatDims(dims) {
  return dims === null ? '[*]' : `[${dims.map((d) => (d === null ? '?' : terminalSafe(d))).join(',')}]`;
}

// The shapes command: values in graph order with their roles, then the diagnostics.
function printShapes(bytes, args) {
  const unknown = args.filter((a) => a !== '--json' && a !== '--strict');
  if (unknown.length) throw new UsageError(`unexpected arguments: ${terminalSafe(unknown.join(' '))}\n${USAGE}`);
  const shapes = inferModelShapes(new Uint8Array(bytes), { strict: args.includes('--strict') });
  if (args.includes('--json')) {
    console.log(JSON.stringify({ values: shapes.graph, diagnostics: shapes.diagnostics }, null, 1));
    return 0;
  }
  for (const v of shapes.graph) console.log(`${v.role.padEnd(12)} ${terminalSafe(v.name)}: ${formatInfo(v)}`);
  for (const d of shapes.diagnostics) console.log(controlsEscaped(`diagnostic   ${d.cause}: ${d.message}`));
  return 0;
}

async function main(argv) {
  const [command, model, ...rest] = argv;
  if (command === '--help' || command === '-h') { console.log(USAGE); return 0; }
  if (command === '--version' || command === '-v') { console.log(await packageVersion()); return 0; }
  if (command && !['run', 'shapes'].includes(command)) throw new UsageError(`unknown command '${terminalSafe(command)}' (run or shapes)\n${USAGE}`);
  if (!command || !model) throw new UsageError(USAGE);
  await init();
  const bytes = await readFile(model).catch((e) => { throw new Error(`cannot read ${terminalSafe(model)}: ${e.code ?? e.message}`); });
  if (command === 'shapes') return printShapes(bytes, rest);
  const given = new Map();
  let seed = 1;
  let full = false;
  let json = false;
  let maxElements = DEFAULT_MAX_ELEMENTS;
  for (let i = 0; i < rest.length; ++i) {
    const a = rest[i];
    if (a === '--input' && rest[i + 1]) {
      const spec = rest[++i];
      const eq = spec.indexOf('=');
      if (eq <= 0) throw new UsageError(`--input expects name=file, got '${terminalSafe(spec)}'`);
      given.set(spec.slice(0, eq), spec.slice(eq + 1));
    } else if (a === '--seed' && rest[i + 1]) {
      seed = Number(rest[++i]);
      if (!Number.isInteger(seed)) throw new UsageError(`--seed expects an integer, got '${terminalSafe(rest[i])}'`);
    } else if (a === '--max-elements' && rest[i + 1]) {
      maxElements = Number(rest[++i]);
      if (!Number.isSafeInteger(maxElements) || maxElements < 1) throw new UsageError(`--max-elements expects a positive integer, got '${terminalSafe(rest[i])}'`);
    } else if (a === '--full') {
      full = true;
    } else if (a === '--json') {
      json = true;
    } else {
      throw new UsageError(`unknown argument '${terminalSafe(a)}'\n${USAGE}`);
    }
  }
  const session = await InferenceSession.create(new Uint8Array(bytes));
  for (const name of given.keys()) {
    if (!session.inputNames.includes(name)) throw new Error(`--input ${terminalSafe(name)}: the model has no input '${terminalSafe(name)}' (inputs: ${session.inputNames.map(terminalSafe).join(', ')})`);
  }
  const rand = prng(seed);
  const feeds = Object.create(null);  // keyed by the model's names ('__proto__' too)
  const record = (role, name, t, random) => ({ role, name, type: t.type, dims: [...t.dims], random, values: Array.from(t.data, (v) => (typeof v === 'bigint' ? String(v) : v)) });
  const report = [];
  for (const meta of session.inputMetadata) {
    const t = given.has(meta.name) ? await readInput(given.get(meta.name), meta, maxElements) : randomInput(meta, rand, maxElements);
    feeds[meta.name] = t;
    if (json) report.push(record('input', meta.name, t, !given.has(meta.name)));
    else console.log(`input  ${terminalSafe(meta.name)}: ${t.type}${formatDims(t.dims)}${given.has(meta.name) ? '' : ' (random)'} ${formatValues(t, full)}`);
  }
  const outputs = await session.run(feeds);
  for (const [name, t] of Object.entries(outputs)) {
    if (json) report.push(record('output', name, t, false));
    else console.log(`output ${terminalSafe(name)}: ${t.type}${formatDims(t.dims)} ${formatValues(t, full)}`);
  }
  // JSON escapes control characters itself; int64 values as strings (JSON has no 64-bit integers).
  if (json) console.log(JSON.stringify(report, null, 1));
  await session.release();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => {
    // Messages of the package escape the names they quote; what else a message may carry from a
    // model or a file (a type name, say) is escaped here.
    console.error(controlsEscaped(e instanceof UsageError ? e.message : `error: ${e.message}`));
    process.exitCode = e instanceof UsageError ? 2 : 1;
  },
);
