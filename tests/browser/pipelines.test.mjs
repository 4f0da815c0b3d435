// The demo page's post-processing pipelines in headless Chromium: each button builds its model
// with makeModel, loads it into the model panel with example inputs and runs it; the outputs are
// the ones computed here in Node from the same inputs with the package (so the page shows what
// the package computes), and nothing logs an error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildDir, launchBrowser, requireDist, startSite, watchPage } from './helpers.mjs';
// pipelines.js's specs (plain data; its Tensors are taken as onnxruntime-web-like inputs) built
// here by the Node entry's makeModel.
import { init, InferenceSession, makeModel, Tensor } from 'onnx-reduce-wasm';
import { PIPELINES } from '../../web/pipelines.js';

requireDist();
buildDir();

let site;
let browser;
let page;
let problems;

before(async () => {
  await init();
  site = await startSite();
  browser = await launchBrowser();
  page = await browser.newPage();
  page.setDefaultTimeout(10000);
  problems = watchPage(page);
  await page.goto(`${site.url}web/`);
  await page.waitForSelector('#status[data-ready="true"]', { timeout: 20000 });
});

after(async () => {
  await browser?.close();
  await site?.close();
});

// The pipeline's outputs computed in Node: { name: { type, dims, values } }.
async function expected(p) {
  const session = await InferenceSession.create(makeModel(p.spec()));
  const feeds = {};
  for (const input of session.inputMetadata) {
    const given = p.inputs[input.name];
    const dims = given.dims.split(',').map(Number);
    const values = given.values.trim().split(/\s+/).map(Number);
    feeds[input.name] = new Tensor(input.type, input.type === 'int64' ? values.map(BigInt) : values, dims);
  }
  const out = session.runSync(feeds);
  await session.release();
  return Object.fromEntries(Object.entries(out).map(([k, t]) => [k, { type: t.type, dims: [...t.dims], values: Array.from(t.data, Number) }]));
}

test('page: the pipelines are listed under the model panel', async () => {
  const ids = await page.$$eval('button[data-pipeline]', (bs) => bs.map((b) => b.dataset.pipeline));
  assert.deepEqual(ids, ['classifier', 'embedding']);
  assert.match(await page.textContent('header p'), /Softmax.*TopK.*LpNormalization/s);
});

for (const p of PIPELINES) {
  test(`page: the ${p.id} pipeline builds, loads and runs, with the package's outputs`, async () => {
    await page.click(`button[data-pipeline="${p.id}"]`);
    await page.waitForFunction((id) => document.getElementById('model').dataset.pipeline === id
      && document.getElementById('model-result').dataset.state === 'ok', p.id);
    const want = await expected(p);
    const shown = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#model-result .model-output')].map((o) => [
      o.dataset.output, { head: o.querySelector('h4').textContent, values: o.querySelector('.values').dataset.values }])));
    assert.deepEqual(Object.keys(shown).sort(), Object.keys(want).sort());
    for (const [name, w] of Object.entries(want)) {
      assert.ok(shown[name].head.startsWith(`${name} ${w.type}`), `${name}: ${shown[name].head}`);
      const got = shown[name].values.split(/[\s,]+/).filter(Boolean).map(Number);
      assert.equal(got.length, w.values.length, `${name}: ${shown[name].values}`);
      got.forEach((v, i) => assert.ok(Math.abs(v - w.values[i]) <= 1e-4 * Math.max(1, Math.abs(w.values[i])), `${name}[${i}]: ${v} vs ${w.values[i]}`));
    }
    assert.deepEqual(problems.splice(0), [], 'console errors, page errors or failed requests');
  });
}
