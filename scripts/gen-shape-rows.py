#!/usr/bin/python3
"""Writes src/schema/rows/<category>_rows.cc: the registry rows of the ai.onnx ops the package
infers but does not run, one row per (op, since-version) that ONNX's own schemas know (ONNX
1.12, opset 17, as Debian's python3-onnx installs it), with their inputs, attribute types,
output counts and the element types of their first input. Each op is named here with the
shape rule (schema/shape_rules.h) that infers it; ops without a rule get no rows.

With --changelog, it writes src/schema/rows/newer_rows.cc instead: the rows of the versions
after opset 17 up to kMaxOpset, read from ONNX's operator docs (docs/Changelog.md of the
onnx/onnx repository: each version's inputs, attributes, outputs and type constraints).

Usage (from the repository root):
  /usr/bin/python3 scripts/gen-shape-rows.py
  python3 scripts/gen-shape-rows.py --changelog path/to/onnx/docs/Changelog.md
"""
import html
import os
import re
import sys

MAX_OPSET = 26  # kMaxOpset (src/schema/op_schema.h)

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
    'TfIdfVectorizer': 'kTfIdfVectorizer', 'Col2Im': 'kCol2Im',
    # added after opset 17
    'Gelu': 'kSameAsInput', 'Swish': 'kSameAsInput', 'GroupNormalization': 'kSameAsInput',
    'RMSNormalization': 'kSameAsInput', 'RotaryEmbedding': 'kSameAsInput', 'TensorScatter': 'kSameAsInput',
    'RegexFullMatch': 'kSameShapeBool', 'StringConcat': 'kBroadcast', 'DeformConv': 'kConv',
    'AffineGrid': 'kAffineGrid', 'Attention': 'kAttention', 'BitCast': 'kBitCast', 'CenterCropPad': 'kCenterCropPad',
    'ImageDecoder': 'kImageDecoder', 'StringSplit': 'kStringSplit',
    # inferred through their subgraphs by whole-model inference (runtime/subgraph_shapes.h)
    'If': 'kSubgraphs', 'Loop': 'kSubgraphs', 'Scan': 'kSubgraphs',
})

TYPES = {'float': 'kFloat', 'uint8': 'kUint8', 'int8': 'kInt8', 'uint16': 'kUint16', 'int16': 'kInt16',
         'int32': 'kInt32', 'int64': 'kInt64', 'string': 'kString', 'bool': 'kBool', 'float16': 'kFloat16',
         'double': 'kDouble', 'uint32': 'kUint32', 'uint64': 'kUint64', 'bfloat16': 'kBfloat16'}
# The types after bfloat16, known to shape inference only (src/core/dtype.h): in the rows of
# --changelog; the ONNX 1.12 rows have none.
NEWER_TYPES = {'float8e4m3fn': 'kFloat8E4M3FN', 'float8e4m3fnuz': 'kFloat8E4M3FNUZ', 'float8e5m2': 'kFloat8E5M2',
               'float8e5m2fnuz': 'kFloat8E5M2FNUZ', 'uint4': 'kUint4', 'int4': 'kInt4', 'float4e2m1': 'kFloat4E2M1',
               'float8e8m0': 'kFloat8E8M0', 'uint2': 'kUint2', 'int2': 'kInt2'}
ATTR_NAMES = {'float': 'kFloat', 'int': 'kInt', 'string': 'kString', 'tensor': 'kTensor', 'graph': 'kGraph',
              'list of floats': 'kFloats', 'list of ints': 'kInts', 'list of strings': 'kStrings',
              'list of tensors': 'kTensors', 'list of graphs': 'kGraphs', 'sparse_tensor': 'kSparseTensor',
              'type_proto': 'kTypeProto', 'list of type_protos': 'kTypeProtos'}
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


ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'schema', 'rows')


class Arrays:
    """The named InputSpec and AttrSpec arrays of one generated file, each written once."""

    def __init__(self):
        self.lines, self.names = [], {}

    def name(self, kind, items):
        if not items:
            return '{}'
        key = (kind, ', '.join(items))
        if key not in self.names:
            self.names[key] = 'k%s%d' % (kind, len([k for k in self.names if k[0] == kind]))
            self.lines.append('constexpr %s %s[] = {%s};' % ('InputSpec' if kind == 'In' else 'AttrSpec',
                                                             self.names[key], key[1]))
        return self.names[key]


def row(name, since, types, inputs, attributes, min_out, max_out):
    return '    inferred_row("%s", %d, {%s}, %s, %s, %d, %d, ShapeRule::%s),' % (
        name, since, ', '.join(types), inputs, attributes, min_out, min(max_out, 255), RULES[name])


