// Pictures drawn as SVG (no library, no network): a line chart for 1-D inputs, a heat map of a
// 2-D tensor before and after the operator, and the speed panel's time-against-size chart.

const SVG = 'http://www.w3.org/2000/svg';
let uid = 0;

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function svgRoot(width, height, title, desc) {
  const id = `plot-${++uid}`;
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-labelledby': `${id}-t ${id}-d`, class: 'plot',
  });
  svg.append(el('title', { id: `${id}-t` }, title), el('desc', { id: `${id}-d` }, desc));
  return svg;
}

const num = (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : Number(v));
const short = (v) => {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e5 || a < 1e-3)) return v.toExponential(1);
  return String(Number(v.toPrecision(3)));
};

function extent(values) {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return [0, 1];
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (lo === hi) { lo -= lo === 0 ? 1 : Math.abs(lo) * 0.5; hi += hi === 0 ? 1 : Math.abs(hi) * 0.5; }
  return [lo, hi];
}

// series: [{ name, values, cls }]; a series of one value is drawn as a horizontal line.
export function lineChart(series, { title, xLabel = 'index' }) {
  const W = 420, H = 240, L = 48, R = 12, T = 28, B = 36;
  const n = Math.max(...series.map((s) => s.values.length), 1);
  const [lo, hi] = extent(series.flatMap((s) => s.values.map(num)));
  const x = (i) => L + (n === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
  const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo));
  const desc = series.map((s) => `${s.name}: ${s.values.map((v) => short(num(v))).join(', ')}`).join('; ');
  const svg = svgRoot(W, H, title, desc);
  const axes = el('g', { class: 'axes' });
  axes.append(el('line', { x1: L, y1: H - B, x2: W - R, y2: H - B }), el('line', { x1: L, y1: T, x2: L, y2: H - B }));
  for (const v of [lo, (lo + hi) / 2, hi]) {
    axes.append(el('line', { x1: L - 4, y1: y(v), x2: W - R, y2: y(v), class: 'grid' }));
    axes.append(el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, short(v)));
  }
  const step = Math.ceil(n / 10);
  for (let i = 0; i < n; i += step) axes.append(el('text', { x: x(i), y: H - B + 16, 'text-anchor': 'middle' }, String(i)));
  axes.append(el('text', { x: (L + W - R) / 2, y: H - 4, 'text-anchor': 'middle' }, xLabel));
  svg.append(axes);
  series.forEach((s, k) => {
    const g = el('g', { class: `series ${s.cls}` });
    const vals = s.values.map(num);
    if (vals.length === 1 && n > 1) {
      if (Number.isFinite(vals[0])) g.append(el('line', { x1: L, x2: W - R, y1: y(vals[0]), y2: y(vals[0]) }));
    } else {
      const pts = vals.map((v, i) => (Number.isFinite(v) ? `${x(i)},${y(v)}` : null)).filter(Boolean);
      if (pts.length > 1) g.append(el('polyline', { points: pts.join(' ') }));
      vals.forEach((v, i) => { if (Number.isFinite(v)) g.append(el('circle', { cx: x(i), cy: y(v), r: 3.5 })); });
    }
    const lx = L + 8 + k * 150;
    g.append(el('line', { x1: lx, x2: lx + 18, y1: 12, y2: 12, class: 'key' }), el('text', { x: lx + 24, y: 16 }, s.name));
    svg.append(g);
  });
  return svg;
}

