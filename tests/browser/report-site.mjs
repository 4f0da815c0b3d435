// Pages that report by themselves: the repository served as by scripts/serve.mjs, plus
// POST /result, where a test page sends its JSON report. Browsers Playwright cannot drive
// (Debian's firefox-esr) run such pages as a plain detached process.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, requireDist, startSite } from './helpers.mjs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// Starts the site (options: as startSite's, e.g. { isolated: false }); resolves to
// { url, nextReport(timeoutMs) -> Promise<report>, close() }.
export async function startReportSite(options = {}) {
  const site = await startSite(options);
  const waiting = [];
  const server = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/result') {
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(204).end();
      waiting.shift()?.(JSON.parse(body));
      return;
    }
    // Everything else: the static site (same headers, same bytes).
    const upstream = await fetch(new URL(req.url, site.url), { method: req.method, redirect: 'manual' });
    res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    nextReport(timeoutMs = 60000) {
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`no report within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((r) => { clearTimeout(timer); ok(r); });
      });
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise((done) => server.close(done));
      await site.close();
    },
  };
}

// Opens url in headless Firefox ESR and resolves to the page's report.
export async function reportFromFirefox(site, url) {
  if (!existsSync(FIREFOX)) throw new Error(`no Firefox at ${FIREFOX}: apt-get install -y firefox-esr (scripts/setup.sh does)`);
  const profile = mkdtempSync(join(tmpdir(), 'orw-firefox-'));
  const report = site.nextReport(120000);
  const child = spawn(FIREFOX, ['--headless', '--no-remote', '--profile', profile, url], { detached: true, stdio: 'ignore' });
  try {
    return await report;
  } finally {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    await new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', done)));
    rmSync(profile, { recursive: true, force: true });
  }
}

// Opens url in headless Chromium (Playwright) and resolves to the page's report.
export async function reportFromChromium(site, url) {
  const browser = await launchBrowser();
  try {
    const report = site.nextReport(60000);
    const page = await browser.newPage();
    await page.goto(url);
    return await report;
  } finally {
    await browser.close();
  }
}

// The URL of pages/probe.html loading `src` (a path on the site) and following `steps`.
export function probeUrl(base, src, steps) {
  return `${base}tests/browser/pages/probe.html?src=${encodeURIComponent(src)}&steps=${encodeURIComponent(JSON.stringify(steps))}`;
}

// The tests of a page that runs its own checks and reports { userAgent, checks: [{ name, ok,
// detail }] }: one in headless Chromium and one in Firefox ESR, each asserting that every
// check passed and that all `expectedChecks` of them ran.
export function testPageInBrowsers(page, expectedChecks, what) {
  requireDist();
  let site;
  before(async () => { site = await startReportSite(); });
  after(async () => { await site?.close(); });
  const browsers = [['Chromium', reportFromChromium, /Chrome/], ['Firefox ESR', reportFromFirefox, /Firefox/]];
  for (const [browser, reportFrom, agent] of browsers) {
    test(`${browser}: ${what}`, async () => {
      const report = await reportFrom(site, `${site.url}${page}`);
      assert.match(report.userAgent, agent);
      const failed = report.checks.filter((c) => !c.ok);
      assert.deepEqual(failed, [], `${browser} (${report.userAgent})`);
      assert.equal(report.checks.length, expectedChecks, `${browser}: every check ran`);
    });
  }
}
