// The package through Parcel 2 (a production build, the app of tests/browser/vite-app): Parcel
// follows package.json "exports" only when the app's project sets
// "@parcel/resolver-default": { "packageExports": true } (docs/api.md), then emits the .wasm
// that `new URL('onnx-reduce-wasm.wasm', import.meta.url)` names and bundles the Worker; run in
// Chromium through both entries and in the Worker.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO } from './helpers.mjs';
import { builtAppSuite, checkApp } from './bundled-app.mjs';

const suite = builtAppSuite('parcel', (appRoot, outDir) => {
  // The app's own project (Parcel reads its settings from the project root, found by the
  // nearest lockfile): without packageExports, 'onnx-reduce-wasm/single' does not resolve.
  writeFileSync(join(appRoot, 'package.json'), JSON.stringify({ name: 'app', private: true, '@parcel/resolver-default': { packageExports: true } }));
  writeFileSync(join(appRoot, 'yarn.lock'), '');
  execFileSync(join(REPO, 'node_modules', '.bin', 'parcel'), ['build', 'index.html', '--dist-dir', outDir, '--public-url', './', '--no-cache', '--no-source-maps', '--log-level', 'error'],
    { cwd: appRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
});

test('Parcel emits the .wasm as an asset next to the bundle, byte for byte', () => {
  const wasm = readdirSync(suite.outDir).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `out: ${readdirSync(suite.outDir).join(', ')}`);
  assert.deepEqual(readFileSync(join(suite.outDir, wasm[0])), readFileSync(join(REPO, 'dist', 'onnx-reduce-wasm.wasm')));
});

test('the Parcel bundle runs ReduceSum in Chromium, through both entries and in a Worker', async () => {
  await checkApp(suite.browser, suite.url, /\/build\/browser\/parcel-app\/onnx-reduce-wasm\.[0-9a-f]+\.wasm$/);
});
