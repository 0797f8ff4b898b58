/**
 * The game runner's handling of a bot's answer (`src/core/game-runner.ts`,
 * `Bot.actIndex` in `src/core/bot.ts`): a bot that chooses by index plays
 * the same game as through `act`, and an index out of range forfeits; bots
 * that never read `legal` (`Bot.readsLegal`) play the same games while the
 * runner only counts the legal actions and decodes the index (`Game.legalAt`).
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { replayRecord } from '../../src/core/replay.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { snapshot } from '../helpers.js';
import '../../src/games/index.js';

const game = getGame('captains-orders');
const variant = resolveGameVariant(game, { players: 5 });
const names = ['a', 'b', 'c', 'd', 'e'];

/** A random bot answering through `act` alone, as a user's bot would. */
const byAction: Bot = { observes: false, act: (_o, legal, n, ctx) => legal[ctx.rng.int(n)]! };
/** The same choices through `actIndex`. */
const byIndex: Bot = { observes: false, act: byAction.act, actIndex: (_o, _l, n, ctx) => ctx.rng.int(n) };

describe('game runner: bots that choose by index', () => {
  it('a bot choosing by index plays the very games it plays through act', () => {
    for (let g = 0; g < 20; g++) {
      const a = new GameRunner(game, variant).play({ seed: `s${g}`, rotation: g % 5, bots: Array(5).fill(byAction), names, record: true });
      const b = new GameRunner(game, variant).play({ seed: `s${g}`, rotation: g % 5, bots: Array(5).fill(byIndex), names, record: true });
      expect(b.record).toEqual(a.record);
      expect(b.status).toBe('ok');
    }
  });

  it.each([-1, 1e6, 0.5, NaN])('an index %s outside [0, count) forfeits the game as an illegal choice', (bad) => {
    const wrong: Bot = { observes: false, act: () => 0, actIndex: () => bad };
    const bots = [byIndex, wrong, byIndex, byIndex, byIndex];
    const o = new GameRunner(game, variant).play({ seed: 's', bots, names, shareLegal: [true, true, true, true, true] });
    expect(o.status).toBe('forfeit');
    expect(o.faults[0]!.seat).toBe(1);
    expect(o.faults[0]!.reason).toBe('illegal');
    expect(o.result.winners).toEqual([0, 2, 3, 4]);
  });
});

/** The same choices, declaring that `legal` is never read. */
const blind: Bot = { ...byIndex, readsLegal: false };

/** What a game leaves behind: its outcome (without records) and every seat's final observation. */
function finalOf(bots: Bot[], seed: string, rotation: number, onFault: 'forfeit' | 'random' = 'forfeit'): unknown {
  const runner = new GameRunner(game, variant, { onFault, moveTimeoutMs: 0 });
  const o = runner.play({ seed, rotation, bots, names });
  const seen = names.map((_, p) => snapshot(game.observe(runner.lastState, p, game.newObservation(variant))));
  return { status: o.status, result: o.result, decisions: o.decisions, firstSeat: o.firstSeat, faults: o.faults, seen };
}

