/**
 * Diagnostics of a Q-net against greedy's rollout targets (docs/learning.md,
 * "Greedy's action as an input, and why the nets still fall"):
 *
 *   node scripts/run.mjs scripts/learn-diagnostics.ts departures GAME NET GAMES [JUDGE]
 *     Greedy plays every seat of GAMES deals (`learn-diag-<g>`); at each of
 *     seat 0's decisions with two or more legal actions the net (a file of
 *     `train --method dmc`) scores them too. Where its best action is not
 *     greedy's, both are labelled by rollouts from the true state (greedy
 *     plays every seat to the end, `RolloutLabeller`), and the script prints
 *     the share of departures, the mean gain the net predicted and the mean
 *     gain the labels give (win-share points per departure), and the most
 *     frequent departures (greedy's id -> the net's id), the departures and
 *     their label gain by the kind of greedy's action (its record `type`); and, for each margin
 *     of a play rule that keeps greedy's action unless the net predicts a
 *     gain above the margin, the departures it keeps and their label gain
 *     per decision with its 95% interval (the game as the unit). With JUDGE
 *     (a second net of the same layout, trained apart), the margin rule takes
 *     the predicted gain of NET's best action from JUDGE (double Q-learning).
 *
 *   node scripts/run.mjs scripts/learn-diagnostics.ts advantages GAME TRAIN_GAMES EPOCHS [base]
 *     Labels every decision of TRAIN_GAMES greedy games (and of 40 held-out
 *     ones) with rollout advantages (`--rollout-advantage`), prints how much
 *     signal they hold (decisions where every label is equal, where greedy's
 *     action is below the best label, and the mean gain of an oracle that
 *     sees the hidden cards), then trains a fresh 128-64 net (with greedy's
 *     action as an input when `base` is given) for EPOCHS passes and prints,
 *     per epoch, its held-out squared error against a constant 0, and its
 *     argmax's departures and gain (by the labels) per decision.
 *
 *   node scripts/run.mjs scripts/learn-diagnostics.ts search GAME GAMES [NET]
 *     Greedy plays every seat of GAMES deals (`learn-diag-<g>`); at each of
 *     seat 0's decisions with two or more legal actions the shipped `ismcts`
 *     profile searches the seat's observation. Prints, per kind of action
 *     greedy played (the record entry's `type`), how often the search's
 *     action is greedy's, the search's mean visit share on greedy's action
 *     and on its most visited one, how often a second search of the same
 *     observation (another seed) plays the same action (the ceiling of any
 *     apprentice's agreement), and, with NET, how often the net's best action is the search's and
 *     how often it is greedy's: where an apprentice of the search has to
 *     depart from greedy, and whether it does.
 *
 * Deterministic: fixed seeds throughout. Exit 2 with one line on bad input.
 */
import '../src/games/index.js';
import { scriptArgs } from './learn-script-args.js';
import { createBot, parseLineup } from '../bots/index.js';
import type { BotContext } from '../src/core/bot.js';
import { createRng, dealRng } from '../src/core/rng.js';
import { RolloutLabeller } from '../src/learn/rollout-targets.js';
import { playEpisodes, type SamplePack } from '../src/learn/selfplay.js';
import { Adam } from '../src/nn/adam.js';
import { loadNetFile } from '../src/nn/file.js';
import { architectureFor, type LearnableGame } from '../src/nn/game-layout.js';
import type { TrainingSample } from '../src/nn/loss.js';
import { Net, type NetArchitecture } from '../src/nn/net.js';
import { NetInput } from '../src/nn/net-input.js';
import { trainStep } from '../src/nn/train-step.js';

const USAGE = 'usage: learn-diagnostics.ts departures GAME NET GAMES [JUDGE] | advantages GAME TRAIN_GAMES EPOCHS [base] | search GAME GAMES [NET]';

const args = scriptArgs('learn-diagnostics', USAGE);
const { integer, gameOf } = args;

function fail(message: string): never {
  return args.fail(message);
}
const count = (text: string | undefined, what: string): number => integer(text, what, 1);

