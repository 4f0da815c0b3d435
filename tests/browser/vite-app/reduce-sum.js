// What the app computes, through any of the package's entries (its exports after init()).
export function reduceSum(api) {
  const node = api.Node.create({ opType: 'ReduceSum', opset: 13, attributes: { keepdims: 0 } });
  const x = new api.Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
  const [y] = node.run([x, new api.Tensor('int64', [1n], [1])]);
  node.dispose();
  return `${y.type} [${y.dims.join(',')}] ${Array.from(y.data).join(' ')}`;
}
