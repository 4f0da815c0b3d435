// The model panel: load an .onnx file (file picker or drag and drop), list its nodes and the
// inferred type and shape of every value, edit or randomize its inputs (or load input_N.pb test
// data), run it with InferenceSession and compare with output_N.pb when given; or build one of
// the post-processing pipelines (pipelines.js) with makeModel, loaded with example inputs.
import { PIPELINES, pipelineModel } from './pipelines.js';
import { InferenceSession, inferModelShapes, Node, readTensorProto, Tensor } from '../dist/index.mjs';
import { describeModel } from './onnx-model.js';
import { formatDims, formatValue, InputError, parseDims, parseValues, randomValues, tensorValues } from './tensor-text.js';
import { $, clearErrors, errorText, h, renderTensor, showError } from './ui.js';

let current = null; // { fileName, model, shapes, session, inputs: [{ name, type, dims }], expected: {} }
let runCount = 0;

const fieldId = (i, what) => `model-in-${i}-${what}`;
const DEFAULT_SYMBOL_DIM = 2;
// A message about an input's shape (rather than its values).
const SHAPE_PROBLEM = /must have rank|expected rank|got shape|got a rank|has rank|dim \d+ must|scalar/;

export function setupModelPanel() {
  const picker = $('model-file');
  picker.addEventListener('change', () => {
    const files = [...picker.files];
    if (files.length) handleFiles(files);
  });
  const zone = $('drop-zone');
  const over = (ev) => { ev.preventDefault(); zone.classList.add('dragging'); };
  zone.addEventListener('dragenter', over);
  zone.addEventListener('dragover', over);
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (ev) => {
    ev.preventDefault();
    zone.classList.remove('dragging');
    handleFiles([...(ev.dataTransfer?.files ?? [])]);
  });
  // A file dropped next to the zone must not navigate away from the page.
  for (const type of ['dragover', 'drop']) window.addEventListener(type, (ev) => ev.preventDefault());
  $('model-form').addEventListener('submit', (ev) => { ev.preventDefault(); runModel(); });
  const list = $('pipelines');
  for (const p of PIPELINES) {
    const button = h('button', { type: 'button', class: 'example', 'data-pipeline': p.id, text: p.label });
    button.addEventListener('click', () => loadPipeline(p));
    list.append(h('li', {}, button));
  }
  $('model-random').addEventListener('click', () => randomizeInputs());
}

async function handleFiles(files) {
  const zone = $('drop-zone');
  clearErrors(zone);
  const model = files.find((f) => /\.onnx$/i.test(f.name));
  const data = files.filter((f) => /\.pb$/i.test(f.name)).sort((a, b) => a.name.localeCompare(b.name));
  const other = files.filter((f) => f !== model && !data.includes(f));
  try {
    if (other.length) throw new InputError('model-file', `${other.map((f) => f.name).join(', ')}: expected an .onnx model or .pb tensors`);
    if (files.filter((f) => /\.onnx$/i.test(f.name)).length > 1) throw new InputError('model-file', 'choose one .onnx model at a time');
    if (model) await loadModel(model.name, new Uint8Array(await model.arrayBuffer()));
    if (data.length) {
      if (!current) throw new InputError('model-file', 'load a model first (or choose the model and its .pb files together)');
      for (const f of data) loadTensorFile(f.name, new Uint8Array(await f.arrayBuffer()));
    }
  } catch (e) {
    showError('model-file', errorText(e));
  }
}

// Builds a pipeline's model, loads it, fills in its example inputs and runs it.
async function loadPipeline(p) {
  clearErrors($('drop-zone'));
  try {
    await loadModel(p.fileName, pipelineModel(p));
    current.inputs.forEach((input, i) => {
      const given = p.inputs[input.name];
      $(fieldId(i, 'dims')).value = given.dims;
      $(fieldId(i, 'values')).value = given.values;
    });
    runModel();
    $('model').dataset.pipeline = p.id;
    $('model-result').scrollIntoView({ block: 'nearest' });
  } catch (e) {
    showError('model-file', errorText(e));
  }
}

