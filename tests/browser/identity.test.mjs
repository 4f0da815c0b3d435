// The same bits on any thread count in browsers: the thread-identity battery (every family,
// copy mode and zero-copy, tests/js/helpers/digest-battery.mjs) run on a cross-origin isolated
// page with init({ numThreads }) 1, 2 and 3 in Chromium and 1 and 2 in Firefox ESR, each run's
// hashes equal to those of the single-threaded build under Node.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { reportFromChromium, reportFromFirefox, startReportSite } from './report-site.mjs';

const PAGE = 'tests/browser/pages/identity.html';
const BATTERY = fileURLToPath(new URL('../js/helpers/thread-digest.mjs', import.meta.url));

function nodeDigests() {
  const r = spawnSync(process.execPath, [BATTERY], { encoding: 'utf8', env: { ...process.env, ORW_NUM_THREADS: '1' }, timeout: 120_000 });
  assert.equal(r.status, 0, `the Node battery: exit ${r.status}; ${r.stderr}`);
  return JSON.parse(r.stdout).digests;
}

function assertSame(report, want, what) {
  assert.deepEqual(report.checks.filter((c) => !c.ok), [], what);
  const names = Object.keys(want);
  assert.equal(Object.keys(report.digests).length, names.length, `${what}: cases`);
  for (const name of names) assert.deepEqual(report.digests[name], want[name], `${what}: ${name}`);
}

for (const [browser, run, counts] of [['Chromium', reportFromChromium, [1, 2, 3]], ['Firefox ESR', reportFromFirefox, [1, 2]]]) {
  test(`${browser}: ${counts.join(', ')} threads give the bits of the single-threaded build under Node`, async () => {
    const want = nodeDigests();
    const site = await startReportSite();
    try {
      for (const threads of counts) {
        const report = await run(site, `${site.url}${PAGE}?threads=${threads}`);
        assert.equal(report.crossOriginIsolated, true);
        assert.equal(report.numThreads, threads);
        assert.equal(report.build, threads === 1 ? 'single-threaded' : 'threaded');
        assertSame(report, want, `${browser}, ${threads} thread(s)`);
      }
    } finally {
      await site.close();
    }
  });
}
