/**
 * What the neural-network module (src/nn, docs/nn.md) costs: the forward
 * pass in µs at the default size (wall and CPU time per call, and bytes
 * allocated per call), training samples per second for a minibatch step
 * (Deep Monte-Carlo's and Expert Iteration's shapes), and for the record the
 * same net's forward pass in TensorFlow.js (tfjs-core, CPU backend) and in
 * ONNX Runtime (WebAssembly, one thread) on the exported model, where those
 * devDependencies are installed. Medians of `runs` runs.
 *
 * The default size: a 300-entry observation with 10% nonzero entries (the
 * games' tensors are one-hots and small counts), a trunk of 128 and 64,
 * 4 seats, and a dense head over 130 ids (Nine Virtues) scoring 10 legal
 * actions, 55 494 weights; the feature head has 40 features per action and a
 * hidden layer of 64, scoring 20 legal actions. The bound: at most
 * 50 µs a forward pass at the default size.
 *
 * Part of `npm run bench` (its `nn` table and `bench.json`'s `nn`); alone:
 * `node --expose-gc dist/scripts/nn-bench.js [--runs 5]` (writes results/bench/nn.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Table from 'cli-table3';
import { createRng, type Rng } from '../src/core/rng.js';
import { Adam } from '../src/nn/adam.js';
import { DEFAULT_FEATURE_HIDDEN, DEFAULT_TRUNK } from '../src/nn/game-layout.js';
import type { TrainingSample } from '../src/nn/loss.js';
import { Net, type NetArchitecture } from '../src/nn/net.js';
import { exportOnnx } from '../src/nn/onnx.js';
import { trainStep } from '../src/nn/train-step.js';

/** The default-size nets measured. */
export const BENCH_DENSE: NetArchitecture = {
  inputSize: 300,
  trunk: [...DEFAULT_TRUNK],
  seats: 4,
  valueHidden: [],
  head: { kind: 'dense', actions: 130, hidden: [] },
};
export const BENCH_FEATURE: NetArchitecture = {
  inputSize: 300,
  trunk: [...DEFAULT_TRUNK],
  seats: 4,
  valueHidden: [],
  head: { kind: 'feature', featureSize: 40, hidden: [...DEFAULT_FEATURE_HIDDEN] },
};
const DENSITY = 0.1;
const DENSE_LEGAL = 10;
const FEATURE_LEGAL = 20;
const BATCH = 64;

/** Median, min and max of a run's figures. */
export interface Figures {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

function figures(xs: number[]): Figures {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1]!, min: s[0]!, max: s[s.length - 1]! };
}

/** The module's figures, and the libraries' where installed. */
export interface NnBenchFigures {
  readonly runs: number;
  /** The 1, 5 and 15-minute load averages when the bench started. */
  readonly load: readonly number[];
  readonly machine: { readonly cpu: string; readonly cores: number; readonly node: string };
  readonly dense: ForwardFigures;
  readonly feature: ForwardFigures;
  readonly training: {
    readonly batch: number;
    /** Dense head, each sample the chosen action's Q (a legal list of one) and the values. */
    readonly dmcSamplesPerS: Figures;
    /** Dense head, each sample a policy over 10 legal actions and the values. */
    readonly exitSamplesPerS: Figures;
    /** Feature head, each sample the chosen action's Q and the values. */
    readonly featureDmcSamplesPerS: Figures;
  };
  readonly tfjs: { readonly backend: string; readonly forwardUs: Figures; readonly maxRelDiff: number } | string;
  readonly onnxruntime: { readonly backend: string; readonly forwardUs: Figures; readonly maxRelDiff: number } | string;
}

export interface ForwardFigures {
  readonly weights: number;
  readonly legal: number;
  /** `Net.evaluate` (trunk, values, scores of the legal actions): wall µs per call. */
  readonly forwardUs: Figures;
  /** The same in CPU time (process user + system): what the machine's other work does not inflate. */
  readonly forwardCpuUs: Figures;
  /** heapUsed growth per call over 1 000 calls after a forced GC, median of the last 9 of 20 runs, less the measuring loop's own (null without --expose-gc). */
  readonly bytesPerCall: number | null;
}

function sparse(rng: Rng, n: number, density: number): Float32Array {
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) if (rng.next() < density) x[i] = rng.next() < 0.8 ? 1 : rng.next();
  return x;
}