async function loadModel(fileName, bytes) {
  current?.session?.release();
  current = null;
  $('model').hidden = true;
  let model;
  try {
    model = describeModel(bytes);
  } catch (e) {
    throw new InputError('model-file', `${fileName}: not a readable ONNX model (${e.message})`);
  }
  const shapes = inferModelShapes(bytes); // the package's own error if the bytes do not decode
  let session = null;
  let sessionError = null;
  try {
    session = await InferenceSession.create(bytes);
  } catch (e) {
    sessionError = e;
  }
  const initializers = new Set(model.initializers);
  const inputs = session
    ? session.inputMetadata
    : model.inputs.filter((n) => !initializers.has(n)).map((name) => ({ name, ...(shapes[name] ?? { type: 'unknown', dims: null }) }));
  current = { fileName, model, shapes, session, inputs, expected: {} };

  $('model-title').textContent = `${fileName}${model.graphName ? ` — graph ${model.graphName}` : ''}`;
  const opsets = Object.entries(model.opsets).map(([d, v]) => `${d || 'ai.onnx'} ${v}`).join(', ');
  $('model-meta').textContent = `IR version ${model.irVersion}; opset ${opsets || 'none'}; ${model.nodes.length} node${model.nodes.length === 1 ? '' : 's'}`
    + `${model.producer ? `; made by ${model.producer}` : ''}.`;
  renderNodes(model, shapes.diagnostics);
  renderValues(model, shapes);
  renderInputEditors(inputs);
  clearErrors($('model-form'));
  $('model-result').replaceChildren();
  $('model-result').dataset.state = 'empty';
  $('model-run').disabled = !session;
  $('model-random').disabled = !inputs.length;
  if (sessionError) showError('model-run', `This model cannot run here: ${errorText(sessionError)}`);
  const panel = $('model');
  panel.hidden = false;
  panel.dataset.file = fileName;
  panel.dataset.seq = String(++runCount);
}

// Each node row; a node shape inference could not infer (its diagnostics, as the CLI's
// `shapes` prints them) is marked and says why.
function renderNodes(model, diagnostics) {
  const body = $('model-nodes').tBodies[0];
  body.replaceChildren();
  const byNode = new Map();
  for (const d of diagnostics) byNode.set(d.nodeIndex, [...(byNode.get(d.nodeIndex) ?? []), d]);
  const notInferred = [...byNode.keys()].filter((i) => i >= 0).length;
  if (notInferred) $('model-meta').textContent += ` Shapes not inferred at ${notInferred} node${notInferred === 1 ? '' : 's'} (marked).`;
  model.nodes.forEach((n, i) => {
    let version;
    let attrs;
    const opset = model.opsets[n.domain === 'ai.onnx' ? '' : n.domain];
    try {
      const node = Node.fromBytes(n.bytes, { opset: opset ?? 1 });
      version = `${node.opType}-${node.sinceVersion}`;
      attrs = Object.entries(node.attributes).map(([k, v]) => `${k} = ${Array.isArray(v) ? `[${v.join(', ')}]` : v}`).join('; ') || '—';
      node.dispose();
    } catch (e) {
      version = 'not supported here';
      attrs = errorText(e);
    }
    const found = byNode.get(i) ?? [];
    const why = found.map((d) => h('p', { class: 'diagnostic', text: `Not inferred (${d.cause}): ${d.message}` }));
    body.append(h('tr', { 'data-op': n.opType, ...(found.length ? { class: 'not-inferred', 'data-cause': found[0].cause } : {}) },
      h('td', { text: String(i) }),
      h('td', {}, h('code', { text: `${n.domain ? `${n.domain}.` : ''}${n.opType}` }), n.name ? h('span', { class: 'hint', text: ` ${n.name}` }) : null, ...why),
      h('td', { text: version }),
      h('td', { text: `${n.inputs.map((s) => s || '∅').join(', ')} → ${n.outputs.join(', ')}` }),
      h('td', { class: 'attrs', text: attrs })));
  });
}

// A value's type: the element type of a tensor, 'sequence of float32' (its dims are each
// element's), 'optional of sequence of float32'.
const typeText = (info) => (info.kind ? `${info.kind} of ${typeText(info.element)}` : info.type);