const pct = (x: number): string => (100 * x).toFixed(1);
const pct2 = (x: number): string => (100 * x).toFixed(2);

/**
 * The margins of a play rule around greedy's action whose kept departures
 * `departures` reports: the net's best action is played only when its
 * predicted gain over greedy's is above the margin (a trust region around
 * the base policy), else greedy's.
 */
const MARGINS = [0, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2];

/** `departures`: where the net leaves greedy, what it predicted and what the rollouts say (with `judgeFile`, the margin rule asks a second net for the predicted gain). */
function departures(gameId: string | undefined, file: string | undefined, gamesText: string | undefined, judgeFile?: string): void {
  const { game, variant } = gameOf(gameId);
  if (!file) fail(USAGE);
  const games = count(gamesText, 'GAMES');
  const load = (f: string): Net => {
    try {
      return loadNetFile(f, game as unknown as LearnableGame, variant).net;
    } catch (e) {
      fail((e as Error).message);
    }
  };
  const net = load(file);
  // Double Q-learning's remedy for the maximum's bias (van Hasselt, NIPS 2010): one net picks the action, another, trained apart, values it.
  const judge = judgeFile ? load(judgeFile) : net;
  if (JSON.stringify(judge.arch) !== JSON.stringify(net.arch)) fail(`${judgeFile}: JUDGE needs NET's architecture (the same input and heads)`);
  const judgeScores = new Float64Array(game.numDistinctActions(variant));
  const input = new NetInput(game as unknown as LearnableGame, variant, net.arch);
  const P = Number(variant.players);
  const greedy = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
  const labeller = new RolloutLabeller(game, variant, 'greedy', 1);
  const s = game.newState(variant);
  const obs = game.newObservation(variant);
  const legal = new Int32Array(game.numDistinctActions(variant));
  const scores = new Float64Array(legal.length);
  const labels = new Float32Array(legal.length);
  let decisions = 0;
  let departed = 0;
  let labelGain = 0;
  let predictedGain = 0;
  const pairs = new Map<string, { n: number; label: number; predicted: number }>();
  const byMargin = MARGINS.map(() => ({ n: 0, label: 0 }));
  const kinds = new Map<string, { n: number; departed: number; label: number }>();
  // Per game (the unit: a game's decisions share its cards): seat 0's decisions, and each margin's label gain.
  const gameDecisions: number[] = [];
  const gameGains: number[][] = MARGINS.map(() => []);
  const gameGain = new Float64Array(MARGINS.length);
  for (let g = 0; g < games; g++) {
    const decisionsBefore = decisions;
    gameGain.fill(0);
    game.deal(s, dealRng(`learn-diag-${g}`));
    const ctxs: BotContext[] = greedy.map((_, p) => ({ seat: p, players: P, variant, rng: createRng(`learn-diag-${g}/${p}`), model: game }));
    greedy.forEach((b, p) => b.reset?.(ctxs[p]!));
    while (!game.isTerminal(s)) {
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      game.observe(s, seat, obs);
      const a = greedy[seat]!.act(obs, legal, n, ctxs[seat]!);
      if (seat === 0 && n > 1) {
        decisions++;
        const kind = String((game.encodeAction(s, a) as { type?: unknown }).type ?? 'action');
        const ks = kinds.get(kind) ?? { n: 0, departed: 0, label: 0 };
        ks.n++;
        kinds.set(kind, ks);
        input.write(obs, legal, n, a);
        net.scoreActions(input.x, legal, n, input.features ?? undefined, scores);
        let kg = 0;
        for (let k = 0; k < n; k++) if (legal[k] === a) kg = k;
        let best = kg;
        for (let k = 0; k < n; k++) if (scores[k]! > scores[best]!) best = k;
        if (best !== kg) {
          departed++;
          labeller.label(s, seat, legal, n, `learn-diag/${g}/${decisions}`, labels, 0);
          const lg = labels[best]! - labels[kg]!;
          const pg = scores[best]! - scores[kg]!;
          if (judge !== net) judge.scoreActions(input.x, legal, n, input.features ?? undefined, judgeScores);
          const judged = judge === net ? pg : judgeScores[best]! - judgeScores[kg]!;
          labelGain += lg;
          predictedGain += pg;
          ks.departed++;
          ks.label += lg;
          const key = `${a} -> ${legal[best]}`;
          for (let t = 0; t < MARGINS.length; t++)
            if (judged > MARGINS[t]!) {
              byMargin[t]!.n++;
              byMargin[t]!.label += lg;
              gameGain[t]! += lg;
            }
          const e = pairs.get(key) ?? { n: 0, label: 0, predicted: 0 };
          e.n++;
          e.label += lg;
          e.predicted += pg;
          pairs.set(key, e);
        }
      }
      game.apply(s, a);
    }
    gameDecisions.push(decisions - decisionsBefore);
    MARGINS.forEach((_, t) => gameGains[t]!.push(gameGain[t]!));
  }
  const per = (x: number): string => pct(departed > 0 ? x / departed : 0);
  console.log(
    `${game.info.id}, ${games} games: ${decisions} decisions of seat 0; the net departs from greedy at ${departed} (${pct(departed / Math.max(1, decisions))}%), predicting ${per(predictedGain)} points a departure; the rollout labels give ${per(labelGain)}`,
  );
  console.log(
    "the departures a margin rule keeps (greedy's action unless another's predicted gain is above the margin): count, share of seat 0's decisions, mean label gain per departure, and per decision with its 95% interval (the game as the unit: a ratio estimator's linearized variance over the games)",
  );
  MARGINS.forEach((m, t) => {
    const b = byMargin[t]!;
    const ratio = b.label / Math.max(1, decisions);
    let v = 0;
    for (let g = 0; g < games; g++) v += (gameGains[t]![g]! - ratio * gameDecisions[g]!) ** 2;
    const half = games > 1 ? (1.96 * Math.sqrt((v * games) / (games - 1))) / Math.max(1, decisions) : Number.NaN;
    console.log(
      `  margin ${m}: ${b.n}, ${pct(b.n / Math.max(1, decisions))}%, ${pct(b.n > 0 ? b.label / b.n : 0)} per departure, ${pct2(ratio)} per decision [${pct2(ratio - half)}, ${pct2(ratio + half)}]`,
    );
  });
  console.log("by the kind of greedy's action: decisions, the net's departures, their label gain per decision of the kind (points)");
  for (const [k, e] of [...kinds.entries()].sort((x, y) => y[1].n - x[1].n)) console.log(`  ${k}: ${e.n}, ${e.departed}, ${pct2(e.label / e.n)}`);
  console.log('most frequent departures (greedy -> net): count, label gain, predicted gain (points)');
  for (const [k, e] of [...pairs.entries()].sort((x, y) => y[1].n - x[1].n).slice(0, 12)) {
    console.log(`  ${k}: ${e.n}, ${pct(e.label / e.n)}, ${pct(e.predicted / e.n)}`);
  }
}

