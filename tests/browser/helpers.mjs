// Shared by the browser tests: the repository's static server on an ephemeral port, Debian's
// Chromium through playwright-core (never a downloaded browser), and a watch on everything a
// page reports that should not happen (console errors, page errors, failed requests, HTTP errors).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const BUILD_DIR = join(REPO, 'build', 'browser');
export { BACKEND_DIR as BACKEND_TESTS } from '../js/helpers/backend-tests.mjs';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags that work on these machines: no sandbox as root, no GPU, and no background
// networking (the network is closed; Chromium would otherwise keep trying to reach Google).
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function requireDist() {
  if (!existsSync(join(REPO, 'dist', 'index.mjs')) || !existsSync(join(REPO, 'dist', 'onnx-reduce-wasm.wasm'))) {
    throw new Error('dist/ is not built: run `npm run build` (or `ORW_SKIP_NATIVE=1 bash scripts/build.sh`) first');
  }
}

export function buildDir(...parts) {
  const dir = join(BUILD_DIR, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

// A fresh Chromium with a fresh, empty profile (removed on close).
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (scripts/setup.sh does)`);
  const profile = mkdtempSync(join(tmpdir(), 'orw-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Serves the repository root on 127.0.0.1 at a free port (cross-origin isolated unless
// options.isolated is false).
export function startSite(options = {}) {
  return startServer({ root: REPO, port: 0, ...options });
}

// Collects what a page reports that a clean run never does; returns the live list.
export function watchPage(page) {
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  return problems;
}
