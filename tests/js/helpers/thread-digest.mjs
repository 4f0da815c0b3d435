// Run in a child process (ORW_NUM_THREADS set by the parent): the thread-identity battery
// (digest-battery.mjs) on the Node entry, printed as one line of JSON.
import * as api from '../../../dist/index.node.mjs';
import { digestBattery } from './digest-battery.mjs';

await api.init();
console.log(JSON.stringify(digestBattery(api)));
