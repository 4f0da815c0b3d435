// See probe.html.
const params = new URLSearchParams(location.search);
const steps = JSON.parse(params.get('steps') ?? '[]');
const frame = document.getElementById('frame');
const reads = [];
const errors = [];

function waitFor(doc, selector, timeoutMs = 30000) {
  const start = performance.now();
  return new Promise((ok, fail) => {
    const poll = () => {
      const el = doc.querySelector(selector);
      if (el) return ok(el);
      if (performance.now() - start > timeoutMs) return fail(new Error(`timed out waiting for ${selector}`));
      setTimeout(poll, 50);
    };
    poll();
  });
}

async function run() {
  await new Promise((ok) => { frame.onload = ok; frame.src = params.get('src'); });
  const win = frame.contentWindow;
  win.addEventListener('error', (e) => errors.push(`page error: ${e.message}`));
  win.addEventListener('unhandledrejection', (e) => errors.push(`unhandled rejection: ${e.reason}`));
  const doc = frame.contentDocument;
  for (const step of steps) {
    if (step.wait) await waitFor(doc, step.wait);
    if (step.click) (await waitFor(doc, step.click)).click();
    if (step.read) {
      const el = await waitFor(doc, step.read);
      reads.push({ selector: step.read, text: el.textContent, data: { ...el.dataset } });
    }
  }
}

run()
  .catch((e) => errors.push(String(e?.stack ?? e)))
  .finally(() => fetch('/result', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userAgent: navigator.userAgent, reads, errors }),
  }));
