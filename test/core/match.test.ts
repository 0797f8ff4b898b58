/**
 * The match runner's handling of a bot's answer (`src/core/match.ts`,
 * `Bot.actIndex` in `src/core/bot.ts`): a bot that chooses by index plays
 * the same game as through `act`, and an index out of range forfeits.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/core/bot.js';
import { MatchRunner } from '../../src/core/match.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import '../../src/games/index.js';

const game = getGame('captains-orders');
const variant = resolveGameVariant(game, { players: 5 });
const names = ['a', 'b', 'c', 'd', 'e'];

/** A random bot answering through `act` alone, as a user's bot would. */
const byAction: Bot = { observes: false, act: (_o, legal, n, ctx) => legal[ctx.rng.int(n)]! };
/** The same choices through `actIndex`. */
const byIndex: Bot = { observes: false, act: byAction.act, actIndex: (_o, _l, n, ctx) => ctx.rng.int(n) };

describe('match runner: bots that choose by index', () => {
  it('a bot choosing by index plays the very games it plays through act', () => {
    for (let g = 0; g < 20; g++) {
      const a = new MatchRunner(game, variant).play(`s${g}`, g % 5, Array(5).fill(byAction), names, true);
      const b = new MatchRunner(game, variant).play(`s${g}`, g % 5, Array(5).fill(byIndex), names, true);
      expect(b.record).toEqual(a.record);
      expect(b.status).toBe('ok');
    }
  });

  it.each([-1, 1e6, 0.5, NaN])('an index %s outside [0, count) forfeits the game as an illegal choice', (bad) => {
    const wrong: Bot = { observes: false, act: () => 0, actIndex: () => bad };
    const bots = [byIndex, wrong, byIndex, byIndex, byIndex];
    const o = new MatchRunner(game, variant).play('s', 0, bots, names, false, undefined, [true, true, true, true, true]);
    expect(o.status).toBe('forfeit');
    expect(o.faults[0]!.seat).toBe(1);
    expect(o.faults[0]!.reason).toBe('illegal');
    expect(o.result.winners).toEqual([0, 2, 3, 4]);
  });
});
