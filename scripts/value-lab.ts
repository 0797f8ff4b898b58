/**
 * How well can a net learn the points of a round (docs/learning.md, "A
 * value head of the round's points")? Greedy plays every seat of TRAIN
 * games (deals `value-lab-<i>`) and TRAIN / 10 held-out ones (at least 200,
 * deals from index 1 000 000); every decision becomes a sample whose
 * targets are every seat's points in that round (seat-relative, over
 * SCALE). A fresh net (trunk TRUNK, e.g. `256,128`) is fitted by Adam
 * (minibatches of 256, lr 0.001) on the value loss alone, and after each
 * epoch the script prints its held-out mean squared error in points², for
 * every seat and for the deciding seat's own, against the targets' variance.
 *
 *   node scripts/run.mjs scripts/value-lab.ts GAME VIEW TRAIN EPOCHS [TRUNK] [SCALE]
 *
 * VIEW: `observation` (the deciding seat's observation tensor, what a net
 * leaf reads) or `state` (every seat's observation tensor, the deciding
 * seat's first: the whole state). Deterministic. Games scored in rounds.
 * Exit 2 with one line on bad input.
 */
import type { BotContext } from '../src/core/bot.js';
import { createRng } from '../src/core/rng.js';
import { createBot, parseLineup } from '../bots/index.js';
import { Adam } from '../src/nn/adam.js';
import type { TrainingSample } from '../src/nn/loss.js';
import { Net, type NetArchitecture } from '../src/nn/net.js';
import { trainStep } from '../src/nn/train-step.js';
import { scriptArgs } from './learn-script-args.js';

const USAGE = 'usage: value-lab.ts GAME observation|state TRAIN EPOCHS [TRUNK] [SCALE]';
const args = scriptArgs('value-lab', USAGE);
const [gameId, view, trainText, epochsText, trunkText = '256,128', scaleText = '10'] = process.argv.slice(2);
const { game, variant } = args.gameOf(gameId);
if (view !== 'observation' && view !== 'state') args.fail(`VIEW must be observation or state, got '${view ?? ''}' (${USAGE})`);
if (!game.roundsDone || !game.runningScores) args.fail(`${game.info.id} is not scored in rounds`);
const trainGames = args.integer(trainText, 'TRAIN', 1);
const epochs = args.integer(epochsText, 'EPOCHS', 1);
const trunk = trunkText.split(',').map((w) => args.integer(w, 'TRUNK width', 1));
const scale = Number(scaleText);
if (!(scale > 0)) args.fail(`SCALE must be positive, got '${scaleText}'`);

const P = Number(variant.players);
const T = game.tensor!.size(variant);
const views = view === 'state' ? P : 1;
const N = T * views;
const bots = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
const legal = new Int32Array(game.numDistinctActions(variant));
const obs = game.newObservation(variant);

/** Greedy's games `first .. first + count - 1`: inputs and seat-relative round points over `scale`. */
function samples(first: number, count: number): { xs: Float32Array[]; ys: Float32Array[] } {
  const xs: Float32Array[] = [];
  const ys: Float32Array[] = [];
  const start = new Float64Array(P);
  const now = new Float64Array(P);
  for (let g = first; g < first + count; g++) {
    const s = game.newState(variant);
    game.deal(s, createRng(`value-lab-${g}`));
    const ctxs: BotContext[] = Array.from({ length: P }, (_, seat) => ({ seat, players: P, variant, rng: createRng(`value-lab-${g}/${seat}`), model: game }));
    let pending: { seat: number; x: Float32Array }[] = [];
    game.runningScores!(s, start);
    let round = game.roundsDone!(s);
    while (!game.isTerminal(s)) {
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      const x = new Float32Array(N);
      for (let j = 0; j < views; j++) game.tensor!.write(game.observe(s, (seat + j) % P, obs), variant, x.subarray(j * T, (j + 1) * T));
      pending.push({ seat, x });
      game.apply(s, bots[seat]!.act(game.observe(s, seat, obs), legal, n, ctxs[seat]!));
      if (game.roundsDone!(s) > round || game.isTerminal(s)) {
        game.runningScores!(s, now);
        for (const p of pending) {
          const y = new Float32Array(P);
          for (let j = 0; j < P; j++) y[j] = (now[(p.seat + j) % P]! - start[(p.seat + j) % P]!) / scale;
          xs.push(p.x);
          ys.push(y);
        }
        pending = [];
        start.set(now);
        round = game.roundsDone!(s);
      }
    }
  }
  return { xs, ys };
}

const train = samples(0, trainGames);
const test = samples(1_000_000, Math.max(200, Math.floor(trainGames / 10)));
let mean = 0;
let square = 0;
for (const y of test.ys)
  for (const v of y) {
    mean += v;
    square += v * v;
  }
const cells = test.ys.length * P;
const variance = (square / cells - (mean / cells) ** 2) * scale * scale;
console.log(
  `${game.info.id}, ${view}: ${train.xs.length} training decisions, ${test.xs.length} held out; input ${N}; variance of a seat's round points ${variance.toFixed(1)} points²`,
);

const arch: NetArchitecture = { inputSize: N, trunk, seats: P, valueHidden: [], head: { kind: 'dense', actions: 2, hidden: [] } };
const net = Net.create(arch, 'value-lab');
const adam = new Adam(net.weights.length, { lr: 0.001 });
const two = Int32Array.from([0, 1]);
const out = new Float64Array(P);
const order = Array.from(train.xs.keys());
const shuffle = createRng('value-lab/shuffle');
for (let e = 1; e <= epochs; e++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = shuffle.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (let b = 0; b + 256 <= order.length; b += 256) {
    const batch: TrainingSample[] = [];
    for (let k = b; k < b + 256; k++) batch.push({ obs: train.xs[order[k]!]!, legal: two, count: 2, value: train.ys[order[k]!]! });
    trainStep(net, batch, adam, { q: 0, policy: 0, value: 1 });
  }
  let all = 0;
  let own = 0;
  for (let i = 0; i < test.xs.length; i++) {
    net.values(test.xs[i]!, out);
    for (let j = 0; j < P; j++) all += (out[j]! - test.ys[i]![j]!) ** 2;
    own += (out[0]! - test.ys[i]![0]!) ** 2;
  }
  const sq = scale * scale;
  console.log(
    `epoch ${e}: held-out error ${((all / cells) * sq).toFixed(1)} points² (every seat), ${((own / test.xs.length) * sq).toFixed(1)} (the deciding seat's own)`,
  );
}
