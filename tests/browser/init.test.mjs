// init() of the browser entry in headless Chromium and Firefox ESR (tests/browser/pages/init.html
// runs the checks and posts its report): a missing .wasm and bytes that are not wasm reject
// with errors that say so (the URL and HTTP status; the CompileError, from the byte path and
// the streaming path), init() stays retryable, and a .wasm sent with another MIME type loads.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { requireDist } from './helpers.mjs';
import { reportFromChromium, reportFromFirefox, startReportSite } from './report-site.mjs';

requireDist();
let site;
before(async () => { site = await startReportSite(); });
after(async () => { await site?.close(); });

const PAGE = 'tests/browser/pages/init.html';
const EXPECTED_CHECKS = 5;

function assertAllPassed(report, browser) {
  const failed = report.checks.filter((c) => !c.ok);
  assert.deepEqual(failed, [], `${browser} (${report.userAgent})`);
  assert.equal(report.checks.length, EXPECTED_CHECKS, `${browser}: every check ran`);
}

test('Chromium: init() failures reject with what went wrong, and a later init() loads', async () => {
  const report = await reportFromChromium(site, `${site.url}${PAGE}`);
  assert.match(report.userAgent, /Chrome/);
  assertAllPassed(report, 'Chromium');
});

test('Firefox ESR: init() failures reject with what went wrong, and a later init() loads', async () => {
  const report = await reportFromFirefox(site, `${site.url}${PAGE}`);
  assert.match(report.userAgent, /Firefox/);
  assertAllPassed(report, 'Firefox');
});
