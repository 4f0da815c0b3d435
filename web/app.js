// The demo page: one operator at a time (op, opset, attributes, inputs -> output, inferred
// shape, time, picture), the built-in examples, and the model panel (model-panel.js).
// Imports the package through its browser entry, as an npm user would.
import { init, LATEST_OPSET, Node, Tensor } from '../dist/index.mjs';
import { EXAMPLES } from './examples.js';
import { setupModelPanel } from './model-panel.js';
import { setupSpeedPanel } from './speed-panel.js';
import { featuresOf, loadOps, OP_NAMES, opsetsOf, versionAt } from './ops.js';
import { pictureFor } from './plot.js';
import { formatDims, InputError, parseAxes, parseDims, parseValues, randomValues, tensorValues } from './tensor-text.js';
import { $, clearErrors, errorText, h, renderTensor, showError } from './ui.js';

const form = $('op-form');
const opSelect = $('op');
const opsetSelect = $('opset');
const typeSelect = $('in-type');
let runCount = 0;

// ---------------------------------------------------------------- controls from the table

function currentRow() {
  return versionAt(opSelect.value, Number(opsetSelect.value));
}

function fillOpsets(keep) {
  const op = opSelect.value;
  const opsets = opsetsOf(op);
  opsetSelect.replaceChildren(...opsets.map((o) => {
    const r = versionAt(op, o);
    return h('option', { value: String(o), text: `${o}${r.since === o ? ` — ${op}-${o}` : ''}` });
  }));
  opsetSelect.value = String(opsets.includes(keep) ? keep : opsets[opsets.length - 1]);
}

// Shows the controls the chosen version has and hides (and disables) the others.
function updateControls() {
  const r = currentRow();
  const f = featuresOf(r);
  for (const e of form.querySelectorAll('[data-feature]')) {
    const on = Boolean(f[e.dataset.feature]);
    e.hidden = !on;
    for (const c of e.querySelectorAll('input, select, textarea')) c.disabled = !on;
  }
  for (const col of form.querySelectorAll('.column')) col.hidden = [...col.children].every((c) => c.hidden);
  const type = typeSelect.value;
  typeSelect.replaceChildren(...r.types.map((t) => h('option', { value: t, text: t })));
  typeSelect.value = r.types.includes(type) ? type : r.types[0];
  $('input-name').textContent = f.inputNames[0];
  $('in-axes').disabled = !f.axesInput || !$('give-axes').checked;
  const how = f.scan ? 'a scan; the axis is an input'
    : f.axisAttribute ? 'one axis, an attribute; int64 indices out'
      : f.axesAttribute ? 'axes are an attribute' : 'axes are an optional input';
  $('opset-note').textContent = `opset ${opsetSelect.value} runs ${r.op}-${r.since}: ${how}`;
  $('in-type-note').textContent = `${r.op}-${r.since} accepts ${r.types.length} element types`;
  $('attr-axes-note').textContent = 'e.g. 1 or 0, -1 (negative counts from the end)';
}

// ---------------------------------------------------------------- running

// Which control an error from the package is about, read off its message.
const ATTRIBUTE_FIELDS = { axes: 'attr-axes', keepdims: 'attr-keepdims', noop_with_empty_axes: 'attr-noop', exclusive: 'attr-exclusive', reverse: 'attr-reverse', axis: 'attr-axis', select_last_index: 'attr-last' };
function fieldFor(e, stage) {
  if (e instanceof InputError) return e.field;
  const msg = String(e?.message ?? '');
  const attr = /attribute '(\w+)'/.exec(msg);
  if (attr && ATTRIBUTE_FIELDS[attr[1]]) return ATTRIBUTE_FIELDS[attr[1]];
  const input = /input (?:\d+ )?'(\w+)'/.exec(msg);
  if (input) {
    if (input[1] === 'axes') return 'in-axes';
    if (input[1] === 'axis') return 'in-axis';
    if (/element type/.test(msg)) return 'in-type';
    if (/must have rank|expected rank|got shape|got a rank|has rank|dim \d+ must|scalar/.test(msg)) return 'in-dims';
    return 'in-values';
  }
  if (/^Tensor: dims/.test(msg)) return 'in-dims';
  if (/^Tensor: /.test(msg)) return stage === 'axes' ? 'in-axes' : stage === 'axis' ? 'in-axis' : 'in-values';
  if (/does not exist in opset|outside the supported range|opset must/.test(msg)) return 'opset';
  return 'run';
}

// Runs step(); an error goes next to the control it is about (stage: the control in use).
function step(stage, fn) {
  try {
    return fn();
  } catch (e) {
    e.stage = stage;
    throw e;
  }
}

function formatTime(ms) {
  if (ms < 0.1) return `${(ms * 1000).toPrecision(3)} µs`;
  return `${ms.toPrecision(3)} ms`;
}

