import type { NetMeta } from './file.js';
import { weightBytes } from './file.js';
import { blockSizes, type Net } from './net.js';
import { bytesField, concat, intField, messageField, stringField } from './protobuf.js';

/** ONNX's IR version and operator set written (IR 8: ONNX 1.10; opset 13: Gemm, MatMul, Add, Relu as they are today). */
export const ONNX_IR_VERSION = 8;
export const ONNX_OPSET = 13;

/** TensorProto.DataType FLOAT. */
const FLOAT = 1;

/** Field numbers of onnx.proto (ONNX's schema) for the messages written here. */
const F = {
  model: { irVersion: 1, producerName: 2, producerVersion: 3, docString: 6, graph: 7, opsetImport: 8, metadataProps: 14 },
  opset: { domain: 1, version: 2 },
  entry: { key: 1, value: 2 },
  graph: { node: 1, name: 2, initializer: 5, docString: 10, input: 11, output: 12 },
  node: { input: 1, output: 2, name: 3, opType: 4 },
  tensor: { dims: 1, dataType: 2, name: 8, rawData: 9 },
  valueInfo: { name: 1, type: 2 },
  type: { tensorType: 1 },
  tensorType: { elemType: 1, shape: 2 },
  shape: { dim: 1 },
  dim: { value: 1, param: 2 },
} as const;

/** A dimension: a fixed size, or a named free one (`"batch"`, `"actions"`). */
type Dim = number | string;

function valueInfo(name: string, dims: readonly Dim[]): Uint8Array[] {
  const dim = dims.map((d) => messageField(F.shape.dim, [typeof d === 'number' ? intField(F.dim.value, d) : stringField(F.dim.param, d)]));
  const tensorType = [intField(F.tensorType.elemType, FLOAT), messageField(F.tensorType.shape, dim)];
  return [stringField(F.valueInfo.name, name), messageField(F.valueInfo.type, [messageField(F.type.tensorType, tensorType)])];
}

/** A graph under construction: nodes, initializers, and a counter for node names. */
class Graph {
  readonly nodes: Uint8Array[] = [];
  readonly initializers: Uint8Array[] = [];

  /** A Float32 initializer of shape `dims` from `weights[start, start + product(dims))`. */
  initializer(name: string, dims: readonly number[], weights: Float32Array, start: number): string {
    const n = dims.reduce((a, b) => a * b, 1);
    this.initializers.push(
      messageField(F.graph.initializer, [
        ...dims.map((d) => intField(F.tensor.dims, d)),
        intField(F.tensor.dataType, FLOAT),
        stringField(F.tensor.name, name),
        bytesField(F.tensor.rawData, weightBytes(weights.subarray(start, start + n))),
      ]),
    );
    return name;
  }

  /** A node `opType(inputs) -> output`, named after its output. */
  node(opType: string, inputs: readonly string[], output: string): string {
    this.nodes.push(
      messageField(F.graph.node, [
        ...inputs.map((i) => stringField(F.node.input, i)),
        stringField(F.node.output, output),
        stringField(F.node.name, output),
        stringField(F.node.opType, opType),
      ]),
    );
    return output;
  }

  /**
   * An MLP block as Gemm (x W + b; W is [in, out], the block's storage order)
   * and Relu nodes; its last output is named `out`.
   * @param first layer 0's pre-activation when the caller computed it (the feature head), else null; it must be
   *   named `out` when layer 0 is the block's linear output.
   */
  mlp(prefix: string, x: string, sizes: readonly number[], relu: boolean, weights: Float32Array, start: number, out: string, first: string | null): string {
    let a = x;
    let off = start;
    const layers = sizes.length - 1;
    for (let l = 0; l < layers; l++) {
      const nIn = sizes[l]!;
      const nOut = sizes[l + 1]!;
      const last = l === layers - 1;
      const act = !last || relu;
      const name = last && !act ? out : `${prefix}.${l}.pre`;
      if (l === 0 && first !== null) {
        a = first;
      } else {
        const w = this.initializer(`${prefix}.${l}.weight`, [nIn, nOut], weights, off);
        const b = this.initializer(`${prefix}.${l}.bias`, [nOut], weights, off + nIn * nOut);
        a = this.node('Gemm', [a, w, b], name);
      }
      off += nIn * nOut + nOut;
      if (act) a = this.node('Relu', [a], last ? out : `${prefix}.${l}`);
    }
    return a;
  }
}

