// Small DOM helpers shared by the panels: errors shown next to their control, and tensors laid
// out by rows.
import { formatDims, formatValue, layoutRows, tensorValues } from './tensor-text.js';

export const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`page: no element #${id}`);
  return e;
};

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role' || k === 'for' || k === 'scope' || k === 'spellcheck') e.setAttribute(k, String(v));
    else e[k] = v;
  }
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return e;
}

// Shows message next to the control with id `field` (in #<field>-error) and marks the control
// invalid; the error element is added to the control's aria-describedby.
export function showError(field, message) {
  const box = document.getElementById(`${field}-error`) ?? $('run-error');
  box.textContent = message;
  box.classList.add('shown');
  const control = document.getElementById(field);
  if (control && control !== box && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(control.tagName)) {
    control.setAttribute('aria-invalid', 'true');
    const ids = new Set((control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
    ids.add(box.id);
    control.setAttribute('aria-describedby', [...ids].join(' '));
  }
  return box;
}

// Clears every error inside root.
export function clearErrors(root) {
  for (const box of root.querySelectorAll('.error.shown')) {
    box.textContent = '';
    box.classList.remove('shown');
  }
  for (const c of root.querySelectorAll('[aria-invalid="true"]')) c.removeAttribute('aria-invalid');
}

// An error's words: the package's message, prefixed by its kind when that says something.
export function errorText(e) {
  if (e?.name === 'InputError') return e.message;
  const kind = e?.name && e.name !== 'Error' ? `${e.name}: ` : '';
  return `${kind}${e?.message ?? String(e)}`;
}

// A tensor as a summary line and its values by rows (one table per 2-D slice).
export function renderTensor(container, t, { caption = 'values' } = {}) {
  const values = tensorValues(t);
  container.replaceChildren();
  container.dataset.values = values.map((v) => formatValue(v, t.type)).join(' ');
  container.dataset.dims = JSON.stringify(t.dims);
  container.dataset.type = t.type;
  if (values.length === 0) {
    container.append(h('p', { class: 'hint', text: `no values: the shape ${formatDims(t.dims)} holds 0 elements` }));
    return;
  }
  const { blocks, hidden } = layoutRows(values, t.dims, t.type);
  for (const block of blocks) {
    const table = h('table', { class: 'tensor' });
    if (block.label || blocks.length === 1) table.append(h('caption', { text: block.label ? `${caption} ${block.label}` : caption }));
    const body = h('tbody');
    for (const row of block.rows) body.append(h('tr', {}, ...row.map((v) => h('td', { text: v }))));
    table.append(body);
    container.append(table);
  }
  if (hidden) container.append(h('p', { class: 'hint', text: `… and ${hidden} more values (not shown)` }));
}