function clearResult(state) {
  const result = $('result');
  result.dataset.state = state;
  for (const id of ['out-node', 'out-summary', 'out-inferred', 'out-time']) $(id).textContent = '—';
  const values = $('out-values');
  values.replaceChildren();
  for (const k of ['values', 'dims', 'type']) delete values.dataset[k];
  $('picture').hidden = true;
  $('picture-body').replaceChildren();
}

function runOp({ example = '' } = {}) {
  clearErrors(form);
  const result = $('result');
  result.dataset.example = example;
  result.dataset.seq = String(++runCount);
  let node = null;
  try {
    const r = currentRow();
    const f = featuresOf(r);
    const opset = Number(opsetSelect.value);
    const type = typeSelect.value;
    const dims = parseDims($('in-dims').value, 'in-dims');
    const values = parseValues($('in-values').value, type, 'in-values');
    const x = step('in-values', () => new Tensor(type, values, dims));

    const attributes = {};
    if (f.keepdims) attributes.keepdims = $('attr-keepdims').checked ? 1 : 0;
    if (f.noopWithEmptyAxes) attributes.noop_with_empty_axes = $('attr-noop').checked ? 1 : 0;
    if (f.exclusive) attributes.exclusive = $('attr-exclusive').checked ? 1 : 0;
    if (f.reverse) attributes.reverse = $('attr-reverse').checked ? 1 : 0;
    let axes = null;
    if (f.axesAttribute && $('attr-axes').value.trim()) {
      axes = parseAxes($('attr-axes').value, 'attr-axes');
      attributes.axes = axes;
    }
    if (f.selectLastIndex) attributes.select_last_index = $('attr-last').checked ? 1 : 0;
    if (f.axisAttribute) {
      const list = $('attr-axis').value.trim() ? parseAxes($('attr-axis').value, 'attr-axis') : [0];
      if (list.length !== 1) throw new InputError('attr-axis', `axis is one integer, got ${list.length}`);
      if ($('attr-axis').value.trim()) attributes.axis = list[0];
      axes = list;
    }

    const inputs = [x];
    const names = [f.inputNames[0]];
    const infos = [{ type, dims: $('symbolic').checked && dims.length ? ['N', ...dims.slice(1)] : dims }];
    if (f.axesInput && $('give-axes').checked) {
      axes = parseAxes($('in-axes').value, 'in-axes');
      inputs.push(step('axes', () => new Tensor('int64', axes.map(BigInt), [axes.length])));
      names.push('axes');
      infos.push({ type: 'int64', dims: [axes.length], value: axes });
    }
    let axis = 0;
    if (f.axisInput) {
      const list = parseAxes($('in-axis').value, 'in-axis');
      if (list.length !== 1) throw new InputError('in-axis', `the axis input holds one integer, got ${list.length}`);
      [axis] = list;
      const axisType = $('in-axis-type').value;
      inputs.push(step('axis', () => new Tensor(axisType, [axisType === 'int64' ? BigInt(axis) : axis], [])));
      names.push('axis');
      infos.push({ type: axisType, dims: [], value: [axis] });
    }

    node = step('run', () => Node.create({ opType: r.op, opset, attributes, inputs: names, outputs: [f.outputName] }));
    const t0 = performance.now();
    const [y] = step('run', () => node.run(inputs));
    const first = performance.now() - t0;
    // Time many runs when one is too short for the browser's clock.
    let reps = 0;
    const start = performance.now();
    let spent = 0;
    if (first < 5) {
      while ((spent = performance.now() - start) < 25 && reps < 20000) { node.run(inputs); ++reps; }
    }

    result.dataset.state = 'ok';
    const shownAttrs = Object.entries(node.attributes).map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.join(', ')}]` : v}`).join(', ');
    $('out-node').textContent = `${node.opType}-${node.sinceVersion} at opset ${node.opset}; inputs ${names.join(', ')}; ${shownAttrs ? `attributes ${shownAttrs}` : 'no attributes'}`;
    $('out-summary').textContent = `${y.type} ${formatDims(y.dims)}, ${y.size} value${y.size === 1 ? '' : 's'}`;
    renderTensor($('out-values'), y, { caption: `${f.outputName} values` });
    $('out-time').textContent = reps
      ? `${formatTime(spent / reps)} per run (mean of ${reps} runs; the first run took ${first > 0 ? formatTime(first) : 'less than the clock resolution'})`
      : `${formatTime(first)}`;

    showInferred(node, infos, y);
    showPicture({ r, f, x, y, axes, axis });
  } catch (e) {
    clearResult('error');
    result.dataset.example = example;
    const field = fieldFor(e, e.stage);
    showError(field, errorText(e));
    result.dataset.errorField = field;
  } finally {
    node?.dispose();
  }
}

function showInferred(node, infos, y) {
  const out = $('out-inferred');
  try {
    const [info] = node.inferShapes(infos);
    const symbolic = infos[0].dims.some((d) => typeof d === 'string');
    const same = !symbolic && info.type === y.type && JSON.stringify(info.dims) === JSON.stringify(y.dims);
    out.textContent = `${info.type} ${formatDims(info.dims)}${symbolic ? ' (symbolic batch N)' : same ? ' — matches the output' : ' — differs from the output'}`;
    out.dataset.dims = JSON.stringify(info.dims);
  } catch (e) {
    out.textContent = `shape inference failed: ${errorText(e)}`;
    delete out.dataset.dims;
  }
}

