// The demo page (web/) in headless Chromium: built-in examples give their expected values, errors
// appear next to the control that caused them, the controls follow the opset, the page's table
// of op versions agrees with the package, an .onnx file loads through the file input (and by
// drag and drop) with its inferred shapes, the page fits a phone, and nothing logs an error.
// Screenshots: build/browser/demo.png (desktop) and build/browser/demo-phone.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BACKEND_TESTS, REPO, buildDir, launchBrowser, requireDist, startSite, watchPage } from './helpers.mjs';

requireDist();
const shots = buildDir();

let site;
let browser;
let page;
let problems;

before(async () => {
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

// Nothing the page reported since the last check.
function assertClean() {
  assert.deepEqual(problems.splice(0), [], 'console errors, page errors or failed requests');
}

// What the output panel shows after the last run.
async function shownResult() {
  return page.evaluate(() => {
    const values = document.getElementById('out-values');
    const cells = [...values.querySelectorAll('table.tensor')].map((t) => [...t.rows].map((r) => [...r.cells].map((c) => c.textContent)));
    return {
      state: document.getElementById('result').dataset.state,
      example: document.getElementById('result').dataset.example,
      summary: document.getElementById('out-summary').textContent,
      inferred: document.getElementById('out-inferred').textContent,
      time: document.getElementById('out-time').textContent,
      values: values.dataset.values,
      dims: JSON.parse(values.dataset.dims ?? 'null'),
      tables: cells,
      noValuesNote: values.textContent,
    };
  });
}

async function runExample(id) {
  await page.click(`button[data-example="${id}"]`);
  await page.waitForFunction((x) => document.getElementById('result').dataset.example === x, id);
  return shownResult();
}

test('examples: CumProd [1, 2, 3] with each exclusive/reverse combination', async () => {
  const expected = { '00': '1 2 6', '10': '1 1 2', '01': '6 6 3', '11': '6 3 1' };
  for (const [flags, values] of Object.entries(expected)) {
    const r = await runExample(`cumprod-${flags}`);
    assert.equal(r.state, 'ok', flags);
    assert.equal(r.values, values, `CumProd exclusive=${flags[0]} reverse=${flags[1]}`);
    assert.deepEqual(r.dims, [3]);
    assert.deepEqual(r.tables, [[values.split(' ')]], 'one row of three values is shown');
    assert.match(r.summary, /^float32 \[3\]/);
    assert.match(r.inferred, /^float32 \[3\] — matches the output/);
    assert.match(r.time, /(µs|ms)/);
    // A 1-D input gets a line chart of input and output.
    assert.equal(await page.locator('#picture:not([hidden]) svg polyline').count(), 2);
  }
  assertClean();
});

test('examples: ReduceProd over [3, 2, 2] (values 1..12), axes [1], keepdims on and off', async () => {
  const on = await runExample('reduceprod-keepdims');
  assert.equal(on.state, 'ok');
  assert.deepEqual(on.dims, [3, 1, 2]);
  assert.equal(on.values, '3 8 35 48 99 120');
  assert.match(on.summary, /^float32 \[3, 1, 2\]/);
  assert.match(on.inferred, /^float32 \[3, 1, 2\] — matches the output/);
  // Laid out by rows: one 1x2 block per index of dim 0.
  assert.deepEqual(on.tables, [[['3', '8']], [['35', '48']], [['99', '120']]]);

  const off = await runExample('reduceprod-no-keepdims');
  assert.deepEqual(off.dims, [3, 2]);
  assert.equal(off.values, '3 8 35 48 99 120');
  assert.deepEqual(off.tables, [[['3', '8'], ['35', '48'], ['99', '120']]]);
  assert.match(off.inferred, /^float32 \[3, 2\]/);
  assertClean();
});

test('examples: the empty-set reduction and the rest', async () => {
  const empty = await runExample('empty-set');
  assert.equal(empty.state, 'ok');
  assert.deepEqual(empty.dims, [2, 1, 4]);
  assert.equal(empty.values, '1 1 1 1 1 1 1 1');

  const sum = await runExample('reducesum-2d');
  assert.deepEqual(sum.dims, [1, 4]);
  assert.equal(sum.values, '15 18 21 24');
  assert.equal(await page.locator('#picture:not([hidden]) figure.heat-map').count(), 2, 'heat maps before and after');

  const cumsum = await runExample('cumsum-2d');
  assert.equal(cumsum.values, '1 3 6 10 5 11 18 26 9 19 30 42');

  const max = await runExample('reducemax-opset11');
  assert.deepEqual(max.dims, [2]);
  assert.equal(max.values, '4 9');

  const arg = await runExample('argmax-ties');
  assert.equal(arg.state, 'ok');
  assert.deepEqual(arg.dims, [3]);
  assert.equal(arg.values, '2 3 3');
  assert.match(arg.summary, /^int64/);

  // Every example button ran.
  const ids = await page.$$eval('button[data-example]', (bs) => bs.map((b) => b.dataset.example));
  assert.ok(ids.length >= 9, `examples: ${ids}`);
  assertClean();
});

test('errors: the package message appears next to the control that caused it', async () => {
  // Axes attribute out of range (opset 13), run from the keyboard (Enter in a text field).
  await page.selectOption('#op', 'ReduceProd');
  await page.selectOption('#opset', '13');
  await page.fill('#in-dims', '3, 2, 2');
  await page.fill('#in-values', '1 2 3 4 5 6 7 8 9 10 11 12');
  await page.fill('#attr-axes', '5');
  await page.focus('#attr-axes');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#attr-axes-error.shown');
  const axesError = await page.textContent('#attr-axes-error');
  assert.match(axesError, /ReduceProd \(opset 13\): attribute 'axes': axis 5 is out of range for rank 3 \(valid range \[-3, 2\]\)/);
  assert.equal(await page.getAttribute('#attr-axes', 'aria-invalid'), 'true');
  assert.match(await page.getAttribute('#attr-axes', 'aria-describedby'), /attr-axes-error/);
  assert.equal(await page.getAttribute('#result', 'data-state'), 'error');
  assert.equal(await page.locator('.error.shown').count(), 1, 'one error, in one place');

  // Fixing it and running again clears the error.
  await page.fill('#attr-axes', '1');
  await page.click('#run');
  await page.waitForFunction(() => document.getElementById('result').dataset.state === 'ok');
  assert.equal(await page.locator('.error.shown').count(), 0);
  assert.equal((await shownResult()).values, '3 8 35 48 99 120');

  // Values that do not fill the dims: the Tensor constructor's words, next to the values.
  await page.fill('#in-values', '1 2 3 4 5');
  await page.click('#run');
  await page.waitForSelector('#in-values-error.shown');
  assert.match(await page.textContent('#in-values-error'), /data has 5 elements but dims \[3,2,2\] need 12/);

  // The CumProd axis input out of range, next to the axis input.
  await page.selectOption('#op', 'CumProd');
  await page.fill('#in-dims', '3');
  await page.fill('#in-values', '1 2 3');
  await page.fill('#in-axis', '2');
  await page.click('#run');
  await page.waitForSelector('#in-axis-error.shown');
  assert.match(await page.textContent('#in-axis-error'), /CumProd \(opset 26\): input 1 'axis': axis 2 is out of range for rank 1/);

  // A value the element type cannot hold, next to the values.
  await page.selectOption('#in-type', 'uint32');
  await page.fill('#in-axis', '0');
  await page.fill('#in-values', '1 -2 3');
  await page.click('#run');
  await page.waitForSelector('#in-values-error.shown');
  assert.match(await page.textContent('#in-values-error'), /value 2 \('-2'\) is outside \[0, 4294967295\] for type uint32/);
  assertClean();
});

test('controls: only what the chosen opset has', async () => {
  const visible = (sel) => page.locator(sel).isVisible();
  const options = (sel) => page.$$eval(`${sel} option`, (os) => os.map((o) => o.value));

  await page.selectOption('#op', 'ReduceProd');
  await page.selectOption('#opset', '13');
  assert.ok(await visible('#attr-axes'), 'opset 13: axes attribute');
  assert.ok(!(await visible('#in-axes')), 'opset 13: no axes input');
  assert.ok(!(await visible('#attr-noop')), 'opset 13: no noop_with_empty_axes');
  assert.ok(await visible('#attr-keepdims'));
  assert.ok(!(await visible('#attr-exclusive')));
  assert.ok((await options('#in-type')).includes('bfloat16'), 'bfloat16 from 13');

  await page.selectOption('#opset', '12');
  assert.ok(!(await options('#in-type')).includes('bfloat16'), 'no bfloat16 before 13');

  await page.selectOption('#opset', '18');
  assert.ok(!(await visible('#attr-axes')), 'opset 18: no axes attribute');
  assert.ok(await visible('#in-axes'), 'opset 18: axes input');
  assert.ok(await visible('#attr-noop'), 'opset 18: noop_with_empty_axes');

  await page.selectOption('#op', 'ReduceSum');
  await page.selectOption('#opset', '13');
  assert.ok(await visible('#in-axes'), 'ReduceSum moved axes to an input in 13');

  await page.selectOption('#op', 'ReduceMax');
  await page.selectOption('#opset', '20');
  assert.ok((await options('#in-type')).includes('bool'), 'ReduceMax-20 takes bool');

  await page.selectOption('#op', 'CumProd');
  assert.deepEqual(await options('#opset'), ['26'], 'CumProd exists from opset 26 only');
  assert.ok(await visible('#attr-exclusive'));
  assert.ok(await visible('#attr-reverse'));
  assert.ok(await visible('#in-axis'));
  assert.ok(!(await visible('#attr-keepdims')));

  await page.selectOption('#op', 'CumSum');
  assert.equal((await options('#opset'))[0], '11');
  assertClean();
});

test("the page's table of op versions agrees with the package (Node.create at every opset)", async () => {
  const mismatches = await page.evaluate(async () => {
    const ops = await import('/web/ops.js');
    const { Node, Tensor } = await import('/dist/index.mjs');
    const TYPES = ['float32', 'float64', 'float16', 'bfloat16', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool'];
    const out = [];
    const tryCreate = (spec) => {
      try { const n = Node.create(spec); const v = n.sinceVersion; n.dispose(); return v; } catch { return null; }
    };
    for (const op of ops.OP_NAMES) {
      for (let opset = 1; opset <= ops.MAX_OPSET + 1; ++opset) {
        const row = ops.versionAt(op, opset);
        const since = tryCreate({ opType: op, opset });
        if ((row?.since ?? null) !== since) out.push(`${op} opset ${opset}: page says ${row?.since}, package ${since}`);
        if (!row || since === null) continue;
        const f = ops.featuresOf(row);
        const has = (attributes) => tryCreate({ opType: op, opset, attributes }) !== null;
        if (has({ axes: [0] }) !== f.axesAttribute) out.push(`${op}-${since}: axes attribute`);
        if (has({ noop_with_empty_axes: 1 }) !== f.noopWithEmptyAxes) out.push(`${op}-${since}: noop_with_empty_axes`);
        if (has({ keepdims: 0 }) !== f.keepdims) out.push(`${op}-${since}: keepdims`);
        if (has({ exclusive: 1, reverse: 1 }) !== f.exclusive) out.push(`${op}-${since}: exclusive/reverse`);
        if (has({ axis: 0 }) !== f.axisAttribute) out.push(`${op}-${since}: axis attribute`);
        if (has({ select_last_index: 1 }) !== f.selectLastIndex) out.push(`${op}-${since}: select_last_index`);
        if (opset !== row.since) continue;
        // Element types: a run succeeds exactly for the types the page offers.
        const node = Node.create({ opType: op, opset, inputs: f.inputNames.slice(0, f.scan ? 2 : 1) });
        for (const type of TYPES) {
          const x = new Tensor(type, type === 'bool' ? [true, false] : type.endsWith('64') && type.includes('int') ? [1n, 2n] : [1, 2], [2]);
          let ok = true;
          try { node.run(f.scan ? [x, new Tensor('int64', [0n], [])] : [x]); } catch { ok = false; }
          if (ok !== row.types.includes(type)) out.push(`${op}-${since} ${type}: page ${row.types.includes(type)}, package ${ok}`);
        }
        node.dispose();
      }
    }
    return out;
  });
  assert.deepEqual(mismatches, []);
  assertClean();
});

test('symbolic batch: the inferred shape shows N for dim 0', async () => {
  await runExample('reduceprod-keepdims');
  await page.check('#symbolic');
  await page.waitForFunction(() => /N/.test(document.getElementById('out-inferred').textContent));
  assert.match(await page.textContent('#out-inferred'), /^float32 \[N, 1, 2\] \(symbolic batch N\)/);
  // Reducing dim 0 itself: N becomes 1.
  await page.fill('#in-axes', '0');
  await page.click('#run');
  await page.waitForFunction(() => /\[1, 2, 2\]/.test(document.getElementById('out-inferred').textContent));
  await page.uncheck('#symbolic');
  await page.waitForFunction(() => /matches the output/.test(document.getElementById('out-inferred').textContent));
  assertClean();
});

const modelDir = (name) => join(BACKEND_TESTS, 'node', name);

test('model: an .onnx file through the file input lists nodes and inferred shapes, and runs', async () => {
  const dir = modelDir('test_reduce_sum_keepdims_example');
  assert.ok(existsSync(join(dir, 'model.onnx')), `missing ${dir} (the ONNX backend test data in tests/data/onnx-backend)`);
  await page.setInputFiles('#model-file', join(dir, 'model.onnx'));
  await page.waitForSelector('#model:not([hidden])[data-file="model.onnx"]');
  assert.equal(await page.textContent('#model-file-error'), '');

  const nodes = await page.$$eval('#model-nodes tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
  assert.equal(nodes.length, 1);
  assert.equal(nodes[0][1], 'ReduceSum');
  assert.equal(nodes[0][2], 'ReduceSum-13');
  assert.equal(nodes[0][3], 'data, axes → reduced');
  assert.match(nodes[0][4], /keepdims = 1/);

  const shapes = Object.fromEntries(await page.$$eval('#model-values tbody tr', (rows) => rows.map((r) => [
    r.dataset.name, { role: r.cells[1].textContent, type: r.cells[2].textContent, shape: r.cells[3].textContent },
  ])));
  assert.deepEqual(shapes.data, { role: 'graph input', type: 'float32', shape: '[3, 2, 2]' });
  assert.deepEqual(shapes.axes, { role: 'graph input', type: 'int64', shape: '[1]' });
  // The axes are a graph input (unknown values), keepdims=1: rank 3 with symbolic dims.
  assert.equal(shapes.reduced.role, 'graph output');
  assert.equal(shapes.reduced.type, 'float32');
  assert.equal(shapes.reduced.shape.split(',').length, 3, shapes.reduced.shape);

  // Run on the default inputs (random data, axes 0).
  assert.equal(await page.inputValue('#model-in-1-values'), '0');
  await page.click('#model-run');
  await page.waitForSelector('#model-result[data-state="ok"]');
  assert.match(await page.textContent('#model-result [data-output="reduced"] h4'), /reduced float32 \[1, 2, 2\]/);

  // The test data set: inputs fill the editors, output_0.pb is compared.
  const data = join(dir, 'test_data_set_0');
  await page.setInputFiles('#model-file', ['input_0.pb', 'input_1.pb', 'output_0.pb'].map((f) => join(data, f)));
  await page.waitForFunction(() => document.getElementById('model-in-1-values').value === '1');
  assert.equal(await page.inputValue('#model-in-0-values'), '1 2 3 4 5 6 7 8 9 10 11 12');
  await page.click('#model-run');
  await page.waitForSelector('#model-result[data-state="ok"] .verdict');
  assert.match(await page.textContent('#model-result .verdict'), /✓ matches output_0\.pb/);
  assert.equal(await page.getAttribute('#model-result [data-output="reduced"] .values', 'data-values'), '4 6 12 14 20 22');

  // An input that breaks the model: the session's message, next to that input.
  await page.fill('#model-in-1-values', '7');
  await page.click('#model-run');
  await page.waitForSelector('#model-in-1-values-error.shown');
  assert.match(await page.textContent('#model-in-1-values-error'), /axis 7 is out of range for rank 3/);
  assertClean();
});

test('model: drag and drop, and a model with operators the package lacks', async () => {
  // Dropping a file onto the zone (a synthetic drop event carrying a File).
  const bytes = [...readFileSync(join(modelDir('test_cumprod_2d_axis_0'), 'model.onnx'))];
  await page.evaluate((b) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(b)], 'cumprod.onnx'));
    document.getElementById('drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await page.waitForSelector('#model[data-file="cumprod.onnx"]');
  assert.equal(await page.getAttribute('#model-values tr[data-name="y"]', 'data-dims'), '[2,3]');
  await page.click('#model-run');
  await page.waitForSelector('#model-result[data-state="ok"] [data-output="y"]');

  // An _expanded model (its function body: Mul, Sqrt, ...) runs like any other.
  const expanded = modelDir('test_reduce_l2_default_axes_keepdims_example_expanded');
  await page.setInputFiles('#model-file', join(expanded, 'model.onnx'));
  await page.waitForSelector('#model[data-file="model.onnx"]');
  assert.equal(await page.getAttribute('#model-values tr[data-name="data"]', 'data-dims'), '[3,2,2]');
  assert.ok((await page.locator('#model-nodes tbody tr').count()) > 1);
  await page.click('#model-run');
  await page.waitForSelector('#model-result[data-state="ok"]');

  // A model with an operator the package lacks (the same bytes, op type renamed): shapes where
  // known, and the reason it cannot run.
  const lacking = Buffer.from(readFileSync(join(modelDir('test_reduce_sum_keepdims_example'), 'model.onnx')).toString('latin1')
    .replace('ReduceSum', 'ReduceSux'), 'latin1');
  await page.setInputFiles('#model-file', { name: 'lacking.onnx', mimeType: 'application/octet-stream', buffer: lacking });
  await page.waitForSelector('#model-run-error.shown');
  assert.match(await page.textContent('#model-run-error'), /operator '\w+' is not supported/);
  assert.ok(await page.isDisabled('#model-run'));
  // Its node is marked as not inferred, with the diagnostic's cause and words.
  assert.equal(await page.getAttribute('#model-nodes tbody tr', 'data-cause'), 'no-shape-function');
  assert.match(await page.textContent('#model-nodes tr.not-inferred'), /Not inferred \(no-shape-function\): .*ReduceSux/);
  assert.match(await page.textContent('#model-meta'), /Shapes not inferred at 1 node \(marked\)\./);

  // Not a model at all: the words go next to the file input.
  await page.setInputFiles('#model-file', { name: 'junk.onnx', mimeType: 'application/octet-stream', buffer: Buffer.from([1, 2, 3]) });
  await page.waitForSelector('#model-file-error.shown');
  assert.match(await page.textContent('#model-file-error'), /junk\.onnx/);
  assertClean();
});

test('accessibility: every control is labelled, and the keyboard alone runs an example', async () => {
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter((c) => !c.closest('[hidden]'))
    .filter((c) => (c.tagName === 'BUTTON' ? !c.textContent.trim() && !c.getAttribute('aria-label') : !c.labels?.length && !c.getAttribute('aria-label')))
    .map((c) => c.id || c.outerHTML.slice(0, 80)));
  assert.deepEqual(unlabelled, []);
  // Strict-CSP friendly: a Content-Security-Policy without 'unsafe-inline'/'unsafe-eval', no
  // inline scripts or style attributes in the markup (a violation would also be a console error).
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline|'unsafe-eval'/);
  assert.equal(await page.locator('script:not([src])').count(), 0);
  assert.equal(await page.locator('[style]').count(), 0);
  // Every error box is announced (role=alert) and every <img>-like SVG has a title.
  assert.equal(await page.locator('.error:not([role="alert"])').count(), 0);
  assert.equal(await page.locator('svg.plot:not([role="img"])').count(), 0);

  // From the skip link, Tab reaches the first example; Enter runs it. Then Ctrl+Enter in the
  // values box runs the form.
  await page.focus('.skip-link');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.example), 'cumprod-00');
  await page.click('button[data-example="reduceprod-keepdims"]');
  await page.focus('button[data-example="cumprod-10"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('result').dataset.example === 'cumprod-10');
  assert.equal((await shownResult()).values, '1 1 2');
  await page.focus('#in-values');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2 3 4');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.getElementById('out-values').dataset.values === '1 2 6');
  assertClean();
});

test('screenshots, and the page fits a phone', async () => {
  // Back to a known state, with a picture on screen.
  await page.setInputFiles('#model-file', join(modelDir('test_reduce_sum_keepdims_example'), 'model.onnx'));
  await page.waitForSelector('#model[data-file="model.onnx"]');
  await runExample('reducesum-2d');
  await page.screenshot({ path: join(shots, 'demo.png'), fullPage: true });
  if (process.env.ORW_UPDATE_SCREENSHOT === '1') {
    // The README's picture: the top of the page down to the output (committed as web/screenshot.png).
    const bottom = await page.evaluate(() => document.getElementById('result').getBoundingClientRect().bottom + window.scrollY + 16);
    await page.screenshot({ path: join(REPO, 'web', 'screenshot.png'), clip: { x: 0, y: 0, width: 1280, height: Math.ceil(bottom) }, fullPage: true });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await runExample('cumprod-00');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px on a 390px-wide screen`);
  await page.screenshot({ path: join(shots, 'demo-phone.png'), fullPage: true });
  assert.ok(existsSync(join(shots, 'demo.png')));
  assertClean();
});
