// Names in error messages print the same whichever side threw: the wasm side (printable() in
// src/core/names.cc: an op type Node.create does not know) and the JS layer (guards.mjs: an op
// type makeModel does not know) escape the same characters the same way and cut after the
// same number of UTF-8 bytes (the module's kMaxPrintedName), at a character boundary, ending
// "...(<n> bytes)".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init, Node, makeModel } from '../../dist/index.node.mjs';

await init();

function thrownBy(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

// The op type as the wasm side prints it.
function printedByWasm(opType) {
  const e = thrownBy(() => Node.create({ opType, opset: 13 }));
  const m = /operator '(.*)' is not supported/s.exec(e.message);
  assert.ok(m, e.message);
  return m[1];
}

// The op type as the JS layer prints it.
function printedByJs(opType) {
  const e = thrownBy(() => makeModel({
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [1] }], outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ opType, inputs: ['x'], outputs: ['y'] }],
  }));
  const m = /the package has no op '(.*)' in domain/s.exec(e.message);
  assert.ok(m, e.message);
  return m[1];
}

const CASES = [
  // [name, as printed]
  ['ReduceSumm', 'ReduceSumm'],
  ['é'.repeat(32), 'é'.repeat(32)],                                  // 64 bytes: whole
  ['é'.repeat(40), `${'é'.repeat(32)}...(80 bytes)`],                 // 2-byte characters
  [`a${'€'.repeat(30)}`, `a${'€'.repeat(21)}...(91 bytes)`],          // the 21st € ends at byte 64
  [`ab${'€'.repeat(30)}`, `ab${'€'.repeat(21)}...(92 bytes)`],        // ... and here at 65: kept whole
  ['😀'.repeat(20), `${'😀'.repeat(16)}...(80 bytes)`],               // 4-byte characters
  [`${'x'.repeat(63)}ñy`, `${'x'.repeat(63)}ñ...(66 bytes)`],         // cut after a character that crosses byte 64
  ['a\u0085b\u202ec\'"\n\t\\', 'a\\xc2\\x85b\\xe2\\x80\\xaec\\\'\\"\\n\\t\\\\'],  // C1 and bidi controls, quotes
];

test('errors/a non-ASCII or control-laden name prints the same from the wasm side and the JS layer', () => {
  for (const [name, want] of CASES) {
    assert.equal(printedByWasm(name), want, `wasm side, ${JSON.stringify(name)}`);
    assert.equal(printedByJs(name), want, `JS layer, ${JSON.stringify(name)}`);
  }
});
