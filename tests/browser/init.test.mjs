// init() of the browser entry in headless Chromium and Firefox ESR (tests/browser/pages/init.html
// runs the checks and posts its report): a missing .wasm and bytes that are not wasm reject
// with errors that say so (the URL and HTTP status; the CompileError, from the byte path and
// the streaming path), init() stays retryable, and a .wasm sent with another MIME type loads.
import { testPageInBrowsers } from './report-site.mjs';

testPageInBrowsers('tests/browser/pages/init.html', 5, 'init() failures reject with what went wrong, and a later init() loads');
