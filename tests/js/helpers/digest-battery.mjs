// The thread-identity battery, for Node (thread-digest.mjs) and browsers
// (tests/browser/pages/identity.mjs) alike: every family that splits its work, on inputs of
// several pieces, through Node.run in copy mode (streamed) and zero-copy (wasm tensors: the
// split whole run). digestBattery(api) takes the package's exports (after init()) and returns
// { numThreads, digests: { case: [copy-mode hash, zero-copy hash] } }, each an FNV-1a hash of
// the outputs' bytes.
import { prng } from './prng.mjs';

export function digestBattery({ runtimeInfo, Node, Tensor }) {
  function fnv(bytes, h = 0x811c9dc5) {
    for (let i = 0; i < bytes.length; ++i) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
    return h;
  }
  // (Outputs of Node.run are 'cpu' tensors: their data is there; getData() is a Promise.)
  const digest = (tensors) => tensors.reduce((h, t) => {
    const d = t.data;
    if (!ArrayBuffer.isView(d) || d.byteLength === 0) throw new Error('digest: an output without data');
    return fnv(new Uint8Array(d.buffer, d.byteOffset, d.byteLength), h);
  }, 0x811c9dc5).toString(16);

  const rand = prng(20261203).next;
  const dims = [24, 96, 130];  // 299520 elements: several pieces of every kind
  const count = dims.reduce((a, b) => a * b);
  const data = {
    float32: Float32Array.from({ length: count }, () => 1 + (rand() - 0.5) * 0.02),
    float64: Float64Array.from({ length: count }, () => 1 + (rand() - 0.5) * 0.02),
    int32: Int32Array.from({ length: count }, () => Math.floor(rand() * 7) - 3),
  };
  const cases = [];
  for (const axes of [[0], [1], [2], [0, 2], [0, 1, 2]]) {
    for (const op of ['ReduceSum', 'ReduceProd', 'ReduceMax', 'ReduceMean', 'ReduceL2', 'ReduceLogSumExp']) {
      cases.push({ name: `${op} axes ${axes}`, node: { opType: op, opset: 11, attributes: { axes } }, types: ['float32', 'float64', 'int32'] });
    }
  }
  for (const axis of [0, 1, 2]) {
    for (const op of ['ArgMax', 'ArgMin', 'Softmax', 'LogSoftmax', 'Hardmax']) {
      cases.push({ name: `${op} axis ${axis}`, node: { opType: op, opset: 13, attributes: { axis } }, types: op.startsWith('Arg') ? ['float32', 'int32'] : ['float32', 'float64'] });
    }
    for (const op of ['CumSum', 'CumProd']) {
      cases.push({ name: `${op} axis ${axis}`, node: { opType: op, opset: 26 }, extra: [new Tensor('int64', [BigInt(axis)], [])], types: ['float32', 'int32'] });
    }
    cases.push({ name: `TopK axis ${axis}`, node: { opType: 'TopK', opset: 11, attributes: { axis } }, extra: [new Tensor('int64', [5n], [1])], types: ['float32', 'int32'] });
    cases.push({ name: `LpNormalization axis ${axis}`, node: { opType: 'LpNormalization', opset: 22, attributes: { axis, p: 2 } }, types: ['float32'] });
  }
  for (const op of ['Exp', 'Neg']) cases.push({ name: op, node: { opType: op, opset: 13 }, types: ['float32'] });
  cases.push({ name: 'Add [24,96,130]+[96,1]', node: { opType: 'Add', opset: 14 }, rhs: [96, 1], types: ['float32', 'int32'] });

  const out = { numThreads: runtimeInfo().numThreads, digests: {} };
  for (const c of cases) {
    const node = Node.create(c.node);
    for (const type of c.types) {
      const x = new Tensor(type, data[type], dims);
      const extra = c.rhs ? [new Tensor(type, data[type].slice(0, c.rhs[0] * c.rhs[1]), c.rhs)] : c.extra ?? [];
      const copied = node.run([x, ...extra]);
      const resident = Tensor.allocate(type, dims);
      resident.data.set(data[type]);
      const zeroCopy = node.run([resident, ...extra]);
      out.digests[`${c.name} ${type}`] = [digest(copied), digest(zeroCopy)];
      resident.dispose();
    }
  }
  // Copy mode on an input of several of the threaded build's 4 MiB copy batches, not a whole
  // number of them (10.2 MiB of float32): forward and reverse scans (whose pieces come from
  // the end), reductions, ArgMax, TopK and Softmax fed from their places in the batches.
  const bigDims = [40, 256, 261];
  const big = Float32Array.from({ length: bigDims.reduce((a, b) => a * b) }, () => 1 + (rand() - 0.5) * 0.02);
  const batched = [
    ...[0, 1].map((reverse) => ({ name: `CumSum reverse ${reverse}`, node: { opType: 'CumSum', opset: 14, attributes: { reverse } }, extra: [new Tensor('int64', [2n], [])] })),
    ...[[0], [2], [0, 1, 2]].map((axes) => ({ name: `ReduceSum axes ${axes}`, node: { opType: 'ReduceSum', opset: 11, attributes: { axes } } })),
    { name: 'ArgMax axis 0', node: { opType: 'ArgMax', opset: 13, attributes: { axis: 0 } } },
    { name: 'TopK axis 2', node: { opType: 'TopK', opset: 11, attributes: { axis: 2 } }, extra: [new Tensor('int64', [3n], [1])] },
    { name: 'Softmax axis 2', node: { opType: 'Softmax', opset: 13, attributes: { axis: 2 } } },
  ];
  for (const c of batched) {
    const node = Node.create(c.node);
    const resident = Tensor.allocate('float32', bigDims);
    resident.data.set(big);
    const runs = [new Tensor('float32', big, bigDims), resident].map((x) => digest(node.run([x, ...(c.extra ?? [])])));
    out.digests[`${c.name} float32 ${bigDims}`] = runs;
    resident.dispose();
  }
  return out;
}