describe('game runner: bots that never read the legal actions (Bot.readsLegal, Game.legalCount/legalAt)', () => {
  it('random games are the same whether the legal actions are listed or only counted and decoded', () => {
    for (let g = 0; g < 200; g++) expect(finalOf(Array(5).fill(blind), `b${g}`, g % 5)).toEqual(finalOf(Array(5).fill(byIndex), `b${g}`, g % 5));
  });

  it('such a bot is handed an empty legal array and the count of the legal actions', () => {
    const counts: number[] = [];
    const peek: Bot = {
      ...blind,
      actIndex: (_o, legal, n, ctx) => {
        expect(legal).toHaveLength(0);
        counts.push(n);
        return ctx.rng.int(n);
      },
    };
    const listed: number[] = [];
    const peekListed: Bot = { ...byIndex, actIndex: (_o, _legal, n, ctx) => (listed.push(n), ctx.rng.int(n)) };
    new GameRunner(game, variant).play({ seed: 'peek', bots: Array(5).fill(peek), names });
    new GameRunner(game, variant).play({ seed: 'peek', bots: Array(5).fill(peekListed), names });
    expect(counts.length).toBeGreaterThan(10);
    expect(counts).toEqual(listed);
  });

  it('with one bot that reads the legal actions at the table, every seat gets them listed', () => {
    const reader: Bot = { ...byIndex, actIndex: (_o, legal, n, ctx) => (expect(legal.length).toBeGreaterThanOrEqual(n), ctx.rng.int(n)) };
    const o = new GameRunner(game, variant).play({ seed: 'mixed', bots: [blind, reader, blind, blind, blind], names });
    expect(o.status).toBe('ok');
  });

  it.each([-1, 1e6, 0.5, NaN])('an index %s outside [0, count) forfeits the game; a throw forfeits it too', (bad) => {
    const wrong: Bot = { ...blind, actIndex: () => bad };
    const o = new GameRunner(game, variant).play({ seed: 's', bots: [blind, wrong, blind, blind, blind], names });
    expect(o.status).toBe('forfeit');
    expect(o.faults[0]!.seat).toBe(1);
    expect(o.faults[0]!.reason).toBe('illegal');
    expect(o.result.winners).toEqual([0, 2, 3, 4]);
    const thrower: Bot = {
      ...blind,
      actIndex: () => {
        throw new Error('boom');
      },
    };
    const t = new GameRunner(game, variant).play({ seed: 's', bots: [blind, blind, thrower, blind, blind], names });
    expect(t.status).toBe('forfeit');
    expect(t.faults[0]).toMatchObject({ seat: 2, reason: 'threw', decision: expect.any(Number) });
  });

  it('under --on-fault random a faulty index is replaced as in the listing loop, and the game goes on', () => {
    let calls = 0;
    const flaky = (base: Bot): Bot => ({ ...base, actIndex: (o, l, n, ctx) => (++calls % 3 === 0 ? -1 : base.actIndex!(o, l, n, ctx)) });
    calls = 0;
    const a = finalOf([blind, flaky(blind), blind, blind, blind], 'flaky', 0, 'random');
    calls = 0;
    const b = finalOf([byIndex, flaky(byIndex), byIndex, byIndex, byIndex], 'flaky', 0, 'random');
    expect(a).toEqual(b);
    expect((a as { status: string; faults: unknown[] }).status).toBe('ok');
    expect((a as { faults: unknown[] }).faults.length).toBeGreaterThan(0);
  });
});

describe('records of faulty games (shared/rules/README.md, "Forfeits")', () => {
  const nv = getGame('nine-virtues');
  const variant = resolveGameVariant(nv, {});
  const names = ['flaky', 'random', 'random', 'random'];
  /** Plays at random, and throws at its `k`-th decision of each game. */
  const flaky = (k: number): Bot => {
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
  };
  const randomBot = (): Bot => ({ act: (_o, legal, count, ctx) => legal[ctx.rng.int(count)]! });

  it('a forfeited game is recorded up to the fault: completed rounds scored, the round in progress without scores, result.scores their totals, winners every other seat; it replays', () => {
    const runner = new GameRunner(nv, variant, { onFault: 'forfeit', moveTimeoutMs: 0 });
    // Late enough that a round has been scored (a random Nine Virtues round is ~6 decisions a seat).
    const o = runner.play({ seed: 'forfeit-record', bots: [flaky(12), randomBot(), randomBot(), randomBot()], names, record: true });
    expect(o.status).toBe('forfeit');
    const rec = o.record!;
    const scored = rec.rounds.filter((r) => r.scores !== undefined);
    expect(scored.length).toBeGreaterThan(0);
    expect(rec.rounds[rec.rounds.length - 1]!.scores).toBeUndefined();
    const totals = [0, 0, 0, 0];
    for (const r of scored) r.scores!.forEach((x, s) => (totals[s]! += x));
    expect(rec.result.scores).toEqual(totals);
    expect(rec.result.winners).toEqual([1, 2, 3]);
    expect(rec.forfeit?.seat).toBe(0);
    expect(JSON.stringify(replayRecord(nv, JSON.parse(JSON.stringify(rec))))).toBe(JSON.stringify(rec));
  });

  it('under --on-fault random the replaced decision is recorded with "replaced": true, and the record replays', () => {
    const runner = new GameRunner(nv, variant, { onFault: 'random', moveTimeoutMs: 0 });
    const o = runner.play({ seed: 'replaced-record', bots: [flaky(5), randomBot(), randomBot(), randomBot()], names, record: true });
    expect(o.status).toBe('ok');
    const marked = o.record!.rounds.flatMap((r) => r.actions).filter((a) => (a as { replaced?: boolean }).replaced === true);
    expect(marked).toHaveLength(1);
    expect(o.faults).toHaveLength(1);
    const rec = o.record!;
    expect(JSON.stringify(replayRecord(nv, JSON.parse(JSON.stringify(rec))))).toBe(JSON.stringify(rec));
  });
});
