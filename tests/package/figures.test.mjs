// Every figure README.md states comes from a file a command writes, and this test fails when
// the two disagree (and docs/benchmarks.md's and docs/size.md's current tables are checked against them too):
//   docs/figures/size.json             node scripts/size-report.mjs (every build runs it)
//   docs/figures/suite.json            node bench/ort-compare.mjs --runs 15 --json
//   docs/figures/suite-zero-copy.json  the same with --zero-copy
//   docs/figures/threads.json          node bench/threads.mjs --runs 11 --rounds 3 --json
//   docs/figures/build-time.json       bash scripts/time-fresh-build.sh
//   the ONNX backend test count        the test data itself (tests/data/onnx-backend)
// A figure in the README's prose (a speed-up, a size, a time, a count of tests or cases) that
// none of these gives fails the test too, and so does a case slower than onnxruntime-web that
// the README does not name beside its figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listBackendTests } from '../js/helpers/backend-tests.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (f) => readFileSync(join(root, f), 'utf8');
const figures = (name) => JSON.parse(read(`docs/figures/${name}.json`));

// The README's prose: code blocks (examples, commands) hold no figures.
export const prose = (md) => md.replace(/```[\s\S]*?```/g, '');
// Line breaks as spaces: a figure and its unit may sit on two lines.
const readme = prose(read('README.md')).replace(/\s+/g, ' ');

// The figures as the README writes them, from their sources.
export function expectedFigures() {
  const size = figures('size');
  const suite = figures('suite');
  const zeroCopy = figures('suite-zero-copy');
  const threads = figures('threads');
  const build = figures('build-time');
  const backend = listBackendTests();
  const x = (v) => `${v.toFixed(2)}×`;
  return {
    size: `${Math.round(size.entry.gzip / 1024)} KB gzipped`,
    tests: `${backend.length} ONNX backend tests`,
    expanded: `${backend.filter((t) => t.expanded).length} \`_expanded\``,
    suite: x(suite.geomean_speedup),
    cases: `${suite.cases ?? suite.rows.length} one-node cases`,
    zeroCopy: x(zeroCopy.geomean_speedup),
    threadsZeroCopy: x(threads.geomean.zeroCopy),
    threadsCopy: x(threads.geomean.copy),
    build: `${Math.round(build.seconds / 60)} min`,
    slower: suite.rows.filter((r) => r.speedup < 1).map((r) => ({ case: r.case, figure: x(r.speedup) })),
  };
}

const FIGURE = /\d+(?:\.\d+)?(?:×| KB gzipped| ONNX backend tests| `_expanded`| one-node cases| min\b| s\b| ms\b| µs\b)/g;

test('package/README figures: each one its source gives', () => {
  const want = expectedFigures();
  for (const key of ['size', 'tests', 'expanded', 'suite', 'cases', 'zeroCopy', 'threadsZeroCopy', 'threadsCopy', 'build']) {
    assert.ok(readme.includes(want[key]), `README.md should state ${want[key]} (${key}, from its source)`);
  }
});

test('package/README figures: no figure that no source gives', () => {
  const want = expectedFigures();
  const allowed = new Set([
    ...Object.values(want).filter((v) => typeof v === 'string'),
    ...want.slower.map((s) => s.figure),
  ]);
  const stray = [...readme.matchAll(FIGURE)].map((m) => m[0]).filter((f) => !allowed.has(f));
  assert.deepEqual(stray, [], 'figures in README.md that docs/figures/*.json and the test data do not give');
});

test('package/README figures: where the package is slower than onnxruntime-web, the README says so', () => {
  for (const s of expectedFigures().slower) {
    const at = readme.indexOf(s.case);
    assert.ok(at >= 0, `README.md should name the slower case ${s.case}`);
    assert.ok(readme.slice(at, at + s.case.length + 80).includes(s.figure), `README.md should give ${s.case}'s ${s.figure} beside it`);
  }
});

test('package/README figures: the size source is the current build', () => {
  // size.json is rewritten by every build: it must describe the dist/ present.
  const size = figures('size');
  for (const f of size.entry.files) {
    assert.equal(readFileSync(join(root, 'dist', f.file)).length, f.bytes, `docs/figures/size.json is stale for dist/${f.file}: run node scripts/size-report.mjs`);
  }
});

test('package/docs/size.md: its total is the size source\'s (to the whole KB)', () => {
  const size = figures('size');
  const total = read('docs/size.md').match(/\*\*total\*\*[^\n]*\*\*([\d.]+) KB\*\*/);
  assert.ok(total, 'docs/size.md has a **total** row with its gzipped figure in bold');
  assert.equal(Math.round(Number(total[1])), Math.round(size.entry.gzip / 1024), 'docs/size.md\'s total disagrees with docs/figures/size.json: update its tables');
});

test('package/docs/benchmarks.md: its current tables are the figure sources\' runs', () => {
  const bench = read('docs/benchmarks.md').replace(/\s+/g, ' ');
  const suite = figures('suite');
  const zeroCopy = figures('suite-zero-copy');
  const threads = figures('threads');
  assert.ok(bench.includes(`${suite.geomean_speedup.toFixed(2)}× over ${suite.cases ?? suite.rows.length} cases`), 'the suite\'s geometric mean and case count');
  assert.ok(bench.includes(`${zeroCopy.geomean_speedup.toFixed(2)}×`), 'the zero-copy geometric mean');
  // The threads table is the command's text output: its last line gives the geometric means.
  assert.ok(bench.includes(`copy ${threads.geomean.copy.toFixed(2)}x, zero-copy ${threads.geomean.zeroCopy.toFixed(2)}x`), 'the threads table\'s geometric means');
  // (It shows a few of the cases; the JSON holds them all.)
});

test('package/README figures: the check finds a figure that disagrees', () => {
  const want = expectedFigures();
  const wrong = `${want.suite.replace(/\d$/, (d) => String((Number(d) + 1) % 10))} and 163.9 KB gzipped`;
  const stray = [...wrong.matchAll(FIGURE)].map((m) => m[0]).filter((f) => f !== want.size);
  assert.equal(stray.length, 2);
});
