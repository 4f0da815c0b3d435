// The package through webpack 5: the app of tests/browser/vite-app (the package by name, main
// and single-file entries) bundled by webpack in production mode into build/browser/webpack-app,
// served and run in headless Chromium. webpack follows the browser entry's
// `new URL('onnx-reduce-wasm.wasm', import.meta.url)` and emits the .wasm as its own asset.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, REPO, launchBrowser, requireDist, startSite } from './helpers.mjs';
import { appPage, checkApp, installApp } from './bundled-app.mjs';

requireDist();
const outDir = join(BUILD_DIR, 'webpack-app');

let site;
let browser;

before(async () => {
  const appRoot = installApp('webpack');
  rmSync(outDir, { recursive: true, force: true });
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) => {
    webpack({
      mode: 'production', target: 'web', context: appRoot, entry: './main.js',
      output: { path: outDir, filename: 'app.js', publicPath: 'auto' },
      // The single-file entry embeds the wasm (~700 kB of base64): expected, not a warning.
      performance: { hints: false }, infrastructureLogging: { level: 'error' },
    }, (err, s) => (err ? reject(err) : resolve(s)));
  });
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  writeFileSync(join(outDir, 'index.html'), appPage(appRoot, '<script defer src="./app.js"></script>', 'webpack'));
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test('webpack emits the .wasm as an asset next to the bundle, byte for byte', () => {
  const wasm = readdirSync(outDir).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `out: ${readdirSync(outDir).join(', ')}`);
  assert.deepEqual(readFileSync(join(outDir, wasm[0])), readFileSync(join(REPO, 'dist', 'onnx-reduce-wasm.wasm')));
});

test('the webpack bundle runs ReduceSum in Chromium, through both entries and in a Worker', async () => {
  await checkApp(browser, `${site.url}build/browser/webpack-app/index.html`, /\/build\/browser\/webpack-app\/[^/]+\.wasm$/);
});
