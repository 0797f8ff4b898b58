/**
 * The same net in TensorFlow.js (tfjs-core on its plain-JavaScript CPU
 * backend, float32), built from a `Net`'s flat weights: an independent
 * library's forward pass and automatic differentiation to check ours
 * against. Each layer is `relu(x W + b)` with W of shape [in, out], which is
 * exactly the input-major storage of src/nn/mlp.ts, so the gradient tensors,
 * flattened in order, line up with `Net.grads`.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
// The gradients of the ops used here: the core's Node bundle registers none (the `@tensorflow/tfjs` umbrella package
// registers all 200, which costs vitest ~8 s of transforming tfjs-core's ES modules; these few cost ~1 s).
import { addGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Add_grad.js';
import { batchMatMulGradConfig } from '@tensorflow/tfjs-core/dist/gradients/BatchMatMul_grad.js';
import { concatGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Concat_grad.js';
import { expGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Exp_grad.js';
import { gatherGradConfig } from '@tensorflow/tfjs-core/dist/gradients/GatherV2_grad.js';
import { logGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Log_grad.js';
import { maxGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Max_grad.js';
import { meanGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Mean_grad.js';
import { multiplyGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Multiply_grad.js';
import { reluGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Relu_grad.js';
import { reshapeGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Reshape_grad.js';
import { squareGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Square_grad.js';
import { subGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Sub_grad.js';
import { sumGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Sum_grad.js';
import { tileGradConfig } from '@tensorflow/tfjs-core/dist/gradients/Tile_grad.js';
import type { LossWeights, TrainingSample } from '../../src/nn/loss.js';
import { blockSizes, type Net } from '../../src/nn/net.js';

const GRADIENTS = [
  addGradConfig,
  batchMatMulGradConfig,
  concatGradConfig,
  expGradConfig,
  gatherGradConfig,
  logGradConfig,
  maxGradConfig,
  meanGradConfig,
  multiplyGradConfig,
  reluGradConfig,
  reshapeGradConfig,
  squareGradConfig,
  subGradConfig,
  sumGradConfig,
  tileGradConfig,
];

/** Registers the gradients above and selects tfjs's CPU backend (pure JavaScript). */
export async function tfjsReady(): Promise<void> {
  for (const g of GRADIENTS) tf.registerGradient(g);
  tf.enableProdMode();
  await tf.setBackend('cpu');
  await tf.ready();
}

/** The layer widths of the three blocks, in the order of the flat weights. */
function blockList(net: Net): { sizes: number[]; relu: boolean }[] {
  const b = blockSizes(net.arch);
  return [
    { sizes: b.trunk, relu: true },
    { sizes: b.value, relu: false },
    { sizes: b.action, relu: false },
  ];
}

/** The net's weights as tfjs tensors [W0, b0, W1, b1, ...] in storage order. */
export function tfjsWeights(net: Net): tf.Tensor[] {
  const out: tf.Tensor[] = [];
  let off = 0;
  for (const { sizes } of blockList(net)) {
    for (let l = 0; l + 1 < sizes.length; l++) {
      const nIn = sizes[l]!;
      const nOut = sizes[l + 1]!;
      out.push(tf.tensor2d(net.weights.slice(off, off + nIn * nOut), [nIn, nOut]));
      off += nIn * nOut;
      out.push(tf.tensor1d(net.weights.slice(off, off + nOut)));
      off += nOut;
    }
  }
  return out;
}

function mlp(x: tf.Tensor, ws: readonly tf.Tensor[], first: number, sizes: readonly number[], relu: boolean): tf.Tensor {
  let a = x;
  const layers = sizes.length - 1;
  for (let l = 0; l < layers; l++) {
    a = tf.add(tf.matMul(a as tf.Tensor2D, ws[first + 2 * l] as tf.Tensor2D), ws[first + 2 * l + 1]!);
    if (l < layers - 1 || relu) a = tf.relu(a);
  }
  return a;
}

