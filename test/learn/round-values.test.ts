/**
 * A value head of round points (`NetArchitecture.valueTarget` 'round',
 * src/learn/round-values.ts): every decision's value target is every
 * seat's points of the round it was made in, and a search that stops at
 * the round's end adds the head's estimate to the running scores
 * (`ismcts:horizon=round,leaf=net`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { BotSpecError, type BotContext } from '../../src/core/bot.js';
import { getGame } from '../../src/core/registry.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { RoundLabels } from '../../src/learn/round-values.js';
import { PackBuilder } from '../../src/learn/sample-pack.js';
import { playEpisodes } from '../../src/learn/selfplay.js';
import { netMeta, saveNetFile } from '../../src/nn/file.js';
import { architectureFor } from '../../src/nn/game-layout.js';
import { Net } from '../../src/nn/net.js';
import { task } from './helpers.js';

const game = getGame('nine-virtues');
const variant = resolveGameVariant(game, {});
const P = Number(variant.players);
const ROUND = { kind: 'round', scale: 10 } as const;

describe('value targets of round points (nine-virtues.md, "The game": a game score is the sum of the round scores)', () => {
  it("each decision's targets are every seat's points of its own round, seat-relative, and the rounds add up to the game's scores", () => {
    for (let g = 0; g < 3; g++) {
      const s = game.newState(variant);
      game.deal(s, createRng(`round-values-${g}`));
      const out = new PackBuilder(1, 0, P, 1, false, false);
      out.labelValuesByRound();
      const labels = new RoundLabels(game, P, 10);
      labels.begin(s);
      const legal = new Int32Array(game.numDistinctActions(variant));
      const rng = createRng(`round-values-walk-${g}`);
      // The test's own bookkeeping: each decision's seat and round, each round's totals at its end.
      const decisions: { seat: number; round: number }[] = [];
      const totals: number[][] = [[...new Array(P).fill(0)]];
      const running = new Float64Array(P);
      while (!game.isTerminal(s)) {
        const n = game.legalActions(s, legal);
        const seat = game.currentSeat(s);
        decisions.push({ seat, round: game.roundsDone!(s) });
        out.begin(new Float32Array(1), legal, n, null);
        const k = rng.int(n);
        out.end(n, k, seat, 0);
        const before = game.roundsDone!(s);
        game.apply(s, legal[k]!);
        if (game.roundsDone!(s) > before) {
          game.runningScores!(s, running);
          totals.push([...running]);
        }
        labels.after(s, out);
      }
      out.finish(new Float64Array(P), 0);
      const pack = out.build();
      expect(totals.length - 1).toBe(P);
      expect(pack.samples).toBe(decisions.length);
      decisions.forEach(({ seat, round }, i) => {
        for (let j = 0; j < P; j++) {
          const q = (seat + j) % P;
          expect(pack.values[i * P + j]! * 10).toBeCloseTo(totals[round + 1]![q]! - totals[round]![q]!, 4);
        }
      });
      const final = game.result(s).scores;
      for (let q = 0; q < P; q++) expect(totals[P]![q]).toBe(final[q]);
    }
  });

  it("self-play with a round-points net labels every learner decision so (greedy's own episodes)", () => {
    const arch = architectureFor(game, variant, { trunk: [16], valueTarget: ROUND });
    const pack = playEpisodes(task('nine-virtues', 0, 2, { arch, weights: Net.create(arch, 'rv').weights, behaviour: 'greedy', selfPlay: 1, epsilon: 0 }));
    expect(pack.samples).toBeGreaterThan(0);
    expect(pack.values.length).toBe(pack.samples * P);
    // "Scoring a round": a hand of 6 cards scores at most 10 + 9 + ... + 5 = 45, and each of the 2P center cards bid at most ±10.
    for (const v of pack.values) expect(Math.abs(v)).toBeLessThanOrEqual((45 + 2 * P * 10) / 10);
    expect([...pack.values].some((v) => v !== 0)).toBe(true);
  });

  it('a game not scored in rounds has no round points to learn', () => {
    expect(() => new RoundLabels(getGame('multiples-of-nine'), 2, 10)).toThrow(/not scored in rounds/);
  });
});

describe('ismcts:horizon=round,leaf=net with a net of round points', () => {
  const dir = mkdtempSync(join(tmpdir(), 'round-net-'));
  const roundNet = join(dir, 'round.json');
  const gameNet = join(dir, 'game.json');
  for (const [path, arch] of [
    [roundNet, architectureFor(game, variant, { trunk: [16], valueTarget: ROUND })],
    [gameNet, architectureFor(game, variant, { trunk: [16] })],
  ] as const)
    saveNetFile(path, Net.create(arch, 'round-search'), netMeta(game, variant));

  const ctx = (seat: number, seed: string): BotContext => ({ seat, players: P, variant, rng: createRng(seed), model: game });

  it('plays a legal move at every decision of a game, the same seed giving the same moves', () => {
    const play = (): number[] => {
      const b = createBot(parseLineup(`ismcts:iterations=30,leaf=net,horizon=round,net=${roundNet}`)[0]!, game);
      const s = game.newState(variant);
      game.deal(s, createRng('round-search'));
      const legal = new Int32Array(game.numDistinctActions(variant));
      const obs = game.newObservation(variant);
      const moves: number[] = [];
      for (let i = 0; !game.isTerminal(s) && i < 40; i++) {
        const n = game.legalActions(s, legal);
        const seat = game.currentSeat(s);
        const a = b.act(game.observe(s, seat, obs), legal, n, ctx(seat, `m${i}`));
        expect([...legal.subarray(0, n)]).toContain(a);
        moves.push(a);
        game.apply(s, a);
      }
      return moves;
    };
    expect(play()).toEqual(play());
  });

  it.each([
    [`ismcts:leaf=net,horizon=game,net=${roundNet}`, /estimates the points of the round being played, so it needs horizon=round/],
    [`ismcts:leaf=mix,horizon=round,net=${gameNet}`, /estimates the game's outcome, so it does not go with horizon=round/],
  ])('refuses %s in one line', (text, message) => {
    let error: unknown;
    try {
      createBot(parseLineup(text)[0]!, game);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BotSpecError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
