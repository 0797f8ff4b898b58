/**
 * Expert Iteration's pieces (src/learn/search-selfplay.ts, src/learn/exit.ts,
 * bots/search/dirichlet.ts): the search's self-play labels every decision
 * with the root's visit counts (Anthony, Tian and Barber, NeurIPS 2017), a
 * seat's first moves are drawn by visits with Dirichlet noise on the root's
 * priors (AlphaZero, Silver et al. 2018), the net learns those targets from
 * the replay buffer, and all of it is a function of its seeds. On Captain's
 * Orders' shipped net.
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { shippedNetPath } from '../../bots/nets.js';
import { DirichletNoise } from '../../bots/search/dirichlet.js';
import { BotSpecError } from '../../src/core/bot.js';
import { getGame } from '../../src/core/registry.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { playChunk } from '../../src/learn/chunk.js';
import { newAdam } from '../../src/learn/dmc.js';
import { type ExitPlan, generationTasks, trainOnReplay } from '../../src/learn/exit.js';
import type { SamplePack } from '../../src/learn/sample-pack.js';
import { loadNetFile } from '../../src/nn/file.js';
import { Net } from '../../src/nn/net.js';

const game = getGame('captains-orders');
const variant = resolveGameVariant(game, {});
const netFile = shippedNetPath('captains-orders');
const shipped = loadNetFile(netFile, game, variant).net;

/** An Expert Iteration plan on the shipped Captain's Orders net, with a small search. */
function plan(extra: Partial<ExitPlan> = {}): ExitPlan {
  return {
    exit: true,
    gameId: 'captains-orders',
    variant,
    arch: shipped.arch,
    seed: 'exit-test',
    generations: 4,
    episodesPerGeneration: 2,
    chunk: 1,
    search: 'ismcts:iterations=12,prior=net,leaf=net',
    noise: 0.25,
    alpha: 0.3,
    exploreMoves: 2,
    replay: 2,
    scoreScale: 1,
    batch: 32,
    epochs: 1,
    lr: 0.003,
    l2: 0,
    clipNorm: 10,
    valueWeight: 1,
    ...extra,
  };
}

const packsOf = (p: ExitPlan): SamplePack[] => generationTasks(p, 0, netFile).map((t) => playChunk(t));

/** Per sample with several legal actions: its root visits and the index of the move played. */
function decisions(packs: readonly SamplePack[]): { visits: number[]; chosen: number }[] {
  const out: { visits: number[]; chosen: number }[] = [];
  for (const pack of packs) {
    let at = 0;
    for (let i = 0; i < pack.samples; i++) {
      const n = pack.counts[i]!;
      if (n > 1) out.push({ visits: Array.from(pack.policy!.subarray(at, at + n)), chosen: pack.chosen[i]! });
      at += n;
    }
  }
  return out;
}

/** The mean entropy (nats) of the samples' visit distributions (0 for a decision with one legal action). */
function meanEntropy(packs: readonly SamplePack[]): number {
  let sum = 0;
  let count = 0;
  for (const pack of packs) {
    let at = 0;
    for (let i = 0; i < pack.samples; i++) {
      const n = pack.counts[i]!;
      const v = pack.policy!.subarray(at, at + n);
      const total = v.reduce((a, b) => a + b, 0);
      for (const x of v) if (x > 0) sum -= (x / total) * Math.log(x / total);
      count++;
      at += n;
    }
  }
  return sum / count;
}

