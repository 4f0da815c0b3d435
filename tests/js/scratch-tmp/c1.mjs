import { init, InferenceSession, readTensorProto, inferModelShapes } from '../../../dist/index.node.mjs';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
await init();
const root = '/work/shared/onnx-backend-tests';
for (const sub of ['node', 'pytorch-operator']) for (const t of readdirSync(`${root}/${sub}`)) {
  const dir = `${root}/${sub}/${t}`;
  if (!existsSync(`${dir}/model.onnx`)) continue;
  let s;
  try { s = await InferenceSession.create(readFileSync(`${dir}/model.onnx`)); } catch (e) { console.log(t, 'CREATE', e.message.slice(0, 80)); continue; }
  const sets = readdirSync(dir).filter((d) => d.startsWith('test_data_set'));
  for (const ds of sets) {
    const files = readdirSync(`${dir}/${ds}`);
    const ins = files.filter((f) => f.startsWith('input')).sort((a, b) => parseInt(a.slice(6)) - parseInt(b.slice(6)));
    const feeds = {};
    ins.forEach((f, i) => { const { name, tensor } = readTensorProto(readFileSync(`${dir}/${ds}/${f}`)); feeds[s.inputNames[i]] = tensor; if (name !== s.inputNames[i]) console.log(t, 'name', name, s.inputNames[i]); });
    try {
      const out = s.runSync(feeds);
      const exp = readTensorProto(readFileSync(`${dir}/${ds}/output_0.pb`));
      const got = out[s.outputNames[0]];
      let bad = got.type !== exp.tensor.type || JSON.stringify(got.dims) !== JSON.stringify(exp.tensor.dims);
      for (let i = 0; i < got.data.length && !bad; i++) { const a = got.data[i], b = exp.tensor.data[i]; if (typeof a === 'bigint' ? a !== b : !(Math.abs(a - b) <= 1e-6 + 1e-4 * Math.abs(b) || (Number.isNaN(a) && Number.isNaN(b)))) bad = true; }
      if (bad) console.log(t, ds, 'MISMATCH', got.type, got.dims, Array.from(got.data).slice(0, 5), exp.tensor.type, exp.tensor.dims, Array.from(exp.tensor.data).slice(0, 5));
      if (sets.length > 1 || exp.name !== s.outputNames[0]) console.log(t, 'sets', sets.length, exp.name, s.outputNames);
    } catch (e) { console.log(t, 'RUN', e.message); }
  }
}
