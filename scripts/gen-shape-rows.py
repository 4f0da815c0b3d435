#!/usr/bin/python3
"""Writes src/schema/rows/<category>_rows.cc: the registry rows of the ai.onnx ops the package
infers but does not run, one row per (op, since-version) that ONNX's own schemas know (ONNX
1.12, opset 17, as Debian's python3-onnx installs it), with their inputs, attribute types,
output counts and the element types of their first input. Each op is named here with the
shape rule (schema/shape_rules.h) that infers it; ops without a rule get no rows. Versions
newer than ONNX 1.12 are written by hand in src/schema/rows/newer_rows.cc.

Usage: /usr/bin/python3 scripts/gen-shape-rows.py   (from the repository root)
"""
import os
import onnx
import onnx.defs

# Ops the package runs: their rows are in src/schema/op_table.cc.
RUN = {'ReduceProd', 'ReduceMean', 'ReduceSumSquare', 'ReduceL1', 'ReduceL2', 'ReduceLogSum', 'ReduceLogSumExp',
       'ReduceSum', 'ReduceMax', 'ReduceMin', 'CumSum', 'CumProd', 'Softmax', 'LogSoftmax', 'Hardmax',
       'LpNormalization', 'Abs', 'Exp', 'Log', 'Sqrt', 'Neg', 'Reciprocal', 'Add', 'Sub', 'Mul', 'Div', 'Cast',
       'CastLike', 'Constant', 'ArgMax', 'ArgMin', 'TopK', 'Reshape', 'Squeeze', 'Unsqueeze', 'Flatten', 'Identity',
       'Shape', 'Expand', 'Clip'}

SAME = ['Relu', 'LeakyRelu', 'Elu', 'Selu', 'Celu', 'Sigmoid', 'HardSigmoid', 'HardSwish', 'Softplus', 'Softsign',
        'Tanh', 'Erf', 'Sin', 'Cos', 'Tan', 'Asin', 'Acos', 'Atan', 'Sinh', 'Cosh', 'Asinh', 'Acosh', 'Atanh',
        'Ceil', 'Floor', 'Round', 'Sign', 'Clip', 'Identity', 'Not', 'ThresholdedRelu', 'Shrink', 'Mish', 'LRN',
        'InstanceNormalization', 'MeanVarianceNormalization', 'Trilu', 'ReverseSequence', 'BitwiseNot',
        'ScatterND', 'ScatterElements', 'Scatter', 'PRelu']
BROADCAST = ['Pow', 'Mod', 'BitShift', 'Sum', 'Mean', 'Max', 'Min', 'BitwiseAnd', 'BitwiseOr', 'BitwiseXor']
COMPARE = ['Equal', 'Less', 'Greater', 'LessOrEqual', 'GreaterOrEqual', 'And', 'Or', 'Xor']
RULES = {op: 'kSameAsInput' for op in SAME}
RULES.update({op: 'kBroadcast' for op in BROADCAST})
RULES.update({op: 'kBroadcastToBool' for op in COMPARE})
RULES.update({
    'IsNaN': 'kSameShapeBool', 'IsInf': 'kSameShapeBool', 'Where': 'kWhere',
    'MatMul': 'kMatMul', 'MatMulInteger': 'kMatMulInteger', 'Gemm': 'kGemm',
    'Conv': 'kConv', 'ConvInteger': 'kConvInteger', 'ConvTranspose': 'kConvTranspose',
    'MaxPool': 'kPool', 'AveragePool': 'kPool', 'LpPool': 'kPool',
    'GlobalAveragePool': 'kGlobalPool', 'GlobalMaxPool': 'kGlobalPool', 'GlobalLpPool': 'kGlobalPool',
    'BatchNormalization': 'kBatchNormalization', 'LayerNormalization': 'kLayerNormalization',
    'Dropout': 'kDropout',
    'Flatten': 'kFlatten', 'Reshape': 'kReshape', 'Transpose': 'kTranspose', 'Squeeze': 'kSqueeze',
    'Unsqueeze': 'kUnsqueeze', 'Concat': 'kConcat', 'Split': 'kSplit', 'Slice': 'kSlice', 'Gather': 'kGather',
    'GatherElements': 'kGatherElements', 'GatherND': 'kGatherND', 'Shape': 'kShape', 'Size': 'kSize',
    'Expand': 'kExpand', 'Tile': 'kTile', 'Pad': 'kPad', 'DepthToSpace': 'kDepthToSpace',
    'SpaceToDepth': 'kSpaceToDepth', 'Range': 'kRange', 'ConstantOfShape': 'kConstantOfShape',
    'OneHot': 'kOneHot', 'NonZero': 'kNonZero', 'Einsum': 'kEinsum', 'Resize': 'kResize',
    'QuantizeLinear': 'kQuantizeLinear', 'DequantizeLinear': 'kDequantizeLinear',
    'DynamicQuantizeLinear': 'kDynamicQuantizeLinear', 'NonMaxSuppression': 'kNonMaxSuppression',
    'EyeLike': 'kEyeLike',
    'LSTM': 'kRecurrent', 'GRU': 'kRecurrent', 'RNN': 'kRecurrent', 'DFT': 'kDft', 'STFT': 'kStft',
    'HannWindow': 'kWindow', 'HammingWindow': 'kWindow', 'BlackmanWindow': 'kWindow',
    'MelWeightMatrix': 'kMelWeightMatrix', 'QLinearMatMul': 'kQLinearMatMul', 'Det': 'kDet',
    'NegativeLogLikelihoodLoss': 'kLoss', 'SoftmaxCrossEntropyLoss': 'kLoss', 'RandomNormal': 'kRandom',
    'RandomUniform': 'kRandom', 'RandomNormalLike': 'kRandomLike', 'RandomUniformLike': 'kRandomLike',
    'Bernoulli': 'kRandomLike', 'Multinomial': 'kMultinomial', 'QLinearConv': 'kQLinearConv',
    'MaxUnpool': 'kMaxUnpool', 'RoiAlign': 'kRoiPool', 'MaxRoiPool': 'kRoiPool', 'GridSample': 'kGridSample',
    'Compress': 'kCompress', 'Unique': 'kUnique', 'Upsample': 'kUpsample', 'StringNormalizer': 'kStringNormalizer',
    'TfIdfVectorizer': 'kTfIdfVectorizer',
})

