// The speed panel: one op on a random float32 tensor of growing size, run by the package on a
// wasm-resident tensor (Tensor.allocate, a preallocated output: no copies) with one thread and
// with N, and by a plain JS loop over a TypedArray; a table of ms and GB/s per size and a plot
// of time against size (both log scales).
//
// A page loads one build of the package, so each thread count runs in its own module Worker
// (web/speed-worker.js), started for the measurement and terminated after it. The workers are
// asked in turn, size by size, never at once: running together they would share the cores and
// each would time the other's load.
import { logLogChart } from './plot.js';
import { $, h } from './ui.js';

// The panel's comparison: 1 thread against min(4, cores) (what onnxruntime-web's default takes).
const PANEL_MAX_THREADS = 4;

// The thread count of the N-thread series, or 1 and why there is none.
export function threadPlan() {
  if (!globalThis.crossOriginIsolated) {
    return { threads: 1, why: 'This page is not cross-origin isolated: threads cannot run here, so only the 1-thread series is shown.' };
  }
  const threads = Math.min(PANEL_MAX_THREADS, navigator.hardwareConcurrency || 1);
  if (threads < 2) return { threads: 1, why: 'This browser reports one core: there is no series with more threads.' };
  return { threads };
}

const threadsLabel = (n) => `${n} thread${n === 1 ? '' : 's'}`;

// How many SpeedWorkers are started and not yet terminated (#speed-result's data-open-workers
// after a run: every run terminates all it started, whether it succeeded or failed).
let openWorkers = 0;

// One Worker of the measurement; ask() sends a request and resolves with its one answer.
class SpeedWorker {
  constructor() {
    this.pending = null;
    this.open = true;
    ++openWorkers;
    this.worker = new Worker(new URL('./speed-worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = ({ data }) => {
      if (data.type !== 'error') this.settle(null, data);
      else this.settle(Object.assign(new Error(data.message), { name: data.name }));
    };
    // A worker whose script does not load or throws outside a request: no message would come.
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.settle(new Error(event.message || 'the speed worker (web/speed-worker.js) did not load'));
    };
  }

  ask(request) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(request);
    });
  }

  settle(error, data) {
    const p = this.pending;
    this.pending = null;
    if (p) (error ? p.reject(error) : p.resolve(data));
  }

  // The package has no call that unloads its module; terminating the worker frees its memory
  // and ends its pthread workers (nested in it) too.
  close() {
    this.worker.terminate();
    if (this.open) --openWorkers;
    this.open = false;
    this.settle(new Error('the speed worker was closed'));
  }
}

