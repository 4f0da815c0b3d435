// Built-in examples: each fills in the operator form. `axes` goes to the axes attribute or the
// axes input, whichever the chosen opset has; `expect` is the values the page must show.
const oneToTwelve = Array.from({ length: 12 }, (_, i) => i + 1).join(' ');

const cumprod = (exclusive, reverse, expect) => ({
  id: `cumprod-${exclusive}${reverse}`,
  label: `CumProd of [1, 2, 3], exclusive ${exclusive}, reverse ${reverse}`,
  op: 'CumProd', opset: 26, type: 'float32', dims: '3', values: '1 2 3', axis: '0',
  attributes: { exclusive, reverse }, expect,
});

export const EXAMPLES = Object.freeze([
  cumprod(0, 0, '1 2 6'),
  cumprod(1, 0, '1 1 2'),
  cumprod(0, 1, '6 6 3'),
  cumprod(1, 1, '6 3 1'),
  {
    id: 'reduceprod-keepdims',
    label: 'ReduceProd of [3, 2, 2] over axis 1, keepdims on',
    op: 'ReduceProd', opset: 18, type: 'float32', dims: '3, 2, 2', values: oneToTwelve, axes: '1',
    attributes: { keepdims: 1 }, expect: '[3, 1, 2]: 3 8 35 48 99 120',
  },
  {
    id: 'reduceprod-no-keepdims',
    label: 'ReduceProd of [3, 2, 2] over axis 1, keepdims off',
    op: 'ReduceProd', opset: 18, type: 'float32', dims: '3, 2, 2', values: oneToTwelve, axes: '1',
    attributes: { keepdims: 0 }, expect: '[3, 2]: 3 8 35 48 99 120',
  },
  {
    id: 'empty-set',
    label: 'ReduceProd of an empty set: [2, 0, 4] over axis 1',
    op: 'ReduceProd', opset: 18, type: 'float32', dims: '2, 0, 4', values: '', axes: '1',
    attributes: { keepdims: 1 }, expect: '[2, 1, 4] of ones (the product of nothing is 1)',
  },
  {
    id: 'reducesum-2d',
    label: 'ReduceSum of a 3×4 matrix over axis 0 (heat map)',
    op: 'ReduceSum', opset: 13, type: 'float32', dims: '3, 4', values: oneToTwelve, axes: '0',
    attributes: { keepdims: 1 },
  },
  {
    id: 'cumsum-2d',
    label: 'CumSum of a 3×4 matrix along axis 1 (heat map)',
    op: 'CumSum', opset: 14, type: 'int32', dims: '3, 4', values: oneToTwelve, axis: '1',
    attributes: { exclusive: 0, reverse: 0 },
  },
  {
    id: 'argmax-ties',
    label: 'ArgMax of a 3×4 matrix along axis 1, ties and a NaN, select_last_index on',
    op: 'ArgMax', opset: 13, type: 'float32', dims: '3, 4', values: '1 7 7 2 5 NaN 3 NaN 0 0 -1 0', axis: '1',
    attributes: { keepdims: 0, select_last_index: 1 }, expect: '[3]: 2 3 3 (int64; NaN counts as the largest)',
  },
  {
    id: 'reducemax-opset11',
    label: 'ReduceMax at opset 11: axes as an attribute, a negative axis',
    op: 'ReduceMax', opset: 11, type: 'float64', dims: '2, 3', values: '3 1 4 1 5 9', axes: '-1',
    attributes: { keepdims: 0 },
  },
]);