/**
 * Calls `f(0) .. f(calls - 1)`. Every measurement goes through this one
 * loop, so it is compiled once, early, with a call to whatever `f` is: a
 * measuring loop of its own would be compiled (on-stack replacement) while
 * it measures, and the compiler's allocations counted as the net's.
 */
function loop(f: (i: number) => void, calls: number): void {
  for (let i = 0; i < calls; i++) f(i);
}

/** Wall and CPU µs per call of `f`, over about `ms` milliseconds. */
function time(f: (i: number) => void, ms: number): { wall: number; cpu: number } {
  let n = 0;
  const probe = performance.now();
  while (performance.now() - probe < 20) {
    loop(f, 10);
    n += 10;
  }
  const calls = Math.max(100, Math.round((n * ms) / 20));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  loop(f, calls);
  const wall = ((performance.now() - t0) * 1000) / calls;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / calls };
}

/**
 * heapUsed growth per call of `f` over `calls` calls after a forced GC:
 * the median of the last 9 of 20 runs; null without --expose-gc. The first
 * runs after the timings measure the JIT, not the net: for a few runs of
 * 1 000 calls, forced GCs included, a call allocated about 80 bytes (boxed
 * doubles of code not yet optimized again), then 0.1.
 */
function allocation(f: (i: number) => void, calls = 1000): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const per: number[] = [];
  for (let r = 0; r < 20; r++) {
    gc();
    const h0 = process.memoryUsage().heapUsed;
    loop(f, calls);
    per.push(Math.max(0, process.memoryUsage().heapUsed - h0) / calls);
  }
  if (process.env.NN_BENCH_DEBUG) process.stderr.write(`allocation runs: ${per.map((x) => x.toFixed(1)).join(' ')}\n`);
  return figures(per.slice(-9)).median;
}

/** `allocation(f)` less the measuring loop's own (a call of an empty function: about 0.26 bytes, `memoryUsage`'s object over 1 000 calls). */
function netAllocation(f: (i: number) => void): number | null {
  const own = allocation(() => {});
  const x = allocation(f);
  return x === null || own === null ? null : Math.max(0, x - own);
}

interface Setup {
  readonly net: Net;
  readonly obs: Float32Array[];
  readonly legal: Int32Array;
  readonly features: Float32Array[];
  readonly count: number;
  readonly scores: Float64Array;
  readonly values: Float64Array;
}

function setup(arch: NetArchitecture, count: number): Setup {
  const rng = createRng('nn-bench');
  const net = Net.create(arch, 'nn-bench');
  const obs = Array.from({ length: 64 }, () => sparse(rng, arch.inputSize, DENSITY));
  const f = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
  const features = Array.from({ length: 64 }, () => sparse(rng, count * f, 0.25));
  const ids = arch.head.kind === 'dense' ? arch.head.actions : count;
  const legal = Int32Array.from({ length: count }, (_, k) => Math.floor((k * ids) / count));
  return { net, obs, legal, features, count, scores: new Float64Array(count), values: new Float64Array(arch.seats) };
}

function forward(s: Setup, runs: number): ForwardFigures {
  const call = (i: number): void => s.net.evaluate(s.obs[i & 63]!, s.legal, s.count, s.features[i & 63], s.scores, s.values);
  const wall: number[] = [];
  const cpu: number[] = [];
  time(call, 200);
  for (let r = 0; r < runs; r++) {
    const t = time(call, 300);
    wall.push(t.wall);
    cpu.push(t.cpu);
  }
  return {
    weights: s.net.weights.length,
    legal: s.count,
    forwardUs: figures(wall),
    forwardCpuUs: figures(cpu),
    bytesPerCall: netAllocation(call),
  };
}

/** Samples per second of `trainStep` over batches of `BATCH` drawn in turn from `samples`. */
function training(arch: NetArchitecture, samples: TrainingSample[], runs: number): Figures {
  const net = Net.create(arch, 'nn-bench-train');
  const adam = new Adam(net.weights.length, { lr: 1e-4 });
  const batches = Array.from({ length: samples.length / BATCH }, (_, b) => samples.slice(b * BATCH, (b + 1) * BATCH));
  const rates: number[] = [];
  const step = (i: number): void => void trainStep(net, batches[i % batches.length]!, adam);
  time(step, 200);
  for (let r = 0; r < runs; r++) rates.push((BATCH * 1e6) / time(step, 500).wall);
  return figures(rates);
}