// Runs the sizes 4 Ki, 16 Ki, ... up to maxElements; show(rows, setup) after each. A row:
// { n, one, many?, js, same } (ms per run, same: both package series agree with the JS loop).
async function measure(opName, maxElements, plan, show) {
  const one = new SpeedWorker();
  let many = plan.threads > 1 ? new SpeedWorker() : null;
  try {
    // Starting both at once is fair: nothing is timed until both are ready. When one fails, the
    // other is let finish first: Chromium may not end a worker terminated while it compiles
    // the .wasm (it lingered until the browser closed).
    const started = await Promise.allSettled([
      one.ask({ type: 'init', numThreads: 1, op: opName }),
      many?.ask({ type: 'init', numThreads: plan.threads, op: opName }),
    ]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [a, b] = started.map((s) => s.value);
    const setup = { one: a.info, many: b?.info ?? null, why: plan.why };
    if (setup.many && setup.many.build !== 'threaded') {
      // init() loaded the single-threaded build after all; its runtimeInfo() says why.
      setup.why = `${threadsLabel(plan.threads)} did not start: ${setup.many.reason ?? 'the single-threaded build was loaded'}.`;
      setup.many = null;
      many.close();
      many = null;
    }
    const rows = [];
    show(rows, setup);
    for (let n = 4096; n <= maxElements; n *= 4) {
      const r1 = await one.ask({ type: 'measure', n, js: true });
      const rN = many ? await many.ask({ type: 'measure', n }) : null;
      rows.push({ n, one: r1.ms, js: r1.js, many: rN?.ms, same: r1.same && (rN?.same ?? true) });
      show(rows, setup);
    }
    return { rows, setup };
  } finally {
    one.close();
    many?.close();
  }
}

// What the series are and which build each ran, from the workers' runtimeInfo().
function describe({ one, many }) {
  const series = (info) => `${threadsLabel(info.numThreads)} (${info.build} build)`;
  if (!many) return `${series(one)} in a Worker, and a plain JavaScript loop.`;
  return `${series(one)} beside ${series(many)}, each in its own Worker, taking turns at each size; and a plain JavaScript loop.`;
}

const ms = (v) => v.toFixed(3);
const gbps = (n, t) => ((n * 4) / t / 1e6).toFixed(2);
const times = (a, b) => `${(a / b).toFixed(1)}×`;

function render(rows, setup, opName) {
  const N = setup.many?.numThreads;
  // The speed-up headings are terse; their titles say what they mean.
  const faster = (a, b) => ({ text: `${a} over ${b}`, title: `times faster with ${threadsLabel(a)} than ${b === 'JS' ? 'the plain JS loop' : `with ${b}`}` });
  const heads = (N
    ? ['elements', '1 thread ms', 'GB/s', `${threadsLabel(N)} ms`, 'GB/s', 'plain JS ms', faster(N, 1), faster(N, 'JS')]
    : ['elements', '1 thread ms', 'GB/s', 'plain JS ms', faster(1, 'JS')]).map((t) => (typeof t === 'string' ? { text: t } : t));
  const cells = (r) => (N
    ? [r.n.toLocaleString('en'), ms(r.one), gbps(r.n, r.one), ms(r.many), gbps(r.n, r.many), ms(r.js), times(r.one, r.many), times(r.js, r.many)]
    : [r.n.toLocaleString('en'), ms(r.one), gbps(r.n, r.one), ms(r.js), times(r.js, r.one)]);
  const table = h('table', { class: 'speed-table' },
    h('thead', {}, h('tr', {}, ...heads.map((t) => h('th', { scope: 'col', ...t })))),
    h('tbody', {}, ...rows.map((r) => h('tr', { 'data-same': String(r.same) }, ...cells(r).map((t) => h('td', { text: t }))))));
  const series = [{ name: '1 thread', points: rows.map((r) => [r.n, r.one]), cls: 'input' }];
  if (N) series.push({ name: threadsLabel(N), points: rows.map((r) => [r.n, r.many]), cls: 'threads' });
  series.push({ name: 'plain JS', points: rows.map((r) => [r.n, r.js]), cls: 'output' });
  const chart = logLogChart(series, {
    title: `${opName}: time per run against input size`, xTitle: 'input size (elements)', yTitle: 'time per run (ms, log scale)', yUnit: 'ms',
  });
  return [h('p', { class: 'hint speed-series', text: describe(setup) }), table, chart];
}

// Wires the panel's controls (#speed-op, #speed-max, #speed-run) to #speed-result, and says in
// #speed-plan which thread counts will be compared.
export function setupSpeedPanel() {
  const run = $('speed-run');
  const result = $('speed-result');
  const plan = threadPlan();
  const planText = (why) => why ?? `Compares 1 thread with ${plan.threads} (init({ numThreads: ${plan.threads} }): min(4, cores) here).`;
  $('speed-plan').textContent = planText(plan.why);
  run.disabled = false;
  run.addEventListener('click', async () => {
    const opName = $('speed-op').value;
    const max = Number($('speed-max').value);
    run.disabled = true;
    result.dataset.state = 'running';
    try {
      const { rows, setup } = await measure(opName, max, plan, (partial, setup) => {
        result.dataset.threads = String(setup.many?.numThreads ?? 1);
        $('speed-plan').textContent = planText(setup.why);  // the workers may know better than the plan
        result.replaceChildren(...render(partial, setup, opName));
      });
      result.dataset.rows = String(rows.length);
      result.dataset.same = String(rows.every((r) => r.same));
      result.dataset.openWorkers = String(openWorkers);
      result.dataset.state = 'done';
    } catch (e) {
      result.replaceChildren(h('p', { class: 'error shown', text: `${e.name}: ${e.message}` }));
      result.dataset.openWorkers = String(openWorkers);
      result.dataset.state = 'error';
    } finally {
      run.disabled = false;
    }
  });
}
