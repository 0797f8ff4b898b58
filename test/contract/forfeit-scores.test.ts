/**
 * A forfeited game's scores, in every built-in game, as the rules README says
 * (`../shared/rules/README.md`, "Forfeits"):
 *
 * > A game ended by a bot's fault [...] is recorded up to the fault and no
 * > further: every action before the faulty decision, the round in progress
 * > without `scores` [...]. Its `result.scores` are the totals of the rounds
 * > completed before the fault, and `result.winners` lists every seat but the
 * > faulty one.
 *
 * The statistics (`summary.json`, `bots.csv`, `games.csv`, the page) read the
 * outcome of a game played without `--record`, so the test compares that
 * outcome's scores with the record's totals of its completed rounds.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { gameIds, getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import '../../src/games/index.js';

/** Plays at random, and throws at its `k`-th decision of each game. */
function flaky(k: number): Bot {
  let n = 0;
  return {
    reset: () => {
      n = 0;
    },
    act: (_o, legal, count, ctx) => {
      if (++n === k) throw new Error('boom');
      return legal[ctx.rng.int(count)]!;
    },
  };
}
const randomBot = (): Bot => ({ act: (_o, legal, count, ctx) => legal[ctx.rng.int(count)]! });

describe('forfeits score as the rules README says ("Forfeits": result.scores are the totals of the rounds completed before the fault)', () => {
  it.each(gameIds())('%s: a forfeited game scores the completed rounds\u2019 totals in the statistics as in the record', (id) => {
    const game = getGame(id);
    const variant = resolveGameVariant(game, {});
    const P = variant.players as number;
    const names = Array.from({ length: P }, (_, s) => (s === 0 ? 'flaky' : 'random'));
    let afterScoredRound = 0;
    let nonZero = 0;
    let forfeits = 0;
    for (const k of [3, 8, 20, 45, 90, 180]) {
      for (let g = 0; g < 4; g++) {
        const play = (record: boolean) =>
          new GameRunner(game, variant, { onFault: 'forfeit', moveTimeoutMs: 0 }).play({
            seed: `forfeit-scores-${k}-${g}`,
            bots: [flaky(k), ...Array.from({ length: P - 1 }, randomBot)],
            names,
            record,
          });
        const plain = play(false);
        const recorded = play(true);
        if (plain.status !== 'forfeit') continue;
        forfeits++;
        const rec = recorded.record!;
        const totals = new Array<number>(P).fill(0);
        const scored = rec.rounds.filter((r) => r.scores !== undefined);
        for (const r of scored) r.scores!.forEach((x, s) => (totals[s]! += x));
        expect(rec.result.scores).toEqual(totals);
        // The statistics' scores are the record's: not 0 for every seat.
        expect(plain.result.scores).toEqual(totals);
        expect(plain.result.winners).toEqual(Array.from({ length: P - 1 }, (_, s) => s + 1));
        if (scored.length > 0) afterScoredRound++;
        if (totals.some((x) => x !== 0)) nonZero++;
      }
    }
    expect(forfeits).toBeGreaterThan(0);
    // Games of more than one round forfeit after a scored round at some k, so the comparison above is not of zeros alone.
    if (id !== 'multiples-of-nine') {
      expect(afterScoredRound).toBeGreaterThan(0);
      expect(nonZero).toBeGreaterThan(0);
    }
  });
});
