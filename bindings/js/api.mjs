// The public API shared by every entry point.
export { Tensor } from './tensor.mjs';
export { Node } from './graph-node.mjs';
export { LATEST_OPSET } from './module.mjs';
export { runtimeInfo } from './threads.mjs';
export { InferenceSession } from './session.mjs';
export { inferModelShapes } from './shapes.mjs';
export { makeModel, makeNode } from './model-builder.mjs';
export { readTensorProto, memoryStats } from './tensor-proto.mjs';
export { float16BitsToNumber, numberToFloat16Bits, bfloat16BitsToNumber, numberToBfloat16Bits } from './half.mjs';
// For the demo page's op tables (web/ops.js), not part of the typed API: the registry's rows.
export { registryRows as _registryRows } from './registry-rows.mjs';
