// The browser examples (examples/browser/index.html, and examples/worker/ with its module
// Worker) and every HTML code block of README.md and docs/*.md, in headless Chromium: each page
// must log exactly the lines its `// → ...` comments show, with no error, warning or failed
// request. Pages import the package as a user's page does, from
// /node_modules/onnx-reduce-wasm/dist/...; the test's server maps that prefix to this
// repository (its dist/), and serves everything else as scripts/serve.mjs does (and /favicon.ico as
// 204, which browsers ask for on their own).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, REPO, requireDist, startSite, watchPage } from './helpers.mjs';
import { codeBlocks, docFiles, expectedOutput, isRunnableHtml } from '../js/helpers/doc-blocks.mjs';

requireDist();
const PACKAGE_PREFIX = '/node_modules/onnx-reduce-wasm/';

let site, server, base, browser;
before(async () => {
  site = await startSite();
  server = createServer(async (req, res) => {
    if (req.url === '/favicon.ico') return res.writeHead(204).end();   // the browser asks; not the pages' concern
    const path = req.url.startsWith(PACKAGE_PREFIX) ? `/${req.url.slice(PACKAGE_PREFIX.length)}` : req.url;
    const upstream = await fetch(new URL(path, site.url), { method: req.method, redirect: 'manual' });
    res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.closeAllConnections?.();
  await new Promise((done) => (server ? server.close(done) : done()));
  await site?.close();
});

// Opens a page and collects its console.log lines until it has logged as many as expected
// (or, for a page that reports its state, until body[data-status] is set), then checks them.
async function checkPage(path, expected, what) {
  assert.ok(expected.length > 0, `${what} shows no output (no // → comment): nothing would be checked`);
  const page = await browser.newPage();
  const problems = watchPage(page);
  const logged = [];
  page.on('console', (m) => { if (m.type() === 'log') logged.push(m.text()); });
  try {
    await page.goto(`${base}${path}`);
    const deadline = Date.now() + 60000;
    while (logged.length < expected.length && problems.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const status = await page.evaluate(() => document.body.dataset.status ?? null);
    assert.deepEqual(problems, [], `${what}: the page reported problems`);
    assert.deepEqual(logged, expected, `${what}: console output differs from its // → comments`);
    if (status !== null) assert.equal(status, 'done', `${what}: body[data-status]`);
    return page;
  } finally {
    await page.close();
  }
}

const source = (p) => readFileSync(join(REPO, p), 'utf8');

test('examples/browser/index.html logs what it shows', async () => {
  await checkPage('examples/browser/index.html', expectedOutput(source('examples/browser/index.html')), 'examples/browser/index.html');
});

test('examples/worker/index.html (module Worker) logs what it shows', async () => {
  await checkPage('examples/worker/index.html', expectedOutput(source('examples/worker/index.html')), 'examples/worker/index.html');
});

// HTML blocks of the docs, each written to build/docs-pages/ and served from there.
const pages = join(REPO, 'build', 'docs-pages');
for (const b of docFiles().flatMap(codeBlocks).filter(isRunnableHtml)) {
  test(`${b.file}:${b.line} (html block) logs what it shows`, async () => {
    mkdirSync(pages, { recursive: true });
    const name = `${b.file.replace(/[/.]/g, '_')}-${b.line}.html`;
    writeFileSync(join(pages, name), b.code);
    await checkPage(`build/docs-pages/${name}`, expectedOutput(b.code), `${b.file}:${b.line}`);
  });
}
