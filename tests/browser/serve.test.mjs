// scripts/serve.mjs: the MIME types browsers insist on, directory handling, no escape from the
// served root, and the command line (port argument, printed URL).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { REPO, requireDist, startSite } from './helpers.mjs';

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

test('the command line serves on the given port and prints the URL', async () => {
  const child = spawn(process.execPath, [join(REPO, 'scripts', 'serve.mjs'), '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    child.stdout.setEncoding('utf8');
    while (!/Demo page: (\S+)/.test(out)) {
      const [chunk] = await Promise.race([once(child.stdout, 'data'), once(child, 'exit').then(() => { throw new Error(`exited: ${out}`); })]);
      out += chunk;
    }
    const url = /Demo page: (\S+)/.exec(out)[1];
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/web\/$/);
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /onnx-reduce-wasm/);
  } finally {
    child.kill();
  }
});

test('a bad port is refused with a message', async () => {
  const child = spawn(process.execPath, [join(REPO, 'scripts', 'serve.mjs'), 'eighty'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const [code] = await once(child, 'exit');
  assert.equal(code, 2);
  assert.match(err, /bad port 'eighty'/);
});
