// The package under Vite's dev server (`vite dev`), installed as a copy (a linked package
// would be served as source, never pre-bundled): with no settings, and with the
// optimizeDeps.exclude that older Vite versions needed (docs/api.md). The app of
// tests/browser/vite-app served by Vite itself and run in Chromium.
import { after, before, test } from 'node:test';
import { launchBrowser, requireDist } from './helpers.mjs';
import { checkApp, installApp } from './bundled-app.mjs';

requireDist();

let appRoot;
let browser;

before(async () => {
  appRoot = installApp('vite-dev', { copy: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

for (const [what, optimizeDeps] of [['no settings', {}], ["optimizeDeps.exclude: ['onnx-reduce-wasm']", { exclude: ['onnx-reduce-wasm'] }]]) {
  test(`the app runs under the Vite dev server in Chromium (${what}), through both entries and in a Worker`, async () => {
    const { createServer } = await import('vite');
    const server = await createServer({
      root: appRoot, configFile: false, logLevel: 'silent', optimizeDeps,
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    try {
      await server.listen();
      await checkApp(browser, `${server.resolvedUrls.local[0]}index.html`, /onnx-reduce-wasm\.wasm$/, { servesPackage: true });
    } finally {
      await server.close();
    }
  });
}
