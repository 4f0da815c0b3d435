// The demo page and the API in headless Firefox ESR (Debian's; Playwright cannot drive it):
// tests/browser/pages/probe.html loads the demo page in a frame, runs a built-in example and
// posts what the page shows. (The Vite app's Firefox run is in vite.test.mjs; wasm tensors and
// memory growth in zero-copy.test.mjs.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { requireDist } from './helpers.mjs';
import { probeUrl, reportFromFirefox, startReportSite } from './report-site.mjs';

requireDist();
let site;
before(async () => { site = await startReportSite(); });
after(async () => { await site?.close(); });

test('Firefox ESR: the demo page loads and its CumProd examples give their expected values', async () => {
  const expected = { '00': '1 2 6', '11': '6 3 1' };
  const steps = [{ wait: '#status[data-ready="true"]' }];
  for (const flags of Object.keys(expected)) {
    steps.push({ click: `button[data-example="cumprod-${flags}"]` }, { wait: `#result[data-example="cumprod-${flags}"]` }, { read: '#out-values' }, { read: '#result' });
  }
  const report = await reportFromFirefox(site, probeUrl(site.url, '/web/', steps));
  assert.match(report.userAgent, /Firefox/);
  assert.deepEqual(report.errors, []);
  Object.values(expected).forEach((values, i) => {
    assert.equal(report.reads[2 * i].data.values, values);
    assert.equal(report.reads[2 * i + 1].data.state, 'ok');
  });
});
