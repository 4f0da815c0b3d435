// The demo page's time-against-size chart (web/plot.js logLogChart, as the speed panel draws
// it), on made-up timings in headless Chromium: decade ticks on the time axis for exactly the
// decades the data spans, element counts in binary units on the size axis, axis titles, a
// title and description for screen readers, and points placed on the log scales.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, requireDist, startSite, watchPage } from './helpers.mjs';

requireDist();
let site, browser, page, problems;
before(async () => {
  site = await startSite();
  browser = await launchBrowser();
  page = await browser.newPage();
  problems = watchPage(page);
  await page.goto(`${site.url}web/`);
});
after(async () => {
  await browser?.close();
  await site?.close();
});

// Draws the chart of series ([{ name, points, cls }]) into the page; returns what it shows.
function draw(series) {
  return page.evaluate(async (input) => {
    const { logLogChart } = await import('/web/plot.js');
    const svg = logLogChart(input, {
      title: 'T', xTitle: 'input size (elements)', yTitle: 'time per run (ms, log scale)', yUnit: 'ms',
    });
    document.body.append(svg);
    const texts = (sel) => [...svg.querySelectorAll(sel)].map((t) => t.textContent);
    const [titleId, descId] = svg.getAttribute('aria-labelledby').split(' ');
    const gridY = Object.fromEntries([...svg.querySelectorAll('text.tick.y')].map((t, i) => [t.textContent, Number(svg.querySelectorAll('line.grid')[i].getAttribute('y1'))]));
    return {
      xTicks: texts('text.tick.x'),
      yTicks: texts('text.tick.y'),
      titles: texts('text.axis-title'),
      title: svg.getElementById(titleId)?.textContent,
      desc: svg.getElementById(descId)?.textContent,
      gridY,
      circles: [...svg.querySelectorAll('.series')].map((g) => [...g.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])),
      lines: svg.querySelectorAll('polyline').length,
      nanAttributes: [...svg.querySelectorAll('*')].flatMap((e) => [...e.attributes]).filter((a) => /NaN|Infinity/.test(a.value)).map((a) => a.name),
    };
  }, series);
}

const SIZES = [0, 1, 2, 3, 4, 5, 6].map((k) => 4096 * 4 ** k);

test('seven sizes from 4 Ki to 16 Mi: decade ticks 0.001 to 100 ms, size ticks in Ki and Mi, points on the scales', async () => {
  const ours = [0.004, 0.01, 0.1, 0.3, 1, 2, 4.1];
  const js = [0.01, 0.04, 0.2, 1, 3, 8, 25];
  const r = await draw([
    { name: 'package (wasm)', points: SIZES.map((n, i) => [n, ours[i]]), cls: 'input' },
    { name: 'plain JS', points: SIZES.map((n, i) => [n, js[i]]), cls: 'output' },
  ]);
  assert.deepEqual(r.xTicks, ['4 Ki', '16 Ki', '64 Ki', '256 Ki', '1 Mi', '4 Mi', '16 Mi']);
  assert.deepEqual(r.yTicks, ['0.001', '0.01', '0.1', '1', '10', '100']);
  assert.deepEqual(r.titles, ['input size (elements)', 'time per run (ms, log scale)']);
  assert.equal(r.title, 'T');
  assert.match(r.desc, /^time per run \(ms, log scale\) against input size \(elements\)\. package \(wasm\): 4 Ki: 0\.004 ms, .*; plain JS: .*16 Mi: 25 ms$/);
  assert.equal(r.lines, 2);
  assert.deepEqual(r.nanAttributes, []);
  // 1 ms and 0.1 ms sit on their grid lines; sizes growing by 4 are evenly spaced.
  const [wasm, plain] = r.circles;
  assert.ok(Math.abs(wasm[4][1] - r.gridY['1']) < 1e-9, `${wasm[4][1]} vs ${r.gridY['1']}`);
  assert.ok(Math.abs(wasm[2][1] - r.gridY['0.1']) < 1e-9);
  assert.ok(Math.abs(plain[3][1] - r.gridY['1']) < 1e-9);
  const gaps = wasm.slice(1).map(([cx], i) => cx - wasm[i][0]);
  for (const g of gaps) assert.ok(Math.abs(g - gaps[0]) < 1e-9 && g > 0, `x gaps ${gaps}`);
  assert.deepEqual(problems.splice(0), []);
});

test('timings within one decade get its two bounding ticks; one measured size is one tick and no line', async () => {
  let r = await draw([{ name: 'a', points: [[4096, 0.02], [16384, 0.05]], cls: 'input' }]);
  assert.deepEqual(r.yTicks, ['0.01', '0.1']);
  assert.deepEqual(r.xTicks, ['4 Ki', '16 Ki']);
  r = await draw([
    { name: 'a', points: [[4096, 1]], cls: 'input' },
    { name: 'b', points: [[4096, 0]], cls: 'output' },   // a clock that read 0: left out, not NaN
  ]);
  assert.deepEqual(r.xTicks, ['4 Ki']);
  assert.deepEqual(r.yTicks, ['1', '10']);
  assert.equal(r.lines, 0);
  assert.deepEqual(r.circles.map((c) => c.length), [1, 0]);
  assert.deepEqual(r.nanAttributes, []);
});

test('size labels: binary units only for whole multiples', async () => {
  const labels = await page.evaluate(async () => {
    const { countLabel } = await import('/web/plot.js');
    return [1000, 1024, 1536, 65536, 2 ** 20, 3 * 2 ** 20, 2 ** 30].map(countLabel);
  });
  assert.deepEqual(labels, ['1000', '1 Ki', '1536', '64 Ki', '1 Mi', '3 Mi', '1 Gi']);
});