function showPicture({ r, f, x, y, axes, axis }) {
  const rank = x.dims.length;
  let reducedAxes = null;
  if (f.reduce) {
    const list = axes ?? [];
    const noop = f.noopWithEmptyAxes && $('attr-noop').checked;
    reducedAxes = new Set(list.length ? list.map((a) => (a < 0 ? a + rank : a)) : noop ? [] : x.dims.map((_, i) => i));
  }
  const picture = pictureFor({
    op: r.op,
    scan: f.scan,
    input: { values: tensorValues(x), dims: x.dims, type: x.type },
    output: { values: tensorValues(y), dims: y.dims, type: y.type },
    reducedAxes,
    scanAxis: axis < 0 ? axis + rank : axis,
  });
  $('picture').hidden = !picture;
  $('picture-body').replaceChildren(...(picture ? [picture] : []));
  $('picture-caption').textContent = picture
    ? (rank === 1 ? 'Input and output along the axis.' : 'The 2-D input and the output as heat maps (each with its own colour scale).')
    : '';
}

// ---------------------------------------------------------------- examples

function applyExample(ex) {
  opSelect.value = ex.op;
  fillOpsets(ex.opset);
  updateControls();
  const f = featuresOf(currentRow());
  typeSelect.value = ex.type;
  $('in-dims').value = ex.dims;
  $('in-values').value = ex.values;
  for (const [name, value] of Object.entries(ex.attributes ?? {})) {
    const id = ATTRIBUTE_FIELDS[name];
    if (id) $(id).checked = Boolean(value);
  }
  if (f.noopWithEmptyAxes && !('noop_with_empty_axes' in (ex.attributes ?? {}))) $('attr-noop').checked = false;
  $('attr-axes').value = f.axesAttribute ? ex.axes ?? '' : '';
  $('attr-axis').value = f.axisAttribute ? ex.axis ?? '' : '';
  $('give-axes').checked = f.axesInput && ex.axes !== undefined;
  $('in-axes').value = f.axesInput ? ex.axes ?? '' : '';
  $('in-axes').disabled = !f.axesInput || !$('give-axes').checked;
  if (ex.axis !== undefined && f.axisInput) $('in-axis').value = ex.axis;
}

function setupExamples() {
  const list = $('examples');
  for (const ex of EXAMPLES) {
    const button = h('button', { type: 'button', class: 'example', 'data-example': ex.id, disabled: true, text: ex.label });
    button.addEventListener('click', () => {
      applyExample(ex);
      runOp({ example: ex.id });
      $('result').scrollIntoView({ block: 'nearest' });
    });
    list.append(h('li', {}, button, ex.expect ? h('span', { class: 'expect', text: `expected: ${ex.expect}` }) : null));
  }
}

// ---------------------------------------------------------------- wiring

function setupForm() {
  opSelect.replaceChildren(...OP_NAMES.map((op) => h('option', { value: op, text: op })));
  opSelect.value = 'ReduceProd';
  fillOpsets(18);
  updateControls();
  $('in-axes').value = '1';

  opSelect.addEventListener('change', () => { clearErrors(form); fillOpsets(Number(opsetSelect.value)); updateControls(); });
  opsetSelect.addEventListener('change', () => { clearErrors(form); updateControls(); });
  $('give-axes').addEventListener('change', () => { $('in-axes').disabled = !$('give-axes').checked; });
  $('symbolic').addEventListener('change', () => { if ($('result').dataset.state === 'ok') runOp({ example: $('result').dataset.example }); });
  form.addEventListener('submit', (ev) => { ev.preventDefault(); runOp(); });
  // Ctrl+Enter runs from the values box (Enter alone is a new line there).
  $('in-values').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); form.requestSubmit(); }
  });
  $('random').addEventListener('click', () => {
    clearErrors(form);
    try {
      const dims = parseDims($('in-dims').value, 'in-dims');
      $('in-values').value = randomValues(typeSelect.value, dims.reduce((a, b) => a * b, 1)).map(String).join(' ');
    } catch (e) {
      showError(fieldFor(e), errorText(e));
    }
  });
}

async function main() {
  setupExamples();
  const status = $('status');
  try {
    await init();
  } catch (e) {
    status.textContent = `The WebAssembly module did not load: ${errorText(e)}. Build the package (npm run build) and serve the repository root.`;
    status.classList.add('failed');
    return;
  }
  // The controls come from the module's registry rows.
  loadOps();
  setupForm();
  for (const c of document.querySelectorAll('#op, #opset, #run, #model-file, .example')) c.disabled = false;
  setupModelPanel();
  setupSpeedPanel();
  status.textContent = `Ready: the WebAssembly module is loaded (ai.onnx opsets 1–${LATEST_OPSET}).`;
  status.dataset.ready = 'true';
}

main();