/**
 * The net as an ONNX model (https://onnx.ai/onnx/repo-docs/IR.html), IR 8,
 * opset 13, every weight an initializer (raw little-endian float32, shapes
 * `[in, out]` and `[out]`); operators Gemm, Relu, and with a feature head
 * MatMul and Add.
 *
 * Inputs and outputs (float32):
 * - dense head: input `obs` [batch, inputSize]; outputs `value` [batch, seats]
 *   and `action_scores` [batch, actions], the scores of every action id:
 *   the caller masks the illegal ids out (as `Net.scoreActions` reads the legal ones).
 * - feature head: inputs `obs` [1, inputSize] and `action_features`
 *   [actions, featureSize] (one row per legal action, as `Net.scoreActions`
 *   takes them); outputs `value` [1, seats] and `action_scores` [actions, 1].
 *   The head's first layer is split as the net computes it: the trunk's rows
 *   (`action.0.weight_trunk`, Gemm with the bias, once) plus the features'
 *   rows (`action.0.weight_features`, MatMul, one row per action), added
 *   with broadcasting.
 * - a net with a base policy (`NetArchitecture.base`): `obs` ends with the
 *   one-hot of the base action over the ids (dense head), or each
 *   `action_features` row ends with 1 for the base action and 0 for the
 *   others (feature head), as `NetInput` writes them.
 *
 * The model's metadata_props hold `ninefold.head`, `ninefold.base` (with a
 * base policy), and with `meta` `ninefold.game`, `ninefold.variant`
 * (JSON), `ninefold.layoutHash` and `ninefold.provenance` (JSON).
 */
export function exportOnnx(net: Net, meta?: NetMeta): Uint8Array {
  const arch = net.arch;
  const sizes = blockSizes(arch);
  const w = net.weights;
  const g = new Graph();
  const feature = arch.head.kind === 'feature';
  const batch: Dim = feature ? 1 : 'batch';
  const trunk = g.mlp('trunk', 'obs', sizes.trunk, true, w, net.blocks.trunk.start, 'trunk_out', null);
  g.mlp('value', trunk, sizes.value, false, w, net.blocks.value.start, 'value', null);
  const inputs = [messageField(F.graph.input, valueInfo('obs', [batch, arch.inputSize]))];
  let actionOut: Dim[];
  if (arch.head.kind === 'dense') {
    g.mlp('action', trunk, sizes.action, false, w, net.blocks.action.start, 'action_scores', null);
    actionOut = [batch, arch.head.actions];
  } else {
    const t = net.trunkOutput;
    const f = arch.head.featureSize;
    const h = sizes.action[1]!;
    const a0 = net.blocks.action.start;
    inputs.push(messageField(F.graph.input, valueInfo('action_features', ['actions', f])));
    const wt = g.initializer('action.0.weight_trunk', [t, h], w, a0);
    const wf = g.initializer('action.0.weight_features', [f, h], w, a0 + t * h);
    const b = g.initializer('action.0.bias', [h], w, a0 + (t + f) * h);
    const state = g.node('Gemm', [trunk, wt, b], 'action.0.state');
    const rows = g.node('MatMul', ['action_features', wf], 'action.0.features');
    const pre0 = g.node('Add', [rows, state], sizes.action.length === 2 ? 'action_scores' : 'action.0.pre');
    g.mlp('action', 'action_features', sizes.action, false, w, a0, 'action_scores', pre0);
    actionOut = ['actions', 1];
  }
  const graph = [
    ...g.nodes,
    stringField(F.graph.name, `ninefold ${meta?.game ?? 'net'}`),
    ...g.initializers,
    stringField(F.graph.docString, feature ? FEATURE_DOC : DENSE_DOC),
    ...inputs,
    messageField(F.graph.output, valueInfo('value', [batch, arch.seats])),
    messageField(F.graph.output, valueInfo('action_scores', actionOut)),
  ];
  const props: [string, string][] = [['ninefold.head', arch.head.kind]];
  // The base policy whose action the inputs end with (see above): readers must write it as ninefold does.
  if (arch.base) props.push(['ninefold.base', arch.base]);
  if (meta) {
    props.push(['ninefold.game', meta.game], ['ninefold.variant', JSON.stringify(meta.variant)], ['ninefold.layoutHash', meta.layoutHash]);
    props.push(['ninefold.provenance', JSON.stringify(meta.provenance)]);
  }
  return concat([
    intField(F.model.irVersion, ONNX_IR_VERSION),
    stringField(F.model.producerName, 'ninefold'),
    stringField(F.model.producerVersion, 'src/nn'),
    stringField(F.model.docString, 'A ninefold net: trunk MLP, per-seat value head, action head (docs/nn.md).'),
    messageField(F.model.graph, graph),
    messageField(F.model.opsetImport, [stringField(F.opset.domain, ''), intField(F.opset.version, ONNX_OPSET)]),
    ...props.map(([k, v]) => messageField(F.model.metadataProps, [stringField(F.entry.key, k), stringField(F.entry.value, v)])),
  ]);
}

const DENSE_DOC =
  'obs [batch, inputSize]: observation tensors. value [batch, seats]: per-seat values, the observer first. ' +
  'action_scores [batch, actions]: a score per action id; mask the illegal ids before a softmax.';
const FEATURE_DOC =
  'obs [1, inputSize]: one observation tensor. action_features [actions, featureSize]: one row per legal action. ' +
  'value [1, seats]: per-seat values, the observer first. action_scores [actions, 1]: a score per row of action_features.';