describe('Expert Iteration self-play (the net-guided search plays every seat)', () => {
  const p = plan();
  const packs = packsOf(p);

  it("labels every decision with the root's visit counts, which add up to the search's iterations, and plays a visited move", () => {
    const ds = decisions(packs);
    expect(ds.length).toBeGreaterThan(40);
    for (const d of ds) {
      expect(d.visits.reduce((a, b) => a + b, 0)).toBe(12);
      expect(d.visits[d.chosen]!).toBeGreaterThan(0);
    }
    expect(packs.reduce((a, q) => a + (q.searchIterations ?? 0), 0)).toBe(12 * ds.length);
    // A decision with one legal action is no search: its label is that action.
    for (const pack of packs) {
      let at = 0;
      for (let i = 0; i < pack.samples; i++) {
        if (pack.counts[i] === 1) expect(pack.policy![at]).toBe(1);
        at += pack.counts[i]!;
      }
    }
  });

  it("without exploration moves every move is the root's most visited child; with them some moves are drawn by the visits", () => {
    const greedyMoves = decisions(packsOf(plan({ exploreMoves: 0 })));
    for (const d of greedyMoves) expect(d.visits[d.chosen]).toBe(Math.max(...d.visits));
    const drawn = decisions(packsOf(plan({ exploreMoves: 1000 })));
    expect(drawn.some((d) => d.visits[d.chosen]! < Math.max(...d.visits))).toBe(true);
  });

  it('is a function of its task alone: the same chunk played twice gives the same samples, another seed other ones', () => {
    const again = packsOf(p);
    for (let c = 0; c < packs.length; c++) {
      expect(Array.from(again[c]!.policy!)).toEqual(Array.from(packs[c]!.policy!));
      expect(Array.from(again[c]!.chosen)).toEqual(Array.from(packs[c]!.chosen));
      expect(Array.from(again[c]!.values)).toEqual(Array.from(packs[c]!.values));
    }
    expect(Array.from(packsOf(plan({ seed: 'another' }))[0]!.chosen)).not.toEqual(Array.from(packs[0]!.chosen));
  });

  it("the net learns the search's targets: passes over the same replay buffer lower its policy cross-entropy and value error", () => {
    const fast = plan({ lr: 0.01 });
    const net = new Net(shipped.arch, Float32Array.from(shipped.weights));
    const adam = newAdam(fast, net.weights.length);
    const first = trainOnReplay(fast, 0, net, adam, packs);
    let last = first;
    for (let k = 1; k < 12; k++) last = trainOnReplay(fast, k, net, adam, packs);
    expect(first.samples).toBe(packs.reduce((a, q) => a + q.samples, 0));
    // The cross-entropy is at least the targets' own entropy (a 12-iteration search spreads its visits): what can fall is the excess, the KL divergence.
    const entropy = meanEntropy(packs);
    expect(last.lossPolicy - entropy).toBeLessThan(0.85 * (first.lossPolicy - entropy));
    expect(last.lossValue).toBeLessThan(first.lossValue);
    // The same plan, buffer and start give the same weights.
    const again = new Net(shipped.arch, Float32Array.from(shipped.weights));
    const adam2 = newAdam(fast, again.weights.length);
    for (let k = 0; k < 12; k++) trainOnReplay(fast, k, again, adam2, packs);
    expect(Buffer.from(again.weights.buffer).equals(Buffer.from(net.weights.buffer))).toBe(true);
  });
});

describe('Dirichlet noise on the root (AlphaZero: (1 − ε) p + ε η, η ~ Dir(α))', () => {
  const legal = Int32Array.from([3, 7, 11, 12]);

  it('a draw sums to 1 over the legal actions and is a function of the stream alone (nothing kept between draws)', () => {
    const noise = new DirichletNoise(0.3);
    const a = new Float64Array(16);
    const b = new Float64Array(16);
    noise.draw(createRng('d'), legal, 4, a);
    noise.draw(createRng('other'), legal, 4, b);
    const other = Array.from(b);
    noise.draw(createRng('d'), legal, 4, b);
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(other).not.toEqual(Array.from(a));
    expect(legal.reduce((s, id) => s + a[id]!, 0)).toBeCloseTo(1, 12);
    for (const id of legal) expect(a[id]!).toBeGreaterThanOrEqual(0);
  });

  it("changes which child the root expands first: with one iteration and noise=1 the search's move follows the noise, not the policy head", () => {
    const obs = game.newObservation(variant);
    const legalBuf = new Int32Array(game.numDistinctActions(variant));
    const plain = createBot(parseLineup('ismcts:iterations=1,prior=net,leaf=net')[0]!, game);
    const noisy = createBot(parseLineup('ismcts:iterations=1,prior=net,leaf=net,noise=1')[0]!, game);
    let differs = 0;
    for (let g = 0; g < 3; g++) {
      const s = game.newState(variant);
      game.deal(s, createRng(`noise-${g}`));
      const walk = createRng(`noise-walk-${g}`);
      while (!game.isTerminal(s)) {
        const n = game.legalActions(s, legalBuf);
        const seat = game.currentSeat(s);
        if (n > 2) {
          const ctx = (seed: string) => ({ seat, players: Number(variant.players), variant, rng: createRng(seed), model: game });
          const o = game.observe(s, seat, obs);
          if (plain.act(o, legalBuf, n, ctx('a')) !== noisy.act(o, legalBuf, n, ctx('a'))) differs++;
        }
        game.apply(s, legalBuf[walk.int(n)]!);
      }
    }
    expect(differs).toBeGreaterThan(5);
  });

  it('noise goes with prior=net (one line otherwise)', () => {
    expect(() => createBot(parseLineup('ismcts:noise=0.25')[0]!, game)).toThrow(BotSpecError);
    expect(() => createBot(parseLineup('ismcts:noise=0.25,prior=greedy')[0]!, game)).toThrow(/goes with prior=net/);
  });
});