/** The decisions with two or more legal actions of a pack, as training samples with their advantages. */
function labelledSamples(p: SamplePack, arch: NetArchitecture): TrainingSample[] {
  const out: TrainingSample[] = [];
  const I = arch.inputSize;
  const F = arch.head.kind === 'feature' ? arch.head.featureSize : 0;
  let at = 0;
  for (let k = 0; k < p.samples; k++) {
    const c = p.counts[k]!;
    if (c > 1)
      out.push({
        obs: p.obs.subarray(k * I, (k + 1) * I),
        legal: p.legal.subarray(at, at + c),
        count: c,
        features: F ? p.features!.subarray(at * F, (at + c) * F) : undefined,
        qAll: p.qAll!.subarray(at, at + c),
        chosen: p.chosen[k]!,
        q: 0,
      });
    at += c;
  }
  return out;
}

/** `advantages`: the signal in greedy's rollout advantages, and whether a net learns it. */
function advantages(gameId: string | undefined, trainText: string | undefined, epochsText: string | undefined, base: string | undefined): void {
  const { game, variant } = gameOf(gameId);
  const trainGames = count(trainText, 'TRAIN_GAMES');
  const epochs = count(epochsText, 'EPOCHS');
  if (base !== undefined && base !== 'base') fail(`the last argument may only be 'base', got '${base}'`);
  const arch = architectureFor(game as unknown as LearnableGame, variant, base ? { base: 'greedy' } : {});
  const net = Net.create(arch, 'learn-diagnostics');
  const play = (first: number, n: number): SamplePack =>
    playEpisodes({
      gameId: game.info.id,
      variant,
      arch,
      weights: net.weights,
      seed: 'learn-diagnostics',
      first,
      count: n,
      epsilon: 0,
      selfPlay: 1,
      opponents: [],
      behaviour: 'greedy',
      scoreScale: 1,
      rolloutShare: 1,
      rolloutBot: 'greedy',
      rolloutAdvantage: true,
    });
  const train = labelledSamples(play(0, trainGames), arch);
  const test = labelledSamples(play(1_000_000, 40), arch);
  let oracle = 0;
  let notBest = 0;
  let allEqual = 0;
  for (const s of test) {
    const q = s.qAll!;
    let max = -Infinity;
    let min = Infinity;
    for (let k = 0; k < s.count; k++) {
      max = Math.max(max, q[k]!);
      min = Math.min(min, q[k]!);
    }
    oracle += max - q[s.chosen!]!;
    if (max > q[s.chosen!]! + 1e-6) notBest++;
    if (max - min < 1e-6) allEqual++;
  }
  console.log(
    `${game.info.id}: ${train.length} training and ${test.length} held-out decisions; held out: every label equal at ${pct(allEqual / test.length)}%, greedy below the best label at ${pct(notBest / test.length)}%, an oracle that sees the hidden cards gains ${pct(oracle / test.length)} points a decision`,
  );
  const adam = new Adam(net.weights.length, { lr: 1e-3, weightDecay: 1e-6, clipNorm: 10 });
  const shuffle = createRng('learn-diagnostics/shuffle');
  const scores = new Float64Array(game.numDistinctActions(variant));
  const measure = (set: readonly TrainingSample[]): string => {
    let se = 0;
    let se0 = 0;
    let labels = 0;
    let departs = 0;
    let gain = 0;
    for (const s of set) {
      net.scoreActions(s.obs, s.legal, s.count, s.features, scores);
      let best = s.chosen!;
      for (let k = 0; k < s.count; k++) {
        se += (scores[k]! - s.qAll![k]!) ** 2;
        se0 += s.qAll![k]! ** 2;
        labels++;
        if (scores[k]! > scores[best]!) best = k;
      }
      if (best !== s.chosen) {
        departs++;
        gain += s.qAll![best]! - s.qAll![s.chosen!]!;
      }
    }
    return `squared error ${(se / labels).toFixed(5)} (a constant 0: ${(se0 / labels).toFixed(5)}), departs ${pct(departs / set.length)}%, gain ${pct(gain / set.length)} points a decision`;
  };
  for (let e = 0; e < epochs; e++) {
    for (let i = train.length - 1; i > 0; i--) {
      const j = shuffle.int(i + 1);
      [train[i], train[j]] = [train[j]!, train[i]!];
    }
    for (let i = 0; i < train.length; i += 256) trainStep(net, train.slice(i, i + 256), adam, { q: 1, policy: 0, value: 0 });
    console.log(`epoch ${e + 1}: held out: ${measure(test)}`);
  }
}

