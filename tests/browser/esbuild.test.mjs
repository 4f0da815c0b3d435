// The package through esbuild for browsers (ESM, --bundle --minify): esbuild leaves the main
// entry's `new URL('onnx-reduce-wasm.wasm', import.meta.url)` as it is, so the user copies the
// .wasm next to the bundle (what docs/api.md says); the single-file entry needs nothing. The
// app of tests/browser/vite-app bundled into build/browser/esbuild-app and run in Chromium.
import { test } from 'node:test';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO } from './helpers.mjs';
import { appPage, builtAppSuite, checkApp } from './bundled-app.mjs';

const suite = builtAppSuite('esbuild', async (appRoot, outDir) => {
  mkdirSync(outDir, { recursive: true });
  await build({
    // The worker is an entry of its own: esbuild leaves main.js's new URL('./worker.js', ...)
    // as it is, so worker.js must sit next to app.js.
    entryPoints: { app: join(appRoot, 'main.js'), worker: join(appRoot, 'worker.js') }, bundle: true, minify: true,
    format: 'esm', platform: 'browser', outdir: outDir, absWorkingDir: appRoot, logLevel: 'silent',
  });
  copyFileSync(join(REPO, 'dist', 'onnx-reduce-wasm.wasm'), join(outDir, 'onnx-reduce-wasm.wasm'));
  writeFileSync(join(outDir, 'index.html'), appPage(appRoot, '<script type="module" src="./app.js"></script>', 'esbuild'));
});

test('an esbuild browser bundle runs in Chromium with the .wasm copied next to it, through both entries and in a Worker', async () => {
  await checkApp(suite.browser, suite.url, /\/build\/browser\/esbuild-app\/onnx-reduce-wasm\.wasm$/);
});