function renderValues(model, shapes) {
  const roles = new Map();
  const initializers = new Set(model.initializers);
  for (const n of model.inputs) roles.set(n, initializers.has(n) ? 'initializer' : 'graph input');
  for (const n of model.initializers) if (!roles.has(n)) roles.set(n, 'initializer');
  for (const node of model.nodes) for (const o of node.outputs) if (o && !roles.has(o)) roles.set(o, model.outputs.includes(o) ? 'graph output' : 'intermediate');
  for (const n of model.outputs) if (!roles.has(n)) roles.set(n, 'graph output');
  for (const n of Object.keys(shapes)) if (!roles.has(n)) roles.set(n, 'value');
  const body = $('model-values').tBodies[0];
  body.replaceChildren();
  for (const [name, role] of roles) {
    const info = shapes[name] ?? { type: 'unknown', dims: null };
    body.append(h('tr', { 'data-name': name, 'data-type': info.type, 'data-dims': JSON.stringify(info.dims) },
      h('th', { scope: 'row' }, h('code', { text: name })),
      h('td', { text: role }),
      h('td', { text: typeText(info) }),
      h('td', { text: formatDims(info.dims) })));
  }
}

function concreteDims(dims) {
  return (dims ?? []).map((d) => (typeof d === 'number' ? d : DEFAULT_SYMBOL_DIM));
}

function defaultValues(type, dims) {
  const n = dims.reduce((a, b) => a * b, 1);
  // Integer inputs are usually axes or indices: zeros are valid; floats get random values.
  if (/int/.test(type)) return Array(n).fill('0').join(' ');
  return randomValues(type, n).map(String).join(' ');
}

function renderInputEditors(inputs) {
  const box = $('model-inputs');
  box.replaceChildren();
  inputs.forEach((input, i) => {
    const dims = concreteDims(input.dims);
    const symbolic = (input.dims ?? []).some((d) => typeof d !== 'number') || input.dims == null;
    const note = `declared ${input.type} ${formatDims(input.dims)}${symbolic ? `; symbolic or unknown dims start as ${DEFAULT_SYMBOL_DIM}` : ''}`;
    box.append(h('fieldset', { 'data-input': input.name },
      h('legend', {}, 'Input ', h('code', { text: input.name }), ` (${input.type})`),
      h('div', { class: 'field' },
        h('label', { for: fieldId(i, 'dims'), text: 'Dims' }),
        h('input', { type: 'text', id: fieldId(i, 'dims'), value: dims.join(', '), autocomplete: 'off', spellcheck: 'false', 'aria-describedby': fieldId(i, 'note') }),
        h('p', { class: 'note', id: fieldId(i, 'note'), text: note }),
        h('p', { class: 'error', id: `${fieldId(i, 'dims')}-error`, role: 'alert' })),
      h('div', { class: 'field wide' },
        h('label', { for: fieldId(i, 'values'), text: 'Values' }),
        h('textarea', { id: fieldId(i, 'values'), rows: 2, spellcheck: 'false', value: defaultValues(input.type, dims) }),
        h('p', { class: 'error', id: `${fieldId(i, 'values')}-error`, role: 'alert' }))));
  });
}

function randomizeInputs() {
  if (!current) return;
  clearErrors($('model-form'));
  current.inputs.forEach((input, i) => {
    try {
      const dims = parseDims($(fieldId(i, 'dims')).value, fieldId(i, 'dims'));
      $(fieldId(i, 'values')).value = randomValues(input.type, dims.reduce((a, b) => a * b, 1)).map(String).join(' ');
    } catch (e) {
      showError(e.field ?? 'model-run', errorText(e));
    }
  });
}

function loadTensorFile(fileName, bytes) {
  let decoded;
  try {
    decoded = readTensorProto(bytes);
  } catch (e) {
    throw new InputError('model-file', `${fileName}: ${errorText(e)}`);
  }
  const { name, tensor } = decoded;
  const out = /^output_(\d+)\.pb$/i.exec(fileName);
  if (out) {
    const outputs = current.session?.outputNames ?? current.model.outputs;
    const key = outputs.includes(name) ? name : outputs[Number(out[1])];
    if (!key) throw new InputError('model-file', `${fileName}: the model has no output '${name}' or number ${out[1]}`);
    current.expected[key] = { fileName, tensor };
    return;
  }
  const inp = /^input_(\d+)\.pb$/i.exec(fileName);
  let index = current.inputs.findIndex((x) => x.name === name);
  if (index < 0 && inp) index = Number(inp[1]);
  if (!(index >= 0 && index < current.inputs.length)) {
    throw new InputError('model-file', `${fileName}: tensor '${name}' matches no input of the model (inputs: ${current.inputs.map((x) => x.name).join(', ')})`);
  }
  $(fieldId(index, 'dims')).value = tensor.dims.join(', ');
  $(fieldId(index, 'values')).value = tensorValues(tensor).map((v) => formatValue(v, tensor.type === 'float32' ? 'float64' : tensor.type)).join(' ');
}