/** `search`: where the tuned search departs from greedy, by kind of action, and whether a net follows it. */
function searchDepartures(gameId: string | undefined, gamesText: string | undefined, file: string | undefined): void {
  const { game, variant } = gameOf(gameId);
  const games = count(gamesText, 'GAMES');
  let net: Net | null = null;
  if (file) {
    try {
      net = loadNetFile(file, game as unknown as LearnableGame, variant).net;
    } catch (e) {
      fail((e as Error).message);
    }
  }
  const input = net ? new NetInput(game as unknown as LearnableGame, variant, net.arch) : null;
  const P = Number(variant.players);
  const greedy = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
  const search = createBot(parseLineup('ismcts')[0]!, game) as unknown as {
    act: (o: object, l: Int32Array, n: number, c: BotContext) => number;
    reset?: (c: BotContext) => void;
    rootVisits: (l: Int32Array, n: number, out: Float64Array, at: number) => number;
  };
  const s = game.newState(variant);
  const obs = game.newObservation(variant);
  const legal = new Int32Array(game.numDistinctActions(variant));
  const scores = new Float64Array(legal.length);
  const visits = new Float64Array(legal.length);
  const again = createBot(parseLineup('ismcts')[0]!, game);
  type Row = { n: number; same: number; share: number; top: number; repeat: number; netSearch: number; netGreedy: number; netOther: number };
  const rows = new Map<string, Row>();
  for (let g = 0; g < games; g++) {
    game.deal(s, dealRng(`learn-diag-${g}`));
    const ctxs: BotContext[] = greedy.map((_, p) => ({ seat: p, players: P, variant, rng: createRng(`learn-diag-${g}/${p}`), model: game }));
    greedy.forEach((b, p) => b.reset?.(ctxs[p]!));
    const sctx: BotContext = { seat: 0, players: P, variant, rng: createRng(`learn-diag-${g}/search`), model: game };
    search.reset?.(sctx);
    const actx: BotContext = { ...sctx, rng: createRng(`learn-diag-${g}/again`) };
    again.reset?.(actx);
    while (!game.isTerminal(s)) {
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      game.observe(s, seat, obs);
      const a = greedy[seat]!.act(obs, legal, n, ctxs[seat]!);
      if (seat === 0 && n > 1) {
        const sa = search.act(obs, legal, n, sctx);
        const total = search.rootVisits(legal, n, visits, 0);
        let top = 0;
        for (let k = 0; k < n; k++) top = Math.max(top, visits[k]!);
        const repeat = again.act(obs, legal, n, actx) === sa;
        let kg = 0;
        for (let k = 0; k < n; k++) if (legal[k] === a) kg = k;
        const kind = String((game.encodeAction(s, a) as { type?: unknown }).type ?? 'action');
        const r = rows.get(kind) ?? { n: 0, same: 0, share: 0, top: 0, repeat: 0, netSearch: 0, netGreedy: 0, netOther: 0 };
        r.n++;
        r.top += total > 0 ? top / total : 0;
        if (repeat) r.repeat++;
        if (sa === a) r.same++;
        r.share += total > 0 ? visits[kg]! / total : 0;
        if (net && input) {
          input.write(obs, legal, n, a);
          net.scoreActions(input.x, legal, n, input.features ?? undefined, scores);
          let best = 0;
          for (let k = 1; k < n; k++) if (scores[k]! > scores[best]!) best = k;
          if (legal[best] === sa) r.netSearch++;
          else if (legal[best] === a) r.netGreedy++;
          else r.netOther++;
        }
        rows.set(kind, r);
      }
      game.apply(s, a);
    }
  }
  console.log(`${game.info.id}, ${games} greedy games, seat 0's decisions with a choice, by the kind of greedy's action:`);
  console.log(
    "  kind: decisions, search plays greedy's action (%), search visits on it (%), on its most visited (%), a second search (other seed) plays the same (%)" +
      (net ? ", net plays search's / greedy's (not search's) / other (%)" : ''),
  );
  for (const [kind, r] of [...rows.entries()].sort((x, y) => y[1].n - x[1].n)) {
    const netPart = net ? `, ${pct(r.netSearch / r.n)} / ${pct(r.netGreedy / r.n)} / ${pct(r.netOther / r.n)}` : '';
    console.log(`  ${kind}: ${r.n}, ${pct(r.same / r.n)}, ${pct(r.share / r.n)}, ${pct(r.top / r.n)}, ${pct(r.repeat / r.n)}${netPart}`);
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'departures') departures(rest[0], rest[1], rest[2], rest[3]);
else if (mode === 'advantages') advantages(rest[0], rest[1], rest[2], rest[3]);
else if (mode === 'search') searchDepartures(rest[0], rest[1], rest[2]);
else fail(USAGE);