TYPES = {'float': 'kFloat', 'uint8': 'kUint8', 'int8': 'kInt8', 'uint16': 'kUint16', 'int16': 'kInt16',
         'int32': 'kInt32', 'int64': 'kInt64', 'string': 'kString', 'bool': 'kBool', 'float16': 'kFloat16',
         'double': 'kDouble', 'uint32': 'kUint32', 'uint64': 'kUint64', 'bfloat16': 'kBfloat16'}
ATTR = {1: 'kFloat', 2: 'kInt', 3: 'kString', 4: 'kTensor', 5: 'kGraph', 6: 'kFloats', 7: 'kInts', 8: 'kStrings',
        9: 'kTensors', 10: 'kGraphs', 11: 'kSparseTensor', 12: 'kSparseTensors', 13: 'kTypeProto', 14: 'kTypeProtos'}


def first_input_types(schema):
    if not schema.inputs:
        return []
    ts = schema.inputs[0].typeStr
    allowed = [ts]
    for c in schema.type_constraints:
        if c.type_param_str == ts:
            allowed = list(c.allowed_type_strs)
    out = []
    for t in allowed:
        if t.startswith('tensor(') and t[7:-1] in TYPES:
            out.append('DT::' + TYPES[t[7:-1]])
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'schema', 'rows')
    by_category = {}
    for s in sorted(onnx.defs.get_all_schemas_with_history(), key=lambda s: (s.name, s.since_version)):
        if s.domain != '' or s.name in RUN or s.name not in RULES or s.deprecated:
            continue
        by_category.setdefault(s.file.replace('\\', '/').split('/')[-2], []).append(s)
    for category, schemas in sorted(by_category.items()):
        arrays, names, rows = [], {}, []

        def array(kind, items, text):
            key = (kind, text)
            if key not in names:
                names[key] = 'k%s%d' % (kind, len([k for k in names if k[0] == kind]))
                arrays.append('constexpr %s %s[] = {%s};' % ('InputSpec' if kind == 'In' else 'AttrSpec', names[key], text))
            return names[key]

        for s in schemas:
            ins = []
            for i, p in enumerate(s.inputs):
                opt = p.option == onnx.defs.OpSchema.FormalParameterOption.Optional
                var = p.option == onnx.defs.OpSchema.FormalParameterOption.Variadic
                ins.append('{"%s", %s, %s}' % (p.name, 'true' if opt else 'false', 'true' if var else 'false'))
            attrs = ['{"%s", AttrType::%s}' % (n, ATTR[int(a.type)]) for n, a in sorted(s.attributes.items())]
            inputs = array('In', ins, ', '.join(ins)) if ins else '{}'
            attributes = array('Attrs', attrs, ', '.join(attrs)) if attrs else '{}'
            max_out = min(s.max_output, 255)
            types = ', '.join(first_input_types(s))
            rows.append('    inferred_row("%s", %d, {%s}, %s, %s, %d, %d, ShapeRule::%s),' % (
                s.name, s.since_version, types, inputs, attributes, s.min_output, max_out, RULES[s.name]))
        path = os.path.join(root, category + '_rows.cc')
        with open(path, 'w') as f:
            f.write('// Generated by scripts/gen-shape-rows.py from ONNX %s (onnx/defs/%s): do not edit.\n'
                    % (onnx.__version__, category))
            f.write('// The rows of the %s ops the package infers but does not run.\n' % category)
            f.write('#include "schema/rows/inferred_rows.h"\n\nnamespace orw {\nnamespace {\n\n'
                    'using DT = DataType;\n\n')
            f.write('\n'.join(arrays) + '\n\n')
            f.write('constexpr OpSchema kRows[] = {\n' + '\n'.join(rows) + '\n};\n\n}  // namespace\n\n')
            f.write('StaticList<OpSchema> %s_rows() { return kRows; }\n\n}  // namespace orw\n' % category)
    print(' '.join(sorted(by_category)))


main()
