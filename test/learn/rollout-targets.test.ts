/**
 * Rollout targets (src/learn/rollout-targets.ts; Tesauro & Galperin 1996):
 * a labelled decision's target for each legal action is the utility its
 * seat gets by taking that action in the true state and letting the
 * rollout policy play every seat to the end; labelling changes nothing
 * in the episodes played.
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import type { GameStateBase } from '../../src/core/game.js';
import { type AnyGame, getGame } from '../../src/core/registry.js';
import { createRng, dealRng } from '../../src/core/rng.js';
import { resolveGameVariant, type Variant } from '../../src/core/variant.js';
import { RolloutLabeller } from '../../src/learn/rollout-targets.js';
import { playEpisodes } from '../../src/learn/selfplay.js';
import { utilities } from '../../src/learn/utility.js';
import { rows, task } from './helpers.js';

/**
 * The oracle of a rollout, written out: one greedy per seat, each seeded
 * `<key>/<seat>` and reset, plays `t` on to the end of the game, or with
 * `round` >= 0 until more than `round` rounds are done.
 */
function greedyOn(game: AnyGame, v: Variant, t: GameStateBase, key: string, round = -1): void {
  const P = t.players;
  const bots = Array.from({ length: P }, () => createBot(parseLineup('greedy')[0]!, game));
  const ctxs = bots.map((b, p) => {
    const ctx = { seat: p, players: P, variant: v, rng: createRng(`${key}/${p}`), model: game };
    b.reset?.(ctx);
    return ctx;
  });
  const obs = game.newObservation(v);
  const legal = new Int32Array(game.numDistinctActions(v));
  while (!game.isTerminal(t) && (round < 0 || game.roundsDone!(t) <= round)) {
    const q = game.currentSeat(t);
    const m = game.legalActions(t, legal);
    game.observe(t, q, obs);
    game.apply(t, bots[q]!.act(obs, legal, m, ctxs[q]!));
  }
}