/** The scores of the legal actions [count] and the values [seats] of one sample, from weight tensors `ws`. */
export function tfjsForward(net: Net, ws: readonly tf.Tensor[], s: TrainingSample): { scores: tf.Tensor1D; values: tf.Tensor1D } {
  const [trunk, value, action] = blockList(net);
  const vFirst = 2 * (trunk!.sizes.length - 1);
  const aFirst = vFirst + 2 * (value!.sizes.length - 1);
  const x = tf.tensor2d(s.obs.slice(0, net.arch.inputSize), [1, net.arch.inputSize]);
  const t = mlp(x, ws, 0, trunk!.sizes, true);
  const values = tf.reshape(mlp(t, ws, vFirst, value!.sizes, false), [net.arch.seats]) as tf.Tensor1D;
  let scores: tf.Tensor1D;
  if (net.arch.head.kind === 'dense') {
    const out = tf.reshape(mlp(t, ws, aFirst, action!.sizes, false), [net.arch.head.actions]);
    scores = tf.gather(out, tf.tensor1d(Array.from(s.legal.subarray(0, s.count)), 'int32')) as tf.Tensor1D;
  } else {
    const f = net.arch.head.featureSize;
    const feats = tf.tensor2d(s.features!.slice(0, s.count * f), [s.count, f]);
    const x2 = tf.concat([tf.tile(t, [s.count, 1]), feats], 1);
    scores = tf.reshape(mlp(x2, ws, aFirst, action!.sizes, false), [s.count]) as tf.Tensor1D;
  }
  return { scores, values };
}

/** The batch's summed weighted loss (loss.ts's definitions, in tfjs ops). */
function tfjsLoss(net: Net, ws: readonly tf.Tensor[], batch: readonly TrainingSample[], w: LossWeights): tf.Scalar {
  let total: tf.Scalar = tf.scalar(0);
  for (const s of batch) {
    const { scores, values } = tfjsForward(net, ws, s);
    if (s.value) total = tf.add(total, tf.mul(w.value, tf.mean(tf.square(tf.sub(values, Array.from(s.value).slice(0, net.arch.seats)))))) as tf.Scalar;
    if (s.policy) {
      const p = Array.from(s.policy).slice(0, s.count);
      const mass = p.reduce((a, b) => a + b, 0);
      const logP = tf.sub(scores, tf.logSumExp(scores));
      total = tf.sub(
        total,
        tf.mul(
          w.policy,
          tf.sum(
            tf.mul(
              logP,
              p.map((x) => x / mass),
            ),
          ),
        ),
      ) as tf.Scalar;
    }
    if (s.chosen !== undefined) {
      const q = tf.gather(scores, tf.tensor1d([s.chosen], 'int32'));
      total = tf.add(total, tf.mul(w.q, tf.sum(tf.square(tf.sub(q, s.q!))))) as tf.Scalar;
    }
  }
  return total;
}

/** tfjs's gradient of the batch's summed loss, flattened in the order of `Net.grads`, and the loss. */
export function tfjsGradient(net: Net, batch: readonly TrainingSample[], w: LossWeights): { grads: Float32Array; loss: number } {
  return tf.tidy(() => {
    const ws = tfjsWeights(net);
    const { value, grads } = tf.valueAndGrads((...xs: tf.Tensor[]) => tfjsLoss(net, xs, batch, w))(ws);
    const flat = new Float32Array(net.weights.length);
    let off = 0;
    for (const g of grads) {
      const d = g.dataSync() as Float32Array;
      flat.set(d, off);
      off += d.length;
    }
    return { grads: flat, loss: value.dataSync()[0]! };
  });
}

/** tfjs's scores and values of one sample. */
export function tfjsEvaluate(net: Net, s: TrainingSample): { scores: Float32Array; values: Float32Array } {
  return tf.tidy(() => {
    const { scores, values } = tfjsForward(net, tfjsWeights(net), s);
    return { scores: scores.dataSync() as Float32Array, values: values.dataSync() as Float32Array };
  });
}
