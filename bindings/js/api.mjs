// The public API shared by every entry point.
export { Tensor } from './tensor.mjs';
export { Node, LATEST_OPSET } from './graph-node.mjs';
export { InferenceSession } from './session.mjs';
export { inferModelShapes } from './shapes.mjs';
export { readTensorProto, memoryStats } from './tensor-proto.mjs';
export { float16BitsToNumber, numberToFloat16Bits, bfloat16BitsToNumber, numberToBfloat16Bits } from './half.mjs';
