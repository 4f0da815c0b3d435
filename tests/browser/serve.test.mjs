// scripts/serve.mjs: the MIME types browsers insist on, directory handling, no escape from the
// served root, cross-origin isolation (on by default, off on request; what Chromium makes of
// it), and the command line (port argument, --no-isolation, printed URL).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { REPO, launchBrowser, requireDist, startSite, watchPage } from './helpers.mjs';

requireDist();
let site;
before(async () => { site = await startSite(); });
after(async () => { await site?.close(); });

const get = (path, init) => fetch(new URL(path, site.url), { redirect: 'manual', ...init });

test('MIME types for the page and the package', async () => {
  const want = {
    'web/': 'text/html',
    'web/app.js': 'text/javascript',
    'web/style.css': 'text/css',
    'web/favicon.svg': 'image/svg+xml',
    'dist/index.mjs': 'text/javascript',
    'dist/onnx-reduce-wasm.wasm': 'application/wasm',
  };
  for (const [path, type] of Object.entries(want)) {
    const res = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('content-type').split(';')[0], type, path);
    await res.arrayBuffer();
  }
  const wasm = new Uint8Array(await (await get('dist/onnx-reduce-wasm.wasm')).arrayBuffer());
  assert.deepEqual([...wasm.subarray(0, 4)], [0, 0x61, 0x73, 0x6d], 'wasm magic');
  const head = await get('dist/index.mjs', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.ok(Number(head.headers.get('content-length')) > 0);
});

test('redirects, missing files and paths outside the root', async () => {
  let res = await get('/');
  assert.equal(res.status, 302);
  assert.equal(res.headers.get('location'), '/web/');
  res = await get('/web');
  assert.equal(res.status, 301, 'a directory without its slash would break relative imports');
  assert.equal(res.headers.get('location'), '/web/');
  assert.equal((await get('/web/nope.js')).status, 404);
  for (const path of ['/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/web/%00']) {
    const status = (await get(path)).status;
    assert.ok(status === 403 || status === 404, `${path}: ${status}`);
  }
  assert.equal((await get('/web/', { method: 'POST' })).status, 405);
});

// Starts the command line with args; resolves to { child, out, url } once it prints the page URL.
async function startCli(args) {
  const child = spawn(process.execPath, [join(REPO, 'scripts', 'serve.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  try {
    while (!/Demo page: (\S+)/.test(out)) {
      const [chunk] = await Promise.race([once(child.stdout, 'data'), once(child, 'exit').then(() => { throw new Error(`exited: ${out}`); })]);
      out += chunk;
    }
  } catch (e) {
    child.kill();
    throw e;
  }
  return { child, out, url: /Demo page: (\S+)/.exec(out)[1] };
}

const ISOLATION = [['cross-origin-opener-policy', 'same-origin'], ['cross-origin-embedder-policy', 'require-corp']];

test('every response carries COOP same-origin and COEP require-corp: files, redirects and errors', async () => {
  for (const path of ['web/', 'web/app.js', 'dist/onnx-reduce-wasm.wasm', '/', '/web', '/web/nope.js']) {
    const res = await get(path);
    await res.arrayBuffer();
    for (const [name, value] of ISOLATION) assert.equal(res.headers.get(name), value, `${path}: ${name}`);
  }
});

test('Chromium: the demo page is cross-origin isolated, and served with isolation off it is not', async () => {
  const plain = await startSite({ isolated: false });
  const browser = await launchBrowser();
  try {
    for (const path of ['web/', 'dist/index.mjs', '/web/nope.js']) {
      const res = await fetch(new URL(path, plain.url), { redirect: 'manual' });
      await res.arrayBuffer();
      for (const [name] of ISOLATION) assert.equal(res.headers.get(name), null, `${path}: ${name}`);
    }
    for (const [server, isolated] of [[site, true], [plain, false]]) {
      const page = await browser.newPage();
      const problems = watchPage(page);
      await page.goto(`${server.url}web/`);
      // The page still loads everything it needs (COEP would block anything cross-origin).
      await page.waitForSelector('#status[data-ready="true"]', { timeout: 20000 });
      const seen = await page.evaluate(() => ({ isolated: self.crossOriginIsolated, sab: typeof SharedArrayBuffer }));
      assert.deepEqual(seen, { isolated, sab: isolated ? 'function' : 'undefined' }, `isolated: ${isolated}`);
      assert.deepEqual(problems, [], `isolated: ${isolated}`);
      await page.close();
    }
  } finally {
    await browser.close();
    await plain.close();
  }
});

test('the command line serves on the given port, isolated, and prints the URL', async () => {
  const { child, out, url } = await startCli(['0']);
  try {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/web\/$/);
    assert.match(out, /Cross-origin isolated/);
    const res = await fetch(url);
    assert.equal(res.status, 200);
    for (const [name, value] of ISOLATION) assert.equal(res.headers.get(name), value, name);
    assert.match(await res.text(), /onnx-reduce-wasm/);
  } finally {
    child.kill();
  }
});

test('the command line with --no-isolation serves without COOP and COEP, and says so', async () => {
  const { child, out, url } = await startCli(['--no-isolation', '0']);
  try {
    assert.match(out, /Not cross-origin isolated/);
    const res = await fetch(url);
    assert.equal(res.status, 200);
    for (const [name] of ISOLATION) assert.equal(res.headers.get(name), null, name);
    await res.arrayBuffer();
  } finally {
    child.kill();
  }
});

test('a bad port or an unknown option is refused with a message', async () => {
  for (const [args, message] of [[['eighty'], /bad port 'eighty'/], [['--isolation', '0'], /unexpected argument '--isolation'/]]) {
    const child = spawn(process.execPath, [join(REPO, 'scripts', 'serve.mjs'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    const [code] = await once(child, 'exit');
    assert.equal(code, 2, args.join(' '));
    assert.match(err, message);
  }
});
