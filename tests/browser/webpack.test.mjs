// The package through webpack 5: the app of tests/browser/vite-app (the package by name, main
// and single-file entries) bundled by webpack in production mode into build/browser/webpack-app,
// served and run in headless Chromium. webpack follows the browser entry's
// `new URL('onnx-reduce-wasm.wasm', import.meta.url)` and emits the .wasm as its own asset.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, REPO, launchBrowser, requireDist, startSite, watchPage } from './helpers.mjs';

requireDist();
const appSource = join(REPO, 'tests', 'browser', 'vite-app');
const appRoot = join(BUILD_DIR, 'webpack-src');
const outDir = join(BUILD_DIR, 'webpack-app');

let site;
let browser;

before(async () => {
  rmSync(appRoot, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  cpSync(appSource, appRoot, { recursive: true });
  // Installed as npm lays it out: package.json and dist/ (symlinks to this repository).
  const pkg = join(appRoot, 'node_modules', 'onnx-reduce-wasm');
  mkdirSync(pkg, { recursive: true });
  symlinkSync(join(REPO, 'package.json'), join(pkg, 'package.json'));
  symlinkSync(join(REPO, 'dist'), join(pkg, 'dist'), 'dir');

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
  // The Vite page's markup, loading the bundle as a classic script.
  const html = readFileSync(join(appRoot, 'index.html'), 'utf8')
    .replace('<script type="module" src="./main.js"></script>', '<script defer src="./app.js"></script>')
    .replaceAll('Vite', 'webpack');
  writeFileSync(join(outDir, 'index.html'), html);
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

test('the webpack bundle runs ReduceSum in Chromium, through both entries', async () => {
  const page = await browser.newPage();
  page.setDefaultTimeout(10000);
  const problems = watchPage(page);
  const requests = [];
  page.on('response', (r) => requests.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] }));
  await page.goto(`${site.url}build/browser/webpack-app/index.html`);
  await page.waitForFunction(() => ['main', 'single'].every((id) => document.getElementById(id).dataset.state !== 'pending'));
  for (const id of ['main', 'single']) {
    assert.equal(await page.textContent(`#${id}`), 'float32 [2] 6 15', `${id} entry`);
    assert.equal(await page.getAttribute(`#${id}`, 'data-state'), 'ok');
  }
  // The wasm came from the bundle's own asset, not from dist/.
  const wasm = requests.filter((r) => r.url.endsWith('.wasm'));
  assert.equal(wasm.length, 1, JSON.stringify(wasm));
  assert.match(wasm[0].url, /\/build\/browser\/webpack-app\/[^/]+\.wasm$/);
  assert.equal(wasm[0].status, 200);
  assert.ok(!requests.some((r) => r.url.includes('/dist/')), 'nothing is loaded from the repository dist/');
  assert.deepEqual(problems, []);
  await page.close();
});
