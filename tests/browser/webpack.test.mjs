// The package through webpack 5: the app of tests/browser/vite-app (the package by name, main
// and single-file entries) bundled by webpack in production mode into build/browser/webpack-app,
// served and run in headless Chromium. webpack follows the browser entry's
// `new URL('onnx-reduce-wasm.wasm', import.meta.url)` and emits the .wasm as its own asset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './helpers.mjs';
import { appPage, builtAppSuite, checkApp } from './bundled-app.mjs';

const suite = builtAppSuite('webpack', async (appRoot, outDir) => {
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
});

test('webpack emits the .wasm as an asset next to the bundle, byte for byte', () => {
  const wasm = readdirSync(suite.outDir).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `out: ${readdirSync(suite.outDir).join(', ')}`);
  assert.deepEqual(readFileSync(join(suite.outDir, wasm[0])), readFileSync(join(REPO, 'dist', 'onnx-reduce-wasm.wasm')));
});

test('the webpack bundle runs ReduceSum in Chromium, through both entries and in a Worker', async () => {
  await checkApp(suite.browser, suite.url, /\/build\/browser\/webpack-app\/[^/]+\.wasm$/);
});
