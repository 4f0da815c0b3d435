// Wasm tensors (Tensor.allocate, outputs kept in wasm memory, preallocated outputs, memory
// growth while tensors are alive, use after dispose, posting to a Worker) in headless Chromium
// and Firefox ESR:
// tests/browser/pages/zero-copy.html runs the checks and posts its report.
import { testPageInBrowsers } from './report-site.mjs';

testPageInBrowsers('tests/browser/pages/zero-copy.html', 7, 'wasm tensors, chaining, preallocated outputs, memory growth, dispose, postMessage');
