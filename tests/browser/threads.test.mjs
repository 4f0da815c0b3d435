// The threaded build in browsers (tests/browser/pages/threads.html runs the checks and posts its
// report): init({ numThreads: 2 }) on a cross-origin isolated page loads it (Chromium and
// Firefox ESR), also inside a dedicated Worker (threads-worker.html), and reduces 4M elements
// exactly; on a page that is not isolated (Chromium) it loads the single-threaded build, says
// why, and never requests the threaded files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { launchBrowser } from './helpers.mjs';
import { startReportSite, testPageInBrowsers } from './report-site.mjs';

const PAGE = 'tests/browser/pages/threads.html';
testPageInBrowsers(PAGE, 4, 'init({ numThreads: 2 }) on a cross-origin isolated page runs the threaded build');
testPageInBrowsers('tests/browser/pages/threads-worker.html', 4, 'init({ numThreads: 2 }) in a dedicated Worker of an isolated page runs the threaded build');

test('Chromium, a page that is not cross-origin isolated: the single-threaded build, no threaded file requested', async () => {
  const site = await startReportSite({ isolated: false });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const requested = [];
    page.on('request', (r) => requested.push(r.url()));
    const report = site.nextReport(60000);
    await page.goto(`${site.url}${PAGE}`);
    const { crossOriginIsolated, checks } = await report;
    assert.equal(crossOriginIsolated, false);
    assert.deepEqual(checks.filter((c) => !c.ok), []);
    assert.equal(checks.length, 4);
    assert.deepEqual(requested.filter((u) => /-mt\./.test(u)), []);
    assert.ok(requested.some((u) => u.endsWith('/dist/onnx-reduce-wasm.wasm')));
  } finally {
    await browser.close();
    await site.close();
  }
});