// Which input field an error is about. Session errors end with "(in the graph: data = 'X',
// axes = 'A')": the op input named in the message's main part leads to the graph value.
// Otherwise, the graph input named in quotes in the message.
function fieldFor(e) {
  if (e instanceof InputError) return e.field;
  const msg = String(e?.message ?? '');
  const [main, graph] = msg.split(' (in the graph: ');
  for (const [, opInput, value] of (graph ?? '').matchAll(/(\w+) = '([^']*)'/g)) {
    const i = main.includes(`'${opInput}'`) ? current.inputs.findIndex((x) => x.name === value) : -1;
    if (i >= 0) return fieldId(i, SHAPE_PROBLEM.test(main) ? 'dims' : 'values');
  }
  const i = current.inputs.findIndex((x) => msg.includes(`'${x.name}'`));
  if (i >= 0) return fieldId(i, SHAPE_PROBLEM.test(msg) ? 'dims' : 'values');
  return 'model-run';
}

function compare(got, want) {
  if (JSON.stringify(got.dims) !== JSON.stringify(want.tensor.dims)) return `✗ shape differs from ${want.fileName} ${formatDims(want.tensor.dims)}`;
  const a = tensorValues(got);
  const b = tensorValues(want.tensor);
  let worst = 0;
  let within = true;
  for (let k = 0; k < a.length; ++k) {
    const x = Number(a[k]);
    const y = Number(b[k]);
    if (x === y || (Number.isNaN(x) && Number.isNaN(y))) continue;
    const diff = Math.abs(x - y);
    if (!(diff <= 1e-6 + 1e-4 * Math.abs(y))) within = false;
    worst = Math.max(worst, Number.isNaN(diff) ? Infinity : diff);
  }
  return within
    ? `✓ matches ${want.fileName}${worst ? ` (largest difference ${worst.toPrecision(2)})` : ''}`
    : `✗ differs from ${want.fileName} (largest difference ${worst.toPrecision(2)})`;
}

function runModel() {
  const form = $('model-form');
  clearErrors(form);
  const result = $('model-result');
  result.replaceChildren();
  if (!current?.session) return;
  try {
    const feeds = {};
    current.inputs.forEach((input, i) => {
      const dims = parseDims($(fieldId(i, 'dims')).value, fieldId(i, 'dims'));
      const values = parseValues($(fieldId(i, 'values')).value, input.type, fieldId(i, 'values'));
      try {
        feeds[input.name] = new Tensor(input.type, values, dims);
      } catch (e) {
        throw new InputError(fieldId(i, 'values'), errorText(e));
      }
    });
    const t0 = performance.now();
    const outputs = current.session.runSync(feeds);
    const ms = performance.now() - t0;
    result.append(h('p', { class: 'time', text: `Ran in ${ms < 0.1 ? `${(ms * 1000).toPrecision(3)} µs` : `${ms.toPrecision(3)} ms`}.` }));
    for (const [name, t] of Object.entries(outputs)) {
      const values = h('div', { class: 'values' });
      renderTensor(values, t, { caption: `${name} values` });
      const want = current.expected[name];
      result.append(h('div', { class: 'model-output', 'data-output': name },
        h('h4', {}, h('code', { text: name }), ` ${t.type} ${formatDims(t.dims)}`),
        want ? h('p', { class: 'verdict', text: compare(t, want) }) : null,
        values));
    }
    result.dataset.state = 'ok';
  } catch (e) {
    result.dataset.state = 'error';
    showError(fieldFor(e), errorText(e));
  }
}