describe('rollout targets', () => {
  for (const id of ['nine-virtues', 'captains-orders', 'nine-muses', 'nines-holdem']) {
    it(`${id}: each legal action's target is its seat's utility after taking it and letting greedy play every seat to the end; the state is left as it was`, () => {
      const game = getGame(id);
      const v = resolveGameVariant(game, {});
      const s = game.newState(v);
      game.deal(s, dealRng('rollout-test'));
      const legal = new Int32Array(game.numDistinctActions(v));
      const pick = createRng('rollout-test/walk');
      // Somewhere in the game: a few random moves in.
      for (let i = 0; i < 6 && !game.isTerminal(s); i++) game.apply(s, legal[pick.int(game.legalActions(s, legal))]!);
      const before = JSON.stringify(game.clone(s));
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      const scale = game.info.utility === 'zero-sum' ? 100 : 1;
      const out = new Float32Array(n + 2).fill(-7);
      new RolloutLabeller(game, v, 'greedy', scale).label(s, seat, legal, n, 'k', out, 1);
      expect(JSON.stringify(game.clone(s))).toBe(before);
      expect(out[0]).toBe(-7);
      expect(out[n + 1]).toBe(-7);
      const util = new Float64Array(s.players);
      for (let k = 0; k < n; k++) {
        const t = game.clone(s);
        game.apply(t, legal[k]!);
        greedyOn(game, v, t, 'k');
        utilities(game, t, scale, util);
        expect(out[1 + k]).toBe(Math.fround(util[seat]!));
      }
    });
  }

  for (const id of ['nine-virtues', 'nine-lives', 'nines-holdem']) {
    it(`${id}: with the round horizon each action's target is its seat's margin over the best other seat when greedy ends the round, less the mean of the decision's margins, over the scale`, () => {
      const game = getGame(id);
      const v = resolveGameVariant(game, {});
      const s = game.newState(v);
      game.deal(s, dealRng('round-test'));
      const legal = new Int32Array(game.numDistinctActions(v));
      const pick = createRng('round-test/walk');
      // Find a decision with at least three legal actions whose margins differ.
      for (let i = 0; i < 200 && !game.isTerminal(s); i++) {
        const n = game.legalActions(s, legal);
        if (n >= 3 && i > 4) break;
        game.apply(s, legal[pick.int(n)]!);
      }
      const seat = game.currentSeat(s);
      const n = game.legalActions(s, legal);
      const out = new Float32Array(n);
      new RolloutLabeller(game, v, 'greedy', 1, 'round', 7).label(s, seat, legal, n, 'r', out, 0);
      const scores = new Float64Array(s.players);
      const round = game.roundsDone!(s);
      const margins: number[] = [];
      for (let k = 0; k < n; k++) {
        const t = game.clone(s);
        game.apply(t, legal[k]!);
        greedyOn(game, v, t, 'r', round);
        game.runningScores!(t, scores);
        margins.push(scores[seat]! - Math.max(...Array.from(scores).filter((_, q) => q !== seat)));
      }
      const mean = margins.reduce((a, b) => a + b, 0) / n;
      for (let k = 0; k < n; k++) expect(out[k]).toBeCloseTo((margins[k]! - mean) / 7, 5);
    });
  }

  for (const id of ['nine-virtues', 'nine-lives']) {
    it(`${id}: advantages (the game horizon's targets less their decision's mean) add up to 0 and keep every difference between two actions`, () => {
      const game = getGame(id);
      const v = resolveGameVariant(game, {});
      const s = game.newState(v);
      game.deal(s, dealRng('advantage-test'));
      const legal = new Int32Array(game.numDistinctActions(v));
      const pick = createRng('advantage-test/walk');
      let n = 0;
      // A decision with three or more legal actions, a few random moves in.
      for (let i = 0; i < 200 && !game.isTerminal(s); i++) {
        n = game.legalActions(s, legal);
        if (i >= 4 && n >= 3) break;
        game.apply(s, legal[pick.int(n)]!);
      }
      const seat = game.currentSeat(s);
      const plain = new Float32Array(n);
      const adv = new Float32Array(n);
      new RolloutLabeller(game, v, 'greedy', 1).label(s, seat, legal, n, 'a', plain, 0);
      new RolloutLabeller(game, v, 'greedy', 1, 'game', 10, true).label(s, seat, legal, n, 'a', adv, 0);
      const mean = plain.reduce((a, x) => a + x, 0) / n;
      for (let k = 0; k < n; k++) expect(adv[k]).toBeCloseTo(plain[k]! - mean, 6);
      expect(Math.abs(adv.reduce((a, x) => a + x, 0))).toBeLessThan(1e-5);
    });
  }

  it('the round horizon is refused for a game without rounds and running scores', () => {
    const game = getGame('captains-orders');
    expect(() => new RolloutLabeller(game, resolveGameVariant(game, {}), 'greedy', 1, 'round')).toThrow(/no rounds with running scores/);
  });

  it('labelling changes no episode: with share 0.5 the samples are those of share 0, and about half of them carry one target per legal action', () => {
    const plain = playEpisodes(task('captains-orders', 0, 4));
    const labelled = playEpisodes(task('captains-orders', 0, 4, { rolloutShare: 0.5, rolloutBot: 'greedy' }));
    const strip = (r: string): string => JSON.stringify((JSON.parse(r) as unknown[]).slice(0, 5));
    expect(rows([labelled]).map(strip)).toEqual(rows([plain]).map(strip));
    expect(plain.qAll).toBeNull();
    let at = 0;
    let withTargets = 0;
    for (let i = 0; i < labelled.samples; i++) {
      const n = labelled.counts[i]!;
      const t = Array.from(labelled.qAll!.subarray(at, at + n));
      // All or none: a labelled decision has a target for every legal action, each a win share in [0, 1].
      expect(t.every(Number.isNaN) || t.every((x) => x >= 0 && x <= 1)).toBe(true);
      if (!Number.isNaN(t[0]!)) withTargets++;
      at += n;
    }
    expect(withTargets / labelled.samples).toBeGreaterThan(0.35);
    expect(withTargets / labelled.samples).toBeLessThan(0.65);
  });

  it('a chunk with rollout targets is a function of its task: episodes 0-3 in one chunk or in two give the same samples and targets', () => {
    const t = { rolloutShare: 0.3, rolloutBot: 'greedy' };
    const whole = rows([playEpisodes(task('captains-orders', 0, 4, t))]);
    expect(rows([playEpisodes(task('captains-orders', 0, 1, t)), playEpisodes(task('captains-orders', 1, 3, t))])).toEqual(whole);
  });

  it("with every seat greedy and ε 0, a labelled decision's target for the action greedy took is the game's own Monte-Carlo return (Captain's Orders: greedy draws nothing from its generator)", () => {
    const p = playEpisodes(task('captains-orders', 0, 3, { behaviour: 'greedy', epsilon: 0, selfPlay: 1, rolloutShare: 1, rolloutBot: 'greedy' }));
    let at = 0;
    for (let i = 0; i < p.samples; i++) {
      expect(p.qAll![at + p.chosen[i]!]).toBe(p.target[i]);
      at += p.counts[i]!;
    }
  });
});
