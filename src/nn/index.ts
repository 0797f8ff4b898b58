/**
 * The neural-network module's public API (docs/nn.md): a dense MLP with a
 * per-seat value head and a dense or feature action head over flat Float32
 * weights, its losses and minibatch step, Adam, the net file and its layout
 * hash, and the ONNX export. Pure TypeScript, no runtime dependency.
 */
export { Adam, type AdamOptions } from './adam.js';
export { loadNetFile, type LoadedNet, NET_FORMAT, NET_FORMAT_VERSION, netFromJson, type NetMeta, netMeta, netToJson, saveNetFile } from './file.js';
export {
  type ArchitectureSizes,
  architectureFor,
  DEFAULT_FEATURE_HIDDEN,
  DEFAULT_TRUNK,
  type LearnableGame,
  layoutDescription,
  layoutHash,
  MAX_DENSE_ACTIONS,
} from './game-layout.js';
export { accumulateSample, type LossWeights, LossSums, type TrainingSample, UNIT_LOSS_WEIGHTS } from './loss.js';
export { type ActionHead, Net, type NetArchitecture, parameterCount } from './net.js';
export { exportOnnx } from './onnx.js';
export { logSumExp, maskedSoftmax } from './policy.js';
export { type StepFigures, trainStep } from './train-step.js';
