// The package through a bundler: tests/browser/vite-app imports 'onnx-reduce-wasm' (and
// 'onnx-reduce-wasm/single') by name, is built by Vite into build/browser/vite-app, served, and
// run in headless Chromium and Firefox ESR. The package is installed as npm would lay it out (the
// `npm pack` tarball unpacked into node_modules/onnx-reduce-wasm, bundled-app.mjs), so Vite
// resolves it through package.json "exports" like any dependency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { watchPage } from './helpers.mjs';
import { probeUrl, reportFromFirefox, startReportSite } from './report-site.mjs';
import { builtAppSuite, withoutThreadedProbe } from './bundled-app.mjs';

const suite = builtAppSuite('vite', async (appRoot, outDir) => {
  const { build } = await import('vite');
  await build({
    root: appRoot,
    base: './',
    configFile: false,
    logLevel: 'warn',
    // The single-file entry embeds the wasm (~500 kB): expected, not a warning.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  });
});

test('Vite emits the .wasm as an asset next to the bundle', () => {
  const assets = readdirSync(join(suite.outDir, 'assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `assets: ${assets.join(', ')}`);
  assert.ok(assets.some((f) => f.endsWith('.js')), `assets: ${assets.join(', ')}`);
});

test('the bundled app runs ReduceSum in Chromium, through both entries and in a Worker', async () => {
  const page = await suite.browser.newPage();
  page.setDefaultTimeout(10000);
  const problems = watchPage(page);
  const requests = [];
  page.on('response', (r) => requests.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] }));

  await page.goto(suite.url);
  const ids = ['main', 'single', 'worker'];
  await page.waitForFunction((all) => all.every((id) => document.getElementById(id).dataset.state !== 'pending'), ids);
  for (const id of ids) {
    assert.equal(await page.textContent(`#${id}`), 'float32 [2] 6 15', `${id} entry`);
    assert.equal(await page.getAttribute(`#${id}`, 'data-state'), 'ok');
  }
  // The wasm came from the bundle's own assets (with the right MIME type), not from dist/:
  // once for the page, once for the worker.
  const wasm = requests.filter((r) => r.url.endsWith('.wasm'));
  assert.equal(wasm.length, 2, JSON.stringify(wasm));
  for (const w of wasm) {
    assert.match(w.url, /\/build\/browser\/vite-app\/assets\/[^/]+\.wasm$/);
    assert.equal(w.status, 200);
    assert.equal(w.type, 'application/wasm');
  }
  assert.ok(!requests.some((r) => r.url.includes('/dist/')), 'nothing is loaded from the repository dist/');
  assert.deepEqual(withoutThreadedProbe(problems), []);
  await page.close();
});

test('the bundled app runs ReduceSum in Firefox ESR, through both entries and in a Worker', async () => {
  const reporting = await startReportSite();
  try {
    const done = (id) => `#${id}:not([data-state="pending"])`;
    const steps = [{ wait: done('main') }, { wait: done('single') }, { wait: done('worker') }, { read: '#main' }, { read: '#single' }, { read: '#worker' }];
    const report = await reportFromFirefox(reporting, probeUrl(reporting.url, '/build/browser/vite-app/index.html', steps));
    assert.match(report.userAgent, /Firefox/);
    assert.deepEqual(report.errors, []);
    for (const r of report.reads) {
      assert.equal(r.text, 'float32 [2] 6 15', r.selector);
      assert.equal(r.data.state, 'ok', r.selector);
    }
  } finally {
    await reporting.close();
  }
});
