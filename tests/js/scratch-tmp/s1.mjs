import { init, inferModelShapes } from '../../../dist/index.node.mjs';
import { readFileSync } from 'node:fs';
await init();
const root = '/work/shared/onnx-backend-tests';
for (const t of ['node/test_reduce_sum_do_not_keepdims_example', 'node/test_reduce_sum_empty_axes_input_noop', 'node/test_reduce_max_bool_inputs', 'node/test_cumprod_2d_axis_1', 'node/test_reduce_l1_default_axes_keepdims_example', 'pytorch-operator/test_operator_reduced_mean', 'pytorch-operator/test_operator_reduced_sum_keepdim', 'node/test_reduce_prod_do_not_keepdims_example', 'node/test_reduce_sum_empty_set'])
  console.log(t, JSON.stringify(inferModelShapes(readFileSync(`${root}/${t}/model.onnx`))));