// An element count in binary units where it is a whole number of them: 4096 -> '4 Ki',
// 16777216 -> '16 Mi' (the speed panel's sizes are powers of 4).
export function countLabel(n) {
  for (const [unit, size] of [['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]]) {
    if (n >= size && n % size === 0) return `${n / size} ${unit}`;
  }
  return String(n);
}

// 10^k as a decimal without exponent: '0.01', '1', '100'.
const decadeLabel = (k) => (k < 0 ? (10 ** k).toFixed(-k) : String(10 ** k));

// The decades [lo, hi] (powers of ten) enclosing the positive values, at least one apart; the
// small slack keeps a value that is exactly a power of ten on its own decade despite rounding.
function decades(values) {
  const pos = values.filter((v) => Number.isFinite(v) && v > 0);
  if (!pos.length) return [0, 1];
  const lo = Math.floor(Math.log10(Math.min(...pos)) + 1e-9);
  const hi = Math.ceil(Math.log10(Math.max(...pos)) - 1e-9);
  return [lo, Math.max(hi, lo + 1)];
}

// Time against size on log-log axes: y in decades (a labelled grid line per power of ten the
// data spans), x at each measured size (log-spaced, so sizes growing by a constant factor are
// evenly spaced), labelled by xTick.
//   series: [{ name, points: [[x, y], ...], cls }], x and y > 0 (others are left out).
export function logLogChart(series, { title, xTitle, yTitle, xTick = countLabel, yUnit = '' }) {
  const W = 460, H = 270, L = 64, R = 14, T = 28, B = 46;
  const ok = ([a, b]) => a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b);
  const pts = series.map((s) => s.points.filter(ok));
  const xs = [...new Set(pts.flat().map(([a]) => a))].sort((a, b) => a - b);
  const [lo, hi] = decades(pts.flat().map(([, b]) => b));
  const lx0 = Math.log10(xs[0] ?? 1), lx1 = Math.log10(xs.at(-1) ?? 1);
  const x = (v) => L + (lx1 === lx0 ? (W - L - R) / 2 : ((Math.log10(v) - lx0) * (W - L - R)) / (lx1 - lx0));
  const y = (v) => T + (H - T - B) * (1 - (Math.log10(v) - lo) / (hi - lo));
  const unit = yUnit && ` ${yUnit}`;
  const desc = series.map((s, k) => `${s.name}: ${pts[k].map(([a, b]) => `${xTick(a)}: ${short(b)}${unit}`).join(', ')}`).join('; ');
  const svg = svgRoot(W, H, title, `${yTitle} against ${xTitle}. ${desc}`);
  const axes = el('g', { class: 'axes' });
  axes.append(el('line', { x1: L, y1: H - B, x2: W - R, y2: H - B }), el('line', { x1: L, y1: T, x2: L, y2: H - B }));
  for (let k = lo; k <= hi; ++k) {
    const v = 10 ** k;
    axes.append(el('line', { x1: L - 4, y1: y(v), x2: W - R, y2: y(v), class: 'grid' }));
    axes.append(el('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick y' }, decadeLabel(k)));
  }
  const step = Math.ceil(xs.length / 8);
  xs.forEach((v, i) => {
    if (i % step) return;
    axes.append(el('line', { x1: x(v), y1: H - B, x2: x(v), y2: H - B + 4 }));
    axes.append(el('text', { x: x(v), y: H - B + 16, 'text-anchor': 'middle', class: 'tick x' }, xTick(v)));
  });
  axes.append(el('text', { x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis-title x' }, xTitle));
  const my = (T + H - B) / 2;
  axes.append(el('text', { x: 14, y: my, 'text-anchor': 'middle', transform: `rotate(-90 14 ${my})`, class: 'axis-title y' }, yTitle));
  svg.append(axes);
  series.forEach((s, k) => {
    const g = el('g', { class: `series ${s.cls}` });
    if (pts[k].length > 1) g.append(el('polyline', { points: pts[k].map(([a, b]) => `${x(a)},${y(b)}`).join(' ') }));
    for (const [a, b] of pts[k]) g.append(el('circle', { cx: x(a), cy: y(b), r: 3.5 }));
    const kx = L + 8 + k * 150;
    g.append(el('line', { x1: kx, x2: kx + 18, y1: 12, y2: 12, class: 'key' }), el('text', { x: kx + 24, y: 16 }, s.name));
    svg.append(g);
  });
  return svg;
}

// Sequential colour scale (viridis stops), t in [0, 1].
const STOPS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
function colour(t) {
  if (!Number.isFinite(t)) return '#888';
  const p = Math.min(Math.max(t, 0), 1) * (STOPS.length - 1);
  const i = Math.min(Math.floor(p), STOPS.length - 2);
  const f = p - i;
  const c = STOPS[i].map((a, k) => Math.round(a + (STOPS[i + 1][k] - a) * f));
  return `rgb(${c.join(',')})`;
}

// A heat map of a rows x cols tensor, as a <figure> with its title as caption; values are
// labelled in the cells when they fit.
export function heatMap(values, [rows, cols], { title, type }) {
  const vals = values.map(num);
  const cell = Math.max(12, Math.min(40, Math.floor(280 / Math.max(rows, cols, 1))));
  const W = cols * cell + 2, H = rows * cell + 20;
  const [lo, hi] = extent(vals);
  const svg = svgRoot(Math.max(W, 60), H, title, `${rows} by ${cols} ${type ?? ''} values from ${short(lo)} to ${short(hi)}`);
  const g = el('g');
  const labels = cell >= 28 && rows * cols <= 144;
  for (let r = 0; r < rows; ++r) {
    for (let c = 0; c < cols; ++c) {
      const v = vals[r * cols + c];
      const t = (v - lo) / (hi - lo);
      g.append(el('rect', { x: 1 + c * cell, y: 1 + r * cell, width: cell - 1, height: cell - 1, fill: colour(t) }));
      if (labels) {
        g.append(el('text', {
          x: 1 + c * cell + cell / 2, y: 1 + r * cell + cell / 2 + 4, 'text-anchor': 'middle', class: t > 0.6 ? 'on-light' : 'on-dark',
        }, short(v)));
      }
    }
  }
  svg.append(g);
  svg.append(el('text', { x: 1, y: H - 5, class: 'legend' }, `${short(lo)} … ${short(hi)}`));
  const figure = document.createElement('figure');
  figure.className = 'heat-map';
  const caption = document.createElement('figcaption');
  caption.textContent = title;
  figure.append(caption, svg);
  return figure;
}

// The picture for a run, or null when numbers say it better (rank > 2, empty tensors).
//   input: { values, dims, type }, output: same, reducedAxes: Set of input axes the op reduced
//   (reductions), scanAxis (scans).
export function pictureFor({ op, scan, input, output, reducedAxes, scanAxis }) {
  const rank = input.dims.length;
  if (input.values.length === 0 || output.values.length === 0 || input.values.length > 4096) return null;
  if (rank === 1) {
    return lineChart([
      { name: `input ${input.type}`, values: input.values, cls: 'input' },
      { name: `${op} output`, values: output.values, cls: 'output' },
    ], { title: scan ? `${op} along axis 0` : `${op} of a 1-D tensor` });
  }
  if (rank !== 2) return null;
  const [rows, cols] = input.dims;
  let outDims = output.dims;
  if (outDims.length !== 2) {
    const kept = input.dims.map((d, i) => (reducedAxes?.has(i) ? 1 : d));
    if (kept[0] * kept[1] !== output.values.length) return null;
    outDims = kept;
  }
  const figure = document.createElement('div');
  figure.className = 'heat-pair';
  const along = scan ? ` along axis ${scanAxis}` : reducedAxes?.size ? ` over axes {${[...reducedAxes].join(', ')}}` : '';
  figure.append(
    heatMap(input.values, [rows, cols], { title: `input [${rows}, ${cols}]`, type: input.type }),
    heatMap(output.values, outDims, { title: `${op}${along} [${output.dims.join(', ')}]`, type: output.type }),
  );
  return figure;
}
