#!/usr/bin/env node
// A small static file server for the demo page (web/) and the built package (dist/): serves
// the repository root on 127.0.0.1 with the MIME types browsers insist on (.mjs/.js as
// JavaScript, .wasm as application/wasm for streaming compilation).
//
// Every response is cross-origin isolated by default (Cross-Origin-Opener-Policy: same-origin,
// Cross-Origin-Embedder-Policy: require-corp): browsers give a page SharedArrayBuffer, which a
// threaded WebAssembly build needs, only when `self.crossOriginIsolated` is true. The price:
// such a page may load nothing cross-origin that does not opt in (CORP or CORS); the demo
// loads nothing cross-origin (its CSP allows only 'self'). `--no-isolation` serves without
// the two headers, as a plain static host would.
//
//   node scripts/serve.mjs [--no-isolation] [port]
//       port: the argument, else $PORT, else 8080 (0: any free port)
//   npm start -- --no-isolation        the same flag through npm start
//
// Also used by the browser tests: `import { startServer } from '../../scripts/serve.mjs'`,
// `startServer({ isolated: false })` for a server without the isolation headers.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MIME_TYPES = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.pb': 'application/octet-stream',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
});

// What makes a page cross-origin isolated (a worker too: its script response carries them).
export const ISOLATION_HEADERS = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
});

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function send(res, status, text, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

// Resolves a URL path inside root; null when it would leave root.
function fileFor(root, urlPath) {
  let decoded;
  try { decoded = decodeURIComponent(urlPath); } catch { return null; }
  if (decoded.includes('\0')) return null;
  const full = resolve(join(root, normalize(decoded)));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

async function handle(root, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/') return send(res, 302, 'see /web/\n', { Location: '/web/' });
  let file = fileFor(root, url.pathname);
  if (!file) return send(res, 403, 'forbidden\n');
  let info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    // Relative imports in web/index.html need the trailing slash.
    if (!url.pathname.endsWith('/')) return send(res, 301, 'moved\n', { Location: `${url.pathname}/${url.search}` });
    file = join(file, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile()) return send(res, 404, `not found: ${url.pathname}\n`);
  res.writeHead(200, {
    'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

// Starts serving root (default: the repository root) on host:port (port 0 = a free port), with
// ISOLATION_HEADERS on every response unless isolated is false. Resolves to { server, url,
// isolated, close() }.
export function startServer({ root = repoRoot, host = '127.0.0.1', port = 0, isolated = true } = {}) {
  const absRoot = resolve(root);
  const server = createServer((req, res) => {
    // Set before any writeHead, so errors and redirects carry them as well as files.
    if (isolated) for (const [name, value] of Object.entries(ISOLATION_HEADERS)) res.setHeader(name, value);
    handle(absRoot, req, res).catch((e) => { if (!res.headersSent) send(res, 500, `${e.message}\n`); else res.destroy(); });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      const url = `http://${host}:${actual}/`;
      ok({
        server,
        url,
        isolated,
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const isolated = !args.includes('--no-isolation');
  const rest = args.filter((a) => a !== '--no-isolation');
  const unknown = rest.find((a) => a.startsWith('--'));
  if (unknown || rest.length > 1) {
    console.error(`serve.mjs: unexpected argument '${unknown ?? rest[1]}' (usage: serve.mjs [--no-isolation] [port])`);
    process.exit(2);
  }
  const arg = rest[0] ?? process.env.PORT ?? '8080';
  const port = Number(arg);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve.mjs: bad port '${arg}' (expected 0..65535)`);
    process.exit(2);
  }
  startServer({ port, isolated }).then(
    ({ url }) => {
      console.log(`Serving ${resolve(repoRoot)} at ${url}`);
      console.log(isolated
        ? 'Cross-origin isolated (COOP same-origin, COEP require-corp): pages get SharedArrayBuffer.'
        : 'Not cross-origin isolated (--no-isolation): pages get no SharedArrayBuffer.');
      console.log(`Demo page: ${url}web/`);
      console.log('Press Ctrl+C to stop.');
    },
    (e) => {
      console.error(`serve.mjs: cannot listen on 127.0.0.1:${port}: ${e.message}`);
      process.exit(1);
    },
  );
}