function samples(arch: NetArchitecture, kind: 'dmc' | 'exit'): TrainingSample[] {
  const rng = createRng(`nn-bench-${kind}`);
  const f = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
  const ids = arch.head.kind === 'dense' ? arch.head.actions : 1;
  return Array.from({ length: 8 * BATCH }, () => {
    const value = Float64Array.from({ length: arch.seats }, () => rng.next());
    const obs = sparse(rng, arch.inputSize, DENSITY);
    if (kind === 'dmc') {
      const legal = Int32Array.of(rng.int(ids));
      return { obs, legal, count: 1, features: f ? sparse(rng, f, 0.25) : undefined, chosen: 0, q: 2 * rng.next() - 1, value };
    }
    const legal = Int32Array.from({ length: DENSE_LEGAL }, (_, k) => Math.floor((k * ids) / DENSE_LEGAL));
    return { obs, legal, count: DENSE_LEGAL, policy: Float64Array.from({ length: DENSE_LEGAL }, () => rng.int(20)).map((x) => x + 1), value };
  });
}

function maxRelDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  let m = 1;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i]! - b[i]!));
    m = Math.max(m, Math.abs(b[i]!));
  }
  return d / m;
}

/** The dense net's forward pass in tfjs-core's CPU backend (one observation, values and the legal scores read back). */
async function tfjsForward(s: Setup, runs: number): Promise<NnBenchFigures['tfjs']> {
  let tf: typeof import('@tensorflow/tfjs-core');
  try {
    tf = await import('@tensorflow/tfjs-core');
    await import('@tensorflow/tfjs-backend-cpu');
  } catch {
    return 'not installed (devDependencies @tensorflow/tfjs-core, @tensorflow/tfjs-backend-cpu)';
  }
  tf.enableProdMode();
  await tf.setBackend('cpu');
  const net = s.net;
  const w = net.weights;
  const layers: { W: import('@tensorflow/tfjs-core').Tensor2D; b: import('@tensorflow/tfjs-core').Tensor1D }[][] = [];
  for (const [block, sizes] of [
    [net.blocks.trunk, [net.arch.inputSize, ...net.arch.trunk]],
    [net.blocks.value, [net.trunkOutput, net.arch.seats]],
    [net.blocks.action, [net.trunkOutput, (net.arch.head as { actions: number }).actions]],
  ] as const) {
    let off = block.start;
    const ls = [];
    for (let l = 0; l + 1 < sizes.length; l++) {
      const nIn = sizes[l]!;
      const nOut = sizes[l + 1]!;
      ls.push({ W: tf.tensor2d(w.slice(off, off + nIn * nOut), [nIn, nOut]), b: tf.tensor1d(w.slice(off + nIn * nOut, off + nIn * nOut + nOut)) });
      off += nIn * nOut + nOut;
    }
    layers.push(ls);
  }
  const legal = tf.tensor1d(Array.from(s.legal), 'int32');
  const run = (obs: Float32Array): { values: Float32Array; scores: Float32Array } =>
    tf.tidy(() => {
      let t: import('@tensorflow/tfjs-core').Tensor2D = tf.tensor2d(obs, [1, net.arch.inputSize]);
      for (const L of layers[0]!) t = tf.relu(tf.add(tf.matMul(t, L.W), L.b)) as import('@tensorflow/tfjs-core').Tensor2D;
      const v = tf.add(tf.matMul(t, layers[1]![0]!.W), layers[1]![0]!.b);
      const a = tf.add(tf.matMul(t, layers[2]![0]!.W), layers[2]![0]!.b);
      const sc = tf.gather(tf.reshape(a, [-1]), legal);
      return { values: v.dataSync() as Float32Array, scores: sc.dataSync() as Float32Array };
    });
  const r = run(s.obs[0]!);
  net.evaluate(s.obs[0]!, s.legal, s.count, undefined, s.scores, s.values);
  const diff = Math.max(maxRelDiff(r.values, s.values), maxRelDiff(r.scores, s.scores));
  const call = (i: number): void => void run(s.obs[i & 63]!);
  time(call, 200);
  const us: number[] = [];
  for (let k = 0; k < runs; k++) us.push(time(call, 300).wall);
  return { backend: `tfjs-core ${tf.version_core} cpu`, forwardUs: figures(us), maxRelDiff: diff };
}

