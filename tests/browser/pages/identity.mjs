// The thread-identity battery in a browser page: init({ numThreads }) from ?threads=N, every
// family's outputs hashed (tests/js/helpers/digest-battery.mjs, the same cases Node runs), the
// hashes posted to the test (tests/browser/identity.test.mjs), which compares thread counts,
// browsers and Node.
import * as api from '../../../dist/index.mjs';
import { digestBattery } from '../../js/helpers/digest-battery.mjs';
import { check, postReport } from './checks.mjs';

const threads = Number(new URLSearchParams(location.search).get('threads') ?? 1);
let result = { numThreads: 0, digests: {} };
await check(`the battery on init({ numThreads: ${threads} })`, async () => {
  await api.init({ numThreads: threads });
  result = digestBattery(api);
  return `${Object.keys(result.digests).length} cases on ${result.numThreads} thread(s), ${api.runtimeInfo().build} build`;
});
document.getElementById('out').textContent = JSON.stringify(result.numThreads);
await postReport({ crossOriginIsolated: self.crossOriginIsolated, build: api.runtimeInfo?.().build, ...result });
