// Wasm tensors (Tensor.allocate, outputs kept in wasm memory, preallocated outputs, memory
// growth while tensors are alive, use after dispose) in headless Chromium and Firefox ESR:
// tests/browser/pages/zero-copy.html runs the checks and posts its report.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { requireDist } from './helpers.mjs';
import { reportFromChromium, reportFromFirefox, startReportSite } from './report-site.mjs';

requireDist();
let site;
before(async () => { site = await startReportSite(); });
after(async () => { await site?.close(); });

const PAGE = 'tests/browser/pages/zero-copy.html';
const EXPECTED_CHECKS = 6;

function assertAllPassed(report, browser) {
  const failed = report.checks.filter((c) => !c.ok);
  assert.deepEqual(failed, [], `${browser} (${report.userAgent})`);
  assert.equal(report.checks.length, EXPECTED_CHECKS, `${browser}: every check ran`);
}

test('Chromium: wasm tensors, chaining, preallocated outputs, memory growth, dispose', async () => {
  const report = await reportFromChromium(site, `${site.url}${PAGE}`);
  assert.match(report.userAgent, /Chrome/);
  assertAllPassed(report, 'Chromium');
});

test('Firefox ESR: wasm tensors, chaining, preallocated outputs, memory growth, dispose', async () => {
  const report = await reportFromFirefox(site, `${site.url}${PAGE}`);
  assert.match(report.userAgent, /Firefox/);
  assertAllPassed(report, 'Firefox');
});
