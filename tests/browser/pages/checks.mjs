// What the report pages share: checks recorded by name with their outcome, and the report
// POSTed as JSON { userAgent, ...fields, checks: [{ name, ok, detail }] } to /result on the
// test's own server (tests/browser/report-site.mjs), which the test asserts on.
export const checks = [];

// Runs f (sync or async) as the check `name`: ok with what it returns, or failed with its error.
export async function check(name, f) {
  try {
    const detail = await f();
    checks.push({ name, ok: true, detail: detail ?? '' });
  } catch (e) {
    checks.push({ name, ok: false, detail: String(e?.stack ?? e) });
  }
}

export function expect(cond, what) { if (!cond) throw new Error(what); }

export function postReport(fields = {}) {
  return fetch('/result', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userAgent: navigator.userAgent, ...fields, checks }),
  });
}
