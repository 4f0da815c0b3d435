#!/usr/bin/python3
"""Writes small models in the style of PyTorch's and Optimum's exports (an encoder layer, a CNN
block with a classifier head, a decode step with past keys and values, a quantized pooling
head) to tests/data/exported-models/<name>.onnx, and ONNX_SHAPES.tsv there: every value of each
graph as ONNX's own inference (onnx.shape_inference.infer_shapes with data_prop, Debian's
python3-onnx) gives it, in the package's text form. tests/cc/runtime/test_exported_shapes.cc
compares the package's inference value by value.

Usage: /usr/bin/python3 scripts/make-exported-models.py   (from the repository root)
"""
import os

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper as h
from onnx import numpy_helper

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'data', 'exported-models')
NAMES = {1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool', 10: 'float16', 11: 'float64'}


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def ints(name, values):
    return init(name, np.array(values, dtype=np.int64))


def weights(name, shape):
    return init(name, np.zeros(shape, dtype=np.float32))


def model(name, nodes, inputs, outputs, inits, opset):
    graph = h.make_graph(nodes, name, inputs, outputs, inits)
    m = h.make_model(graph, opset_imports=[h.make_opsetid('', opset)], producer_name='exported-style')
    m.ir_version = 8
    # ONNX's strict inference is the check: an invalid node raises.
    onnx.shape_inference.infer_shapes(m, strict_mode=True, data_prop=True)
    onnx.save(m, os.path.join(OUT, name + '.onnx'))
    return name, m


def encoder_layer():
    n = h.make_node
    nodes = [
        n('LayerNormalization', ['x', 'ln_w', 'ln_b'], ['ln'], axis=-1, epsilon=1e-5),
        n('Shape', ['x'], ['x_shape']),
        n('Gather', ['x_shape', 'zero'], ['batch'], axis=0),
        n('Gather', ['x_shape', 'one'], ['seq'], axis=0),
        n('Unsqueeze', ['batch', 'axes0'], ['batch_1']),
        n('Unsqueeze', ['seq', 'axes0'], ['seq_1']),
        n('Concat', ['batch_1', 'seq_1', 'heads_dim'], ['split_shape'], axis=0),
        n('MatMul', ['ln', 'Wq'], ['q']),
        n('MatMul', ['ln', 'Wk'], ['k']),
        n('MatMul', ['ln', 'Wv'], ['v']),
        n('Reshape', ['q', 'split_shape'], ['q4']),
        n('Reshape', ['k', 'split_shape'], ['k4']),
        n('Reshape', ['v', 'split_shape'], ['v4']),
        n('Transpose', ['q4'], ['qt'], perm=[0, 2, 1, 3]),
        n('Transpose', ['k4'], ['kt'], perm=[0, 2, 3, 1]),
        n('Transpose', ['v4'], ['vt'], perm=[0, 2, 1, 3]),
        n('MatMul', ['qt', 'kt'], ['scores']),
        n('Div', ['scores', 'scale'], ['scaled']),
        n('Equal', ['mask', 'zero'], ['masked']),
        n('Unsqueeze', ['masked', 'axes12'], ['masked4']),
        n('Where', ['masked4', 'neg_inf', 'scaled'], ['scores_m']),
        n('Softmax', ['scores_m'], ['probs'], axis=-1),
        n('MatMul', ['probs', 'vt'], ['ctx']),
        n('Transpose', ['ctx'], ['ctx_t'], perm=[0, 2, 1, 3]),
        n('Slice', ['x_shape', 'zero1', 'two1'], ['bs']),
        n('Concat', ['bs', 'hidden'], ['merge_shape'], axis=0),
        n('Reshape', ['ctx_t', 'merge_shape'], ['merged']),
        n('Gemm', ['merged2d', 'Wo', 'bo'], ['unused'], transB=1),
        n('Flatten', ['merged'], ['merged2d'], axis=2),
        n('Add', ['merged', 'x'], ['res']),
        n('Div', ['res', 'sqrt2'], ['g1']),
        n('Erf', ['g1'], ['g2']),
        n('Add', ['g2', 'onef'], ['g3']),
        n('Mul', ['res', 'g3'], ['gelu']),
        n('Pow', ['gelu', 'twof'], ['sq']),
        n('ReduceMean', ['sq'], ['y'], axes=[-1], keepdims=1),
    ]
    # Gemm before its input in graph order is not valid: move Flatten first.
    nodes.insert(27, nodes.pop(28))
    inputs = [h.make_tensor_value_info('x', T.FLOAT, ['batch', 'seq', 64]),
              h.make_tensor_value_info('mask', T.INT64, ['batch', 'seq'])]
    outputs = [h.make_tensor_value_info('y', T.FLOAT, None), h.make_tensor_value_info('unused', T.FLOAT, None)]
    inits = [weights('ln_w', [64]), weights('ln_b', [64]), ints('zero', 0), ints('one', 1), ints('axes0', [0]),
             ints('axes12', [1, 2]), ints('heads_dim', [4, 16]), ints('zero1', [0]), ints('two1', [2]),
             ints('hidden', [64]), weights('Wq', [64, 64]), weights('Wk', [64, 64]), weights('Wv', [64, 64]),
             weights('Wo', [32, 64]), weights('bo', [32]), init('scale', np.float32(4.0)),
             init('neg_inf', np.float32(-1e9)), init('sqrt2', np.float32(1.41421)), init('onef', np.float32(1)),
             init('twof', np.float32(2))]
    return model('encoder_layer', nodes, inputs, outputs, inits, 17)


def cnn_block():
    n = h.make_node
    nodes = [
        n('Conv', ['x', 'W1', 'B1'], ['c1'], kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[2, 2]),
        n('BatchNormalization', ['c1', 's1', 'b1', 'm1', 'v1'], ['bn1']),
        n('Relu', ['bn1'], ['r1']),
        n('MaxPool', ['r1'], ['p1'], kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[2, 2]),
        n('Conv', ['p1', 'W2'], ['c2'], kernel_shape=[1, 1], group=1),
        n('Clip', ['c2', 'lo', 'hi'], ['c2c']),
        n('Add', ['c2c', 'p1'], ['sum']),
        n('Conv', ['sum', 'W3'], ['c3'], kernel_shape=[3, 3], auto_pad='SAME_UPPER', group=16),
        n('Sigmoid', ['c3'], ['sg']),
        n('Mul', ['c3', 'sg'], ['silu']),
        n('AveragePool', ['silu'], ['ap'], kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1),
        n('ConvTranspose', ['ap', 'Wt'], ['up'], kernel_shape=[2, 2], strides=[2, 2]),
        n('Resize', ['up', '', 'scales'], ['rs'], mode='nearest'),
        n('GlobalAveragePool', ['silu'], ['gap']),
        n('Flatten', ['gap'], ['flat']),
        n('Gemm', ['flat', 'Wfc', 'bfc'], ['logits'], transB=1),
        n('Softmax', ['logits'], ['probs'], axis=1),
        n('ArgMax', ['probs'], ['label'], axis=1, keepdims=0),
    ]
    inputs = [h.make_tensor_value_info('x', T.FLOAT, ['N', 3, 64, 64])]
    outputs = [h.make_tensor_value_info('probs', T.FLOAT, None), h.make_tensor_value_info('label', T.INT64, None),
               h.make_tensor_value_info('rs', T.FLOAT, None)]
    inits = [weights('W1', [16, 3, 3, 3]), weights('B1', [16]), weights('s1', [16]), weights('b1', [16]),
             weights('m1', [16]), weights('v1', [16]), weights('W2', [16, 16, 1, 1]), init('lo', np.float32(0)),
             init('hi', np.float32(6)), weights('W3', [16, 1, 3, 3]), weights('Wt', [16, 8, 2, 2]),
             init('scales', np.array([1, 1, 2, 2], dtype=np.float32)), weights('Wfc', [10, 16]), weights('bfc', [10])]
    return model('cnn_block', nodes, inputs, outputs, inits, 13)


def decode_step():
    n = h.make_node
    nodes = [
        n('Gather', ['E', 'input_ids'], ['emb'], axis=0),
        n('MatMul', ['emb', 'Wk'], ['k']),
        n('Shape', ['emb'], ['emb_shape']),
        n('Slice', ['emb_shape', 'zero1', 'two1'], ['bs']),
        n('Concat', ['bs', 'heads_dim'], ['kshape'], axis=0),
        n('Reshape', ['k', 'kshape'], ['k4']),
        n('Transpose', ['k4'], ['kt'], perm=[0, 2, 1, 3]),
        n('Concat', ['past_key', 'kt'], ['present_key'], axis=2),
        n('Shape', ['present_key'], ['pk_shape']),
        n('Gather', ['pk_shape', 'two'], ['total']),
        n('Range', ['zero', 'total', 'one'], ['positions']),
        n('Unsqueeze', ['positions', 'axes0'], ['pos2']),
        n('Shape', ['input_ids'], ['ids_shape']),
        n('ConstantOfShape', ['ids_shape'], ['ones'], value=h.make_tensor('v', T.INT64, [1], [1])),
        n('CumSum', ['ones', 'one'], ['pos_ids']),
        n('Expand', ['pos2', 'exp_shape'], ['pos_b']),
        n('Cast', ['pos_b'], ['pos_f'], to=T.FLOAT),
        n('Trilu', ['pos_f'], ['tri'], upper=0),
        n('Split', ['present_key', 'split_sizes'], ['h01', 'h23'], axis=1),
        n('Squeeze', ['ones', 'axes1'], ['ones_1d']),
        n('Tile', ['tri', 'reps'], ['tiled']),
        n('Pad', ['tiled', 'pads'], ['padded']),
        n('Where', ['cond', 'padded', 'zerof'], ['picked']),
        n('Less', ['positions', 'total'], ['in_range']),
        n('Not', ['in_range'], ['out_range']),
        n('NonZero', ['out_range'], ['nz']),
        n('OneHot', ['input_ids', 'depth', 'onoff'], ['onehot']),
        n('GatherElements', ['past_key', 'gidx'], ['ge'], axis=2),
    ]
    inputs = [h.make_tensor_value_info('input_ids', T.INT64, ['batch', 1]),
              h.make_tensor_value_info('past_key', T.FLOAT, ['batch', 4, 'past_seq', 16]),
              h.make_tensor_value_info('cond', T.BOOL, [1, 1]),
              h.make_tensor_value_info('gidx', T.INT64, ['batch', 4, 1, 16])]
    outputs = [h.make_tensor_value_info('present_key', T.FLOAT, None),
               h.make_tensor_value_info('picked', T.FLOAT, None)]
    inits = [weights('E', [1000, 64]), weights('Wk', [64, 64]), ints('zero1', [0]), ints('two1', [2]),
             ints('heads_dim', [4, 16]), ints('two', 2), ints('zero', 0), ints('one', 1), ints('axes0', [0]),
             ints('axes1', [1]), ints('exp_shape', [3, 1]), ints('split_sizes', [2, 2]), ints('reps', [1, 2]),
             ints('pads', [0, 1, 0, 1]), init('zerof', np.float32(0)), ints('depth', 8),
             init('onoff', np.array([0, 1], dtype=np.float32))]
    return model('decode_step', nodes, inputs, outputs, inits, 14)


def quantized_head():
    n = h.make_node
    nodes = [
        n('DynamicQuantizeLinear', ['x'], ['xq', 'xs', 'xz']),
        n('MatMulInteger', ['xq', 'Wq', 'xz', 'wz'], ['acc']),
        n('Cast', ['acc'], ['accf'], to=T.FLOAT),
        n('Mul', ['accf', 'xs'], ['deq']),
        n('QuantizeLinear', ['deq', 'ys', 'yz'], ['yq']),
        n('DequantizeLinear', ['yq', 'ys', 'yz'], ['y']),
        n('ReduceMean', ['y'], ['pooled'], axes=[1], keepdims=0),
        n('TopK', ['pooled', 'k'], ['top_v', 'top_i'], axis=-1),
        n('Einsum', ['y', 'Wp'], ['proj'], equation='bsh,hd->bsd'),
        n('Size', ['proj'], ['count']),
        n('DepthToSpace', ['img', ], ['d2s'], blocksize=2),
        n('SpaceToDepth', ['d2s'], ['s2d'], blocksize=2),
        n('Identity', ['s2d'], ['same']),
        n('Dropout', ['same'], ['dropped']),
        n('ScatterND', ['dropped', 'sidx', 'supd'], ['scattered']),
        n('NonMaxSuppression', ['boxes', 'scores', 'maxo'], ['selected']),
    ]
    inputs = [h.make_tensor_value_info('x', T.FLOAT, ['batch', 'seq', 32]),
              h.make_tensor_value_info('img', T.FLOAT, [1, 8, 4, 4]),
              h.make_tensor_value_info('sidx', T.INT64, [2, 1]),
              h.make_tensor_value_info('supd', T.FLOAT, [2, 8, 4, 4]),
              h.make_tensor_value_info('boxes', T.FLOAT, [1, 'nbox', 4]),
              h.make_tensor_value_info('scores', T.FLOAT, [1, 1, 'nbox'])]
    outputs = [h.make_tensor_value_info('top_v', T.FLOAT, None), h.make_tensor_value_info('proj', T.FLOAT, None),
               h.make_tensor_value_info('selected', T.INT64, None)]
    inits = [init('Wq', np.zeros([32, 16], dtype=np.uint8)), init('wz', np.uint8(0)), init('ys', np.float32(0.1)),
             init('yz', np.uint8(128)), ints('k', [5]), weights('Wp', [16, 8]), ints('maxo', [10])]
    return model('quantized_head', nodes, inputs, outputs, inits, 13)


def text(type_proto):
    if type_proto is None or not type_proto.HasField('tensor_type'):
        return '?[*]'
    t = type_proto.tensor_type
    name = NAMES.get(t.elem_type, '?')
    if not t.HasField('shape'):
        return name + '[*]'
    # ONNX names the unknown dims of its answers unk__0, unk__1, ...: written as unknown ('?').
    dims = [str(d.dim_value) if d.HasField('dim_value') else
            d.dim_param if d.HasField('dim_param') and not d.dim_param.startswith('unk__') else '?'
            for d in t.shape.dim]
    return name + '[' + ','.join(dims) + ']'


def main():
    rows = []
    for name, m in [encoder_layer(), cnn_block(), decode_step(), quantized_head()]:
        inferred = onnx.shape_inference.infer_shapes(m, data_prop=True)
        found = {v.name: v.type for v in list(inferred.graph.value_info) + list(inferred.graph.output)
                 if v.HasField('type')}
        for node in m.graph.node:
            for out in node.output:
                if out:
                    rows.append((name, out, text(found.get(out))))
    with open(os.path.join(OUT, 'ONNX_SHAPES.tsv'), 'w') as f:
        f.write('# model\tvalue\tonnx (scripts/make-exported-models.py, ONNX %s, data_prop)\n' % onnx.__version__)
        for r in rows:
            f.write('\t'.join(r) + '\n')
    print(len(rows), 'computed values;', sum(1 for r in rows if '?' not in r[2]), 'with every dim known to ONNX')


main()
