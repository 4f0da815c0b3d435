// The test app of tests/browser/vite-app (the package by name: the main entry, whose .wasm a
// bundler must carry, and the single-file entry), for the bundler tests: copied into
// build/browser/<name>-src with the package "installed" as npm lays it out (package.json and
// dist/, symlinks to this repository), and checked in a page: both entries compute ReduceSum,
// the .wasm (if any) is fetched once from the bundle's own files, nothing from dist/.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_DIR, REPO, watchPage } from './helpers.mjs';

// Copies the app to build/browser/<name>-src; returns that folder. `copy`: the package's files
// copied rather than linked (a dev server treats a linked package as source, not as a
// dependency to pre-bundle).
export function installApp(name, { copy = false } = {}) {
  const appRoot = join(BUILD_DIR, `${name}-src`);
  rmSync(appRoot, { recursive: true, force: true });
  cpSync(join(REPO, 'tests', 'browser', 'vite-app'), appRoot, { recursive: true });
  const pkg = join(appRoot, 'node_modules', 'onnx-reduce-wasm');
  mkdirSync(pkg, { recursive: true });
  const place = copy ? (from, to) => cpSync(from, to, { recursive: true }) : (from, to) => symlinkSync(from, to);
  place(join(REPO, 'package.json'), join(pkg, 'package.json'));
  place(join(REPO, 'dist'), join(pkg, 'dist'));
  return appRoot;
}

// The app's page loading `script` (a classic script or a module) instead of main.js.
export function appPage(appRoot, scriptTag, bundler) {
  return readFileSync(join(appRoot, 'index.html'), 'utf8')
    .replace('<script type="module" src="./main.js"></script>', scriptTag)
    .replaceAll('Vite', bundler);
}

// The app's page is cross-origin isolated, so init() with numThreads left out tries the
// threaded build first. Bundlers do not carry its files (bindings/js/index.mjs keeps them off
// their patterns), so that first import fails and the single-threaded build runs: the one
// failure expected, removed here (the failed request of onnx-reduce-wasm-mt.mjs and the
// console's line for it). Anything else stays.
export function withoutThreadedProbe(problems) {
  // (one probe per realm that loads the main entry: the page and its worker)
  let consoleLines = problems.filter((p) => p.includes('onnx-reduce-wasm-mt.mjs') && p.startsWith('HTTP 404')).length;
  return problems.filter((p) => {
    if (p.includes('onnx-reduce-wasm-mt.mjs')) return false;
    if (consoleLines > 0 && /^console error: Failed to load resource: .*404/.test(p)) { consoleLines -= 1; return false; }
    return true;
  });
}

// Opens `url` and checks the app's two results; `wasmPath` matches the one .wasm request.
// A built bundle loads nothing from the repository's dist/; a dev server (`servesPackage`)
// serves the package's own files, so there that is not checked.
export async function checkApp(browser, url, wasmPath, { servesPackage = false } = {}) {
  const page = await browser.newPage();
  page.setDefaultTimeout(15000);
  const problems = watchPage(page);
  const requests = [];
  page.on('response', (r) => requests.push({ url: r.url(), status: r.status() }));
  await page.goto(url);
  const ids = ['main', 'single', 'worker'];
  await page.waitForFunction((all) => all.every((id) => document.getElementById(id).dataset.state !== 'pending'), ids);
  for (const id of ids) {
    assert.equal(await page.textContent(`#${id}`), 'float32 [2] 6 15', `${id} entry`);
    assert.equal(await page.getAttribute(`#${id}`, 'data-state'), 'ok');
  }
  // One .wasm for the page's main entry and one for the worker's (a realm each), the same file.
  const wasm = requests.filter((r) => r.url.split('?')[0].endsWith('.wasm'));
  assert.equal(wasm.length, 2, JSON.stringify(wasm));
  for (const w of wasm) {
    assert.match(w.url, wasmPath);
    assert.equal(w.status, 200);
  }
  if (!servesPackage) assert.ok(!requests.some((r) => r.url.includes('/dist/')), 'nothing from the repository dist/');
  assert.deepEqual(withoutThreadedProbe(problems), []);
  await page.close();
}