/** The exported dense model in ONNX Runtime Web (WebAssembly, one thread): one observation a run. */
async function ortForward(s: Setup, runs: number): Promise<NnBenchFigures['onnxruntime']> {
  let ort: typeof import('onnxruntime-web');
  try {
    ort = await import('onnxruntime-web');
  } catch {
    return 'not installed (devDependency onnxruntime-web)';
  }
  ort.env.wasm.numThreads = 1;
  const session = await ort.InferenceSession.create(exportOnnx(s.net));
  const n = s.net.arch.inputSize;
  const run = async (i: number): Promise<Float32Array> => {
    const r = await session.run({ obs: new ort.Tensor('float32', s.obs[i & 63]!, [1, n]) });
    return r.value!.data as Float32Array;
  };
  const v = await run(0);
  s.net.values(s.obs[0]!, s.values);
  const diff = maxRelDiff(v, s.values);
  const us: number[] = [];
  for (let k = 0; k <= runs; k++) {
    const calls = 2000;
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) await run(i);
    if (k > 0) us.push(((performance.now() - t0) * 1000) / calls);
  }
  return { backend: `onnxruntime-web ${ort.env.versions.web ?? ''} wasm, 1 thread`, forwardUs: figures(us), maxRelDiff: diff };
}

/** Runs every measurement; `runs` runs each. */
export async function nnBench(runs = 5): Promise<NnBenchFigures> {
  const load = loadavg();
  const dense = setup(BENCH_DENSE, DENSE_LEGAL);
  const feature = setup(BENCH_FEATURE, FEATURE_LEGAL);
  const figuresDense = forward(dense, runs);
  const figuresFeature = forward(feature, runs);
  const trainingFigures = {
    batch: BATCH,
    dmcSamplesPerS: training(BENCH_DENSE, samples(BENCH_DENSE, 'dmc'), runs),
    exitSamplesPerS: training(BENCH_DENSE, samples(BENCH_DENSE, 'exit'), runs),
    featureDmcSamplesPerS: training(BENCH_FEATURE, samples(BENCH_FEATURE, 'dmc'), runs),
  };
  return {
    runs,
    load,
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version },
    dense: figuresDense,
    feature: figuresFeature,
    training: trainingFigures,
    tfjs: await tfjsForward(dense, runs),
    onnxruntime: await ortForward(dense, runs),
  };
}

const us = (f: Figures): string => `${f.median.toFixed(1)} [${f.min.toFixed(1)}-${f.max.toFixed(1)}]`;
const rate = (f: Figures): string => `${Math.round(f.median)} [${Math.round(f.min)}-${Math.round(f.max)}]`;

/** The figures as a table and a caption. */
export function nnTable(f: NnBenchFigures): string {
  const t = new Table({ head: ['nn (src/nn)', 'weights', 'legal', 'forward µs wall', 'forward µs CPU', 'B/call'], style: { head: [], border: [] } });
  for (const [name, x] of [
    ['dense head (130 ids)', f.dense],
    ['feature head (40 features)', f.feature],
  ] as const) {
    t.push([name, x.weights, x.legal, us(x.forwardUs), us(x.forwardCpuUs), x.bytesPerCall === null ? 'n/a' : x.bytesPerCall.toFixed(1)]);
  }
  const lib = (name: string, x: NnBenchFigures['tfjs']): string =>
    typeof x === 'string'
      ? `${name}: ${x}`
      : `${name} (${x.backend}): ${us(x.forwardUs)} µs a forward pass of the dense net, outputs within ${x.maxRelDiff.toExponential(1)}`;
  const tr = f.training;
  return [
    t.toString(),
    `forward: Net.evaluate (trunk, values, legal scores), one 300-entry observation (10% nonzero); median [min-max] of ${f.runs} runs; target ≤ 50 µs (dense, default size): ${f.dense.forwardUs.median <= 50 ? 'met' : 'NOT met'}`,
    `training (trainStep, batch ${tr.batch}, samples/s): DMC dense ${rate(tr.dmcSamplesPerS)}, ExIt dense (10 legal) ${rate(tr.exitSamplesPerS)}, DMC feature ${rate(tr.featureDmcSamplesPerS)}`,
    lib('tfjs', f.tfjs),
    lib('onnxruntime', f.onnxruntime),
    `load ${f.load.map((x) => x.toFixed(2)).join(' ')} · ${f.machine.cpu} · ${f.machine.cores} cores · Node ${f.machine.node}`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const f = await nnBench(i > 0 ? Number(process.argv[i + 1]) : 5);
  process.stdout.write(`${nnTable(f)}\n`);
  const dir = join('results', 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'nn.json'), `${JSON.stringify(f, null, 2)}\n`);
  process.stdout.write(`written: ${join(dir, 'nn.json')}\n`);
}
