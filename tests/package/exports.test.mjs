// The hand-written types and the runtime agree: every value index.d.ts declares is exported by
// every entry (Node ESM, browser, single-file, CommonJS) and nothing else is (but the internal
// names starting with '_'); the classes have the static and instance members the types give
// them, and no undeclared public ones; the shipped index.d.ts / index.d.cts are bindings/index.d.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dts = readFileSync(join(root, 'bindings', 'index.d.ts'), 'utf8');
// Comments out, so that documentation naming a member does not count as declaring it.
const code = dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

// Declared on the types but absent at run time, on purpose: onnxruntime-web's GPU and image
// members, typed `never` so that this package's tensors fit its Tensor type.
const TYPE_ONLY_TENSOR = ['texture', 'gpuBuffer', 'mlTensor', 'toDataURL', 'toImageData'];
// Present at run time but not a declared member: a 'wasm' tensor's clone guard (an enumerable
// getter that throws, so that structuredClone, spreads and JSON of one say what to send).
const RUNTIME_ONLY_TENSOR = ['wasmData'];

export function declaredValues(text) {
  return [...text.matchAll(/^export (?:declare )?(?:function|const|class) (\w+)/gm)].map((m) => m[1]);
}

function block(text, head) {
  const at = text.indexOf(head);
  assert.ok(at >= 0, `index.d.ts declares ${head}`);
  return text.slice(text.indexOf('{', at) + 1, text.indexOf('\n}', at));
}

// Members of a class or interface body: [static?, name] for each `name(`, `name:`, `name<`.
export function members(body) {
  return [...body.matchAll(/^ {2}(static\s+)?(?:readonly\s+)?(\w+)\s*[?]?\s*[(<:]/gm)]
    .map((m) => ({ isStatic: Boolean(m[1]), name: m[2] }))
    .filter((m) => m.name !== 'constructor' && m.name !== 'new' && m.name !== 'prototype');
}
const names = (list, isStatic) => [...new Set(list.filter((m) => m.isStatic === isStatic).map((m) => m.name))].sort();
// A class's own statics (not the function's length, name, prototype); an object's own members.
const statics = (cls) => Object.getOwnPropertyNames(cls).filter((n) => !['length', 'name', 'prototype'].includes(n));
const own = (o) => Object.getOwnPropertyNames(o).filter((n) => n !== 'constructor');
const publicOnly = (list) => list.filter((n) => !n.startsWith('_')).sort();

const entries = {
  'index.node.mjs': () => import(pathToFileURL(join(root, 'dist', 'index.node.mjs')).href),
  'index.mjs': () => import(pathToFileURL(join(root, 'dist', 'index.mjs')).href),
  'single.mjs': () => import(pathToFileURL(join(root, 'dist', 'single.mjs')).href),
  'index.cjs': async () => createRequire(import.meta.url)(join(root, 'dist', 'index.cjs')),
};

test('package/the shipped declarations are bindings/index.d.ts', () => {
  for (const f of ['index.d.ts', 'index.d.cts']) assert.equal(readFileSync(join(root, 'dist', f), 'utf8'), dts, `dist/${f}`);
});

for (const [entry, load] of Object.entries(entries)) {
  test(`package/dist/${entry} exports exactly the values index.d.ts declares`, async () => {
    const m = await load();
    assert.deepEqual(publicOnly(Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule')), [...new Set(declaredValues(code))].sort());
  });
}

test('package/the classes have the members index.d.ts declares, and no others', async () => {
  const m = await entries['index.node.mjs']();
  await m.init();
  // Node and InferenceSession: classes in the types too.
  for (const [cls, instance] of [['Node', m.Node.create({ opType: 'ReduceSum' })], ['InferenceSession', null]]) {
    const declared = members(block(code, `export class ${cls}`));
    assert.deepEqual(publicOnly(statics(m[cls])), names(declared, true), `${cls}'s static members`);
    assert.deepEqual(publicOnly(own(m[cls].prototype)), names(declared, false), `${cls}'s instance members`);
    instance?.dispose();
  }
  // Tensor: the constructor interface's statics, and the members of each kind of tensor.
  assert.deepEqual(publicOnly(statics(m.Tensor)), names(members(block(code, 'export interface TensorConstructor')), false));
  const declared = names(members(block(code, 'export interface TypedTensor')), false);
  const cpu = new m.Tensor('float32', [1]);
  const wasm = m.Tensor.allocate('float32', [1]);
  for (const [kind, t] of [['cpu', cpu], ['wasm', wasm]]) {
    const present = new Set();
    for (let o = t; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) own(o).forEach((n) => present.add(n));
    assert.deepEqual(publicOnly([...present].filter((n) => !RUNTIME_ONLY_TENSOR.includes(n))),
      declared.filter((n) => !TYPE_ONLY_TENSOR.includes(n)), `a '${kind}' tensor's members`);
    for (const n of TYPE_ONLY_TENSOR) assert.ok(!(n in t), `${n} is declared absent (never) but a '${kind}' tensor has it`);
  }
  wasm.dispose();
});

test('package/the check sees a declared export that the runtime lacks', () => {
  const extra = declaredValues(`${code}\nexport function notExported(): void;\n`);
  assert.ok(extra.includes('notExported') && !declaredValues(code).includes('notExported'));
  assert.deepEqual(members('  static a(): void;\n  readonly b: number;\n  c?(x: number): void;\n').map((x) => x.name), ['a', 'b', 'c']);
});
