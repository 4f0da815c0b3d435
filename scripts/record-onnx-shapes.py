#!/usr/bin/python3
"""Records, for every model under a folder, each graph output's declared type and shape and
what ONNX's own shape inference (onnx.shape_inference.infer_shapes, as Debian's python3-onnx
installs it) gives for it, in the text form of the package's shapes ("float32[N,3]", "?[*]", "seq(float32[N,3])").
The C++ tests compare the package's inference with both.

Usage: /usr/bin/python3 scripts/record-onnx-shapes.py tests/data/onnx-node-models
Writes <folder>/ONNX_SHAPES.tsv: test, output, declared, onnx (tab-separated, sorted).
"""
import os
import sys

import onnx
import onnx.shape_inference

NAMES = {1: 'float32', 2: 'uint8', 3: 'int8', 4: 'uint16', 5: 'int16', 6: 'int32', 7: 'int64', 8: 'string',
         9: 'bool', 10: 'float16', 11: 'float64', 12: 'uint32', 13: 'uint64', 14: 'complex64', 15: 'complex128',
         16: 'bfloat16'}


def text(type_proto):
    """A tensor as "float32[N,3]"; a sequence as "seq(float32[N,3])", an optional as
    "opt(seq(float32[*]))"; an element type ONNX leaves unset as "?"."""
    if type_proto is None:
        return '?[*]'
    if type_proto.HasField('sequence_type'):
        return 'seq(' + text(type_proto.sequence_type.elem_type if type_proto.sequence_type.HasField('elem_type') else None) + ')'
    if type_proto.HasField('optional_type'):
        return 'opt(' + text(type_proto.optional_type.elem_type if type_proto.optional_type.HasField('elem_type') else None) + ')'
    if not type_proto.HasField('tensor_type'):
        return 'non-tensor'  # a map or a sparse tensor
    t = type_proto.tensor_type
    name = NAMES.get(t.elem_type, '?') if t.elem_type else '?'
    if not t.HasField('shape'):
        return name + '[*]'
    dims = []
    for d in t.shape.dim:
        dims.append(str(d.dim_value) if d.HasField('dim_value') else d.dim_param if d.HasField('dim_param') else '?')
    return name + '[' + ','.join(dims) + ']'


def main(folder):
    rows = []
    for test in sorted(os.listdir(folder)):
        path = os.path.join(folder, test, 'model.onnx')
        if not os.path.exists(path):
            continue
        model = onnx.load(path)
        stripped = onnx.ModelProto()
        stripped.CopyFrom(model)
        # ONNX's answer without the declarations: the outputs' types cleared, value_info dropped.
        for out in stripped.graph.output:
            out.ClearField('type')
        del stripped.graph.value_info[:]
        try:
            inferred = onnx.shape_inference.infer_shapes(stripped)
            found = {v.name: v.type for v in list(inferred.graph.value_info) + list(inferred.graph.output)
                     if v.HasField('type')}
        except Exception:  # noqa: BLE001 -- ONNX's own inference failing is recorded as unknown
            found = {}
        for out in model.graph.output:
            rows.append((test, out.name, text(out.type), text(found.get(out.name))))
    with open(os.path.join(folder, 'ONNX_SHAPES.tsv'), 'w') as f:
        f.write('# test\toutput\tdeclared\tonnx (scripts/record-onnx-shapes.py, ONNX %s)\n' % onnx.__version__)
        for r in rows:
            f.write('\t'.join(r) + '\n')
    print(len(rows), 'outputs;', sum(1 for r in rows if r[2] == r[3]), 'inferred by ONNX as declared')


main(sys.argv[1])
