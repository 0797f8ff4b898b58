/**
 * Every rule of Nine Lives with powers held over whole games (long tier):
 * records of random, greedy and ismcts games of Nine Lives with powers, at
 * every player count (3-9), with and without Black Cat (3-8), under both
 * power deals, pass the independent referee (`scripts/referee/nine-lives.ts`,
 * written from the rule files and sharing no code with the engine) with zero
 * violations. The records are made as the tourney makes them
 * (`GameRunner.play` with `record: true`, one JSON line a game). Line-ups per
 * configuration: random in every seat; greedy in every seat; ismcts (a small
 * budget) in one seat with greedy and random, moved round the table from game
 * to game; and an "eager" random bot that spends a power whenever it can (so
 * tricks with limitless_power and several powers, the rare interactions, are
 * common). The larger measured corpus is `scripts/referee/corpus.sh` (the
 * tourney's own --record files).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { A_CARD, A_SPEND } from '../../src/games/nine-lives/actions.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';
import { emptyCheck, refereeText } from '../../scripts/referee/check.js';
import { POWER_LIST } from '../../scripts/referee/nine-lives.js';

const chisquareCdf = createRequire(import.meta.url)('@stdlib/stats-base-dists-chisquare-cdf') as (x: number, k: number) => number;

const RANDOM_GAMES = 12;
const GREEDY_GAMES = 4;
const ISMCTS_GAMES = 2;
// Random playouts: the records check the search's own choices; greedy playouts (the tuned profile's) made these 52 games most of the file's 6 min of CPU.
const ISMCTS = 'ismcts:iterations=40,rollout=random';
const EAGER_GAMES = 6;

/** Spends a power (a random one) whenever it may, else acts at random: the test's generator of multi-power tricks. */
const eager: Bot = {
  act(_obs, legal, count, ctx) {
    let spends = 0;
    for (let i = 0; i < count; i++) if (legal[i]! >= A_SPEND && legal[i]! < A_CARD) spends++;
    if (spends === 0) return legal[ctx.rng.int(count)]!;
    let k = ctx.rng.int(spends);
    for (let i = 0; i < count; i++) if (legal[i]! >= A_SPEND && legal[i]! < A_CARD && k-- === 0) return legal[i]!;
    throw new Error('unreachable');
  },
};

/** Records (JSON lines) of `games` games of `given` with the line-up `specs`, rotated one seat per game. */
function records(given: Record<string, VariantValue>, specs: readonly string[], games: number, seed: string): string {
  const game = getGame('nine-lives');
  const variant = resolveGameVariant(game, given);
  const bots = specs.map((s) => (s === 'eager' ? eager : createBot(parseLineup(s)[0]!, game)));
  const runner = new GameRunner(game, variant);
  const P = specs.length;
  const lines: string[] = [];
  for (let g = 0; g < games; g++) {
    const seat = (s: number): number => (s + g) % P;
    const rec = runner.play({
      seed: `${seed}:${g}`,
      rotation: g % P,
      bots: bots.map((_, s) => bots[seat(s)]!),
      names: specs.map((_, s) => specs[seat(s)]!),
      record: true,
    }).record;
    lines.push(JSON.stringify(rec));
  }
  return lines.join('\n');
}

const configs: { label: string; given: Record<string, VariantValue> }[] = [];
for (let P = 3; P <= 9; P++) {
  for (const blackCat of P <= 8 ? [false, true] : [false]) {
    for (const powerDeal of ['published', 'uniform']) {
      configs.push({ label: `${P} players${blackCat ? ', Black Cat' : ''}, powerDeal=${powerDeal}`, given: { players: P, blackCat, powers: true, powerDeal } });
    }
  }
}

describe('Nine Lives powers records pass the independent referee of rules nine-lives.md and nine-lives-powers.md', () => {
  const all = emptyCheck();
  for (const c of configs) {
    it(`${c.label}: ${RANDOM_GAMES} random, ${GREEDY_GAMES} greedy, ${ISMCTS_GAMES} ismcts and ${EAGER_GAMES} eager games, zero violations`, () => {
      const P = Number(c.given.players);
      const fill = (b: string): string[] => Array.from({ length: P }, () => b);
      const key = `referee-${c.label}`;
      const text = [
        records(c.given, fill('random'), RANDOM_GAMES, `${key}-random`),
        records(c.given, fill('greedy'), GREEDY_GAMES, `${key}-greedy`),
        records(c.given, [ISMCTS, 'greedy', ...fill('random').slice(2)], ISMCTS_GAMES, `${key}-ismcts`),
        records(c.given, fill('eager'), EAGER_GAMES, `${key}-eager`),
      ].join('\n');
      const check = refereeText(text, all);
      expect(check.violations.slice(0, 5)).toEqual([]);
    });
  }

  it('the games checked cover every line-up of every configuration and all 44 powers', () => {
    expect(all.games).toBe(configs.length * (RANDOM_GAMES + GREEDY_GAMES + ISMCTS_GAMES + EAGER_GAMES));
    expect(all.configs.size).toBe(configs.length * 4);
    const used = new Set<string>();
    for (const t of all.configs.values()) for (const k of Object.keys(t.powers)) used.add(k);
    expect([...used].sort()).toEqual(POWER_LIST.map(([k]) => k).sort());
  });

  it('§11: chance draws from a hand pick each card alike (Pearson chi-square by hand size, all p > 0.001; seeded, so fixed)', () => {
    const draws = new Map<number, number[]>();
    for (const t of all.configs.values()) {
      for (const [n, counts] of Object.entries(t.draws)) {
        const row = draws.get(Number(n)) ?? new Array<number>(counts.length).fill(0);
        counts.forEach((k, i) => (row[i]! += k));
        draws.set(Number(n), row);
      }
    }
    const pValues: Record<number, number> = {};
    for (const [n, counts] of draws) {
      if (n < 2) continue;
      const total = counts.reduce((a, k) => a + k, 0);
      const chi2 = counts.reduce((a, k) => a + (k - total / n) ** 2 / (total / n), 0);
      pValues[n] = 1 - chisquareCdf(chi2, n - 1);
      expect(counts.every((k) => k > 0)).toBe(true);
    }
    expect(Object.keys(pValues).length).toBeGreaterThanOrEqual(7);
    for (const p of Object.values(pValues)) expect(p).toBeGreaterThan(0.001);
  });
});
