// The test app of tests/browser/vite-app (the package by name: the main entry, whose .wasm a
// bundler must carry, the single-file entry, and the main entry in a Worker), for the bundler
// tests: copied into build/browser/<name>-src with the packed package (npm pack) installed as
// npm lays it out, and checked in a page: every entry computes ReduceSum, the .wasm (if any)
// is fetched from the bundle's own files, once per realm, nothing from dist/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { BUILD_DIR, REPO, launchBrowser, requireDist, startSite, watchPage } from './helpers.mjs';

// The package as npm publishes it: `npm pack` of the repository, unpacked once per process
// into a folder of its own under build/browser (test files run in parallel processes), removed
// when the process exits (what `npm install` puts in node_modules).
let packed = null;
function packedPackage() {
  if (packed) return packed;
  mkdirSync(BUILD_DIR, { recursive: true });
  const dir = mkdtempSync(join(BUILD_DIR, 'packed-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [{ filename }] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], REPO));
  run('tar', ['-xzf', filename], dir);
  packed = join(dir, 'package');
  return packed;
}

// Copies the app to build/browser/<name>-src with the packed package installed in its
// node_modules; returns that folder. `copy`: the package's files copied rather than linked (a
// dev server treats a linked package as source, not as a dependency to pre-bundle).
export function installApp(name, { copy = false } = {}) {
  const appRoot = join(BUILD_DIR, `${name}-src`);
  rmSync(appRoot, { recursive: true, force: true });
  cpSync(join(REPO, 'tests', 'browser', 'vite-app'), appRoot, { recursive: true });
  const pkg = join(appRoot, 'node_modules', 'onnx-reduce-wasm');
  mkdirSync(join(appRoot, 'node_modules'), { recursive: true });
  if (copy) cpSync(packedPackage(), pkg, { recursive: true });
  else symlinkSync(packedPackage(), pkg, 'dir');
  return appRoot;
}

// The suite of a bundler test: before its tests, the app installed as `name` and built by
// build(appRoot, outDir) into build/browser/<name>-app (emptied first), then the site and a
// browser started; after them, both closed. Returns { outDir, site, browser, url } (the last
// three set once the build is done; url: the built app's page).
export function builtAppSuite(name, build) {
  requireDist();
  const suite = { outDir: join(BUILD_DIR, `${name}-app`), site: null, browser: null, url: null };
  before(async () => {
    const appRoot = installApp(name);
    rmSync(suite.outDir, { recursive: true, force: true });
    await build(appRoot, suite.outDir);
    suite.site = await startSite();
    suite.browser = await launchBrowser();
    suite.url = `${suite.site.url}build/browser/${name}-app/index.html`;
  });
  after(async () => {
    await suite.browser?.close();
    await suite.site?.close();
  });
  return suite;
}

// The app's page loading `script` (a classic script or a module) instead of main.js.
export function appPage(appRoot, scriptTag, bundler) {
  return readFileSync(join(appRoot, 'index.html'), 'utf8')
    .replace('<script type="module" src="./main.js"></script>', scriptTag)
    .replaceAll('Vite', bundler);
}

// Bundlers do not carry the threaded build's files (bindings/js/index.mjs keeps them off their
// patterns): an init() that asked for threads in the app's cross-origin isolated page would
// fail to import onnx-reduce-wasm-mt.mjs, the one failure expected, removed here (the failed
// request and the console's line for it). Anything else stays. (init() with numThreads left
// out loads the single-threaded build and requests nothing of the threaded one.)
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