def write(path, header, arrays, rows, function):
    with open(path, 'w') as f:
        f.write(header)
        f.write('#include "schema/rows/inferred_rows.h"\n\nnamespace orw {\nnamespace {\n\nusing DT = DataType;\n\n')
        f.write('\n'.join(arrays.lines) + '\n\n')
        f.write('constexpr OpSchema kRows[] = {\n' + '\n'.join(rows) + '\n};\n\n}  // namespace\n\n')
        f.write('StaticList<OpSchema> %s() { return kRows; }\n\n}  // namespace orw\n' % function)


def changelog_versions(text):
    """(name, since, inputs, attributes, min_out, max_out, first input types) of every version
    of the default domain after opset 17, from Changelog.md."""
    out = []
    for part in re.split(r'\n## ', text):
        m = re.match(r'Version (\d+) of the default ONNX operator set', part)
        if not m or not 17 < int(m.group(1)) <= MAX_OPSET:
            continue
        for sec in re.split(r'\n### <a name="', part)[1:]:
            name, since = re.match(r'([A-Za-z0-9]+)-(\d+)"', sec).groups()
            if '(deprecated)' in sec.split('\n', 1)[0]:
                continue  # as ONNX's checker, no row: the version must not be used
            blocks = dict(re.findall(r'#### (Attributes|Inputs|Outputs|Type Constraints)[^\n]*\n\n?<dl>(.*?)</dl>', sec, re.S))
            dts = lambda b: re.findall(r'<dt>(.*?)</dt>', blocks.get(b, ''), re.S)
            attrs = []
            for dt in dts('Attributes'):
                an, at = re.match(r'<tt>([^<]+)</tt> : ([a-z_ ]+)', dt).groups()
                attrs.append((an, ATTR_NAMES[at.strip()]))
            inputs = []
            for dt in dts('Inputs'):
                m2 = re.match(r'<tt>([^<]+)</tt>(?: \(([^)]*)\))? : (.*)', dt)
                flags = m2.group(2) or ''
                inputs.append((m2.group(1), 'optional' in flags, 'variadic' in flags, html.unescape(m2.group(3)).strip()))
            constraints = {}
            for dt in dts('Type Constraints'):
                cn, ts = re.match(r'<tt>([^<]+)</tt> : (.*)', dt, re.S).groups()
                constraints[cn] = re.findall(r'tensor\(([a-z0-9]+)\)', ts)
            outs = dts('Outputs')
            counts = re.search(r'#### Outputs \((\d+) - ([^)]+)\)', sec)
            min_out, max_out = len(outs), len(outs)
            if counts:
                min_out = int(counts.group(1))
                max_out = 255 if '8734' in counts.group(2) or '∞' in counts.group(2) else int(counts.group(2))
            types = []
            if inputs:
                t = inputs[0][3]
                allowed = constraints.get(t, re.findall(r'tensor\(([a-z0-9]+)\)', t))
                known = dict(TYPES, **NEWER_TYPES)
                types = ['DT::' + known[a] for a in allowed if a in known]
            out.append((name, int(since), inputs, sorted(attrs), min_out, max_out, types))
    return out


def write_newer(changelog):
    arrays, rows = Arrays(), []
    for name, since, inputs, attrs, min_out, max_out, types in sorted(changelog_versions(changelog)):
        if name in RUN or name not in RULES:
            continue
        ins = ['{"%s", %s, %s}' % (n, 'true' if o else 'false', 'true' if v else 'false') for n, o, v, _ in inputs]
        ats = ['{"%s", AttrType::%s}' % (n, t) for n, t in attrs]
        rows.append(row(name, since, types, arrays.name('In', ins), arrays.name('Attrs', ats), max(min_out, 1), max_out))
    write(os.path.join(ROOT, 'newer_rows.cc'),
          '// Generated by scripts/gen-shape-rows.py --changelog from ONNX\'s docs/Changelog.md (opsets 18..%d):\n'
          '// do not edit. The rows of the versions after ONNX 1.12 of the ops the package infers but does\n'
          '// not run; the element types after bfloat16 (float8, int4, ...) are for shape inference only.\n' % MAX_OPSET,
          arrays, rows, 'newer_rows')
    print(len(rows), 'rows')


def main():
    import onnx
    import onnx.defs
    root = ROOT
    by_category = {}
    for s in sorted(onnx.defs.get_all_schemas_with_history(), key=lambda s: (s.name, s.since_version)):
        if (s.domain != '' or s.name in RUN or s.name not in RULES or s.deprecated
                or s.support_level == onnx.defs.OpSchema.SupportType.EXPERIMENTAL):
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


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--changelog':
        with open(sys.argv[2], encoding='utf-8') as f:
            write_newer(f.read())
    else:
        main()
