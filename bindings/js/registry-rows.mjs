// The operator registry's rows as the module describes them (opRows() in
// bindings/interface.cc), with named fields and element types as dtype names:
//   [{ domain, opType, sinceVersion, axesFrom: 'none' | 'attribute' | 'input', types,
//      inputs: [{ name, optional }], attributes: [{ name, type: ONNX attribute type, boolean }] }]
import { dtypeNameFromOnnx } from './dtypes.mjs';
import { wasm } from './module.mjs';

const AXES_FROM = ['none', 'attribute', 'input'];

export function registryRows() {
  const text = wasm().opRows();
  if (text === null) throw new RangeError('onnx-reduce-wasm: cannot read the registry rows (out of memory)');
  return JSON.parse(text).map((r) => ({
    ...r,
    axesFrom: AXES_FROM[r.axesFrom],
    types: r.types.map(dtypeNameFromOnnx),
    inputs: r.inputs.map(([name, optional]) => ({ name, optional: optional === 1 })),
    attributes: r.attributes.map(([name, type, boolean]) => ({ name, type, boolean: boolean === 1 })),
  }));
}
