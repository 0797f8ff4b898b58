/**
 * Balance for designers (src/games/nine-lives/README.md, "Powers: balance for
 * designers"; rules nine-lives-powers.md §7, the 44 powers): the Powers
 * tables of the balance report (`src/games/nine-lives/balance.ts`) against
 * counts computed apart from the games' records: uses and users from the
 * `power` entries, the deal from round 0's `powers` map, results from the
 * record's result, availability from the legal actions met while replaying
 * the record.
 */
import { describe, expect, it } from 'vitest';
import { checkEntryTotals } from './balance-checks.js';
import { createRng } from '../../src/core/rng.js';
import { RoundCollector, buildRecord, type GameRecord } from '../../src/core/record.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { nineLives } from '../../src/games/nine-lives/game.js';
import { A_CARD, A_SPEND, NUM_ACTIONS_POWERS } from '../../src/games/nine-lives/actions.js';
import { nineLivesBalance, type NineLivesTotals } from '../../src/games/nine-lives/balance.js';
import { NUM_POWERS, POWER_KEYS } from '../../src/games/nine-lives/powers-list.js';
import { type NineLivesState, Phase } from '../../src/games/nine-lives/state.js';

const buf = new Int32Array(NUM_ACTIONS_POWERS);

/** One random game on the deal `seed`, its bots drawing from `botSeed`: the final state and its record. */
function play(v: NineLivesState['variant'], seed: string, botSeed: string): { s: NineLivesState; rec: GameRecord } {
  const s = nineLives.newState(v);
  const c = new RoundCollector();
  s.recorder = c;
  nineLives.deal(s, createRng(seed));
  const r = createRng(botSeed);
  while (!nineLives.isTerminal(s)) {
    const n = nineLives.legalActions(s, buf);
    nineLives.apply(s, buf[r.int(n)]!);
  }
  s.recorder = null;
  const rec = buildRecord(
    'nine-lives',
    v,
    seed,
    Array.from({ length: s.players }, () => 'random'),
    c.rounds,
    nineLives.result(s),
  );
  return { s, rec };
}

/** What the tables count, for one game, read from its record alone (and a replay of it for availability). */
interface Counted {
  dealt: Set<string>;
  /** uses[q][key] */
  uses: Map<string, number>[];
  /** avail[q]: keys whose spend was a legal action at one of q's decisions. */
  avail: Set<string>[];
  win: number[];
  lives: number[];
}

function countRecord(rec: GameRecord, P: number): Counted {
  const powers = (rec.rounds[0]!.deal as { powers: Record<string, string> }).powers;
  const uses = Array.from({ length: P }, () => new Map<string, number>());
  for (const round of rec.rounds) {
    for (const e of round.actions) if (e.type === 'power') uses[e.seat!]!.set(e.key as string, (uses[e.seat!]!.get(e.key as string) ?? 0) + 1);
  }
  // Availability: replay the record; before each entry in a turn, the spends the legal actions offer.
  const s = nineLives.newState(rec.variant);
  nineLives.deal(s, createRng(rec.seed));
  const avail = Array.from({ length: P }, () => new Set<string>());
  for (const round of rec.rounds) {
    for (const e of round.actions) {
      if (s.phase === Phase.Play) {
        const n = nineLives.legalActions(s, buf);
        for (let i = 0; i < n; i++) if (buf[i]! >= A_SPEND && buf[i]! < A_CARD) avail[s.turn]!.add(POWER_KEYS[s.powerOf[buf[i]! - A_SPEND]!]!);
      }
      const a = nineLives.decodeAction(s, e);
      if (a !== null) nineLives.apply(s, a);
    }
  }
  expect(Array.from(s.lives)).toEqual(rec.result.scores);
  const w = rec.result.winners;
  return {
    dealt: new Set(Object.values(powers)),
    uses,
    avail,
    win: Array.from({ length: P }, (_, q) => (w.includes(q) ? 1 / w.length : 0)),
    lives: [...rec.result.scores],
  };
}

describe("balance for designers: power use and the user's result, per power (rules nine-lives-powers.md §7)", () => {
  it('the power tables count what the records show: uses, availability, results, and pairs by deal and seat, per bot', () => {
    const P = 3;
    const v = resolveGameVariant(nineLives, { players: P, powers: true, powerDeal: 'uniform' });
    const t = nineLivesBalance.newTotals(v, P) as NineLivesTotals;
    // Three deals, each played in two seatings (entries rotated, other bot streams): the pairs come from one deal's two games.
    const seatings = [
      [0, 1, 2],
      [1, 2, 0],
    ];
    const games: { deal: number; entries: number[]; c: Counted }[] = [];
    for (let d = 0; d < 3; d++) {
      for (let k = 0; k < 2; k++) {
        const { s, rec } = play(v, `item6-deal-${d}`, `item6-bots-${d}-${k}`);
        nineLivesBalance.accumulate(s, t, seatings[k]!, nineLives.result(s));
        games.push({ deal: d, entries: seatings[k]!, c: countRecord(rec, P) });
      }
    }
    let anyPair = false;
    let anyUse = false;
    // One bot under three names (no pairs: no name sits twice in a seat of a deal), then one name (pairs by deal and seat).
    for (const lineup of [
      ['a', 'b', 'c'],
      ['r', 'r', 'r'],
    ]) {
      const tables = nineLivesBalance.tables(t, lineup);
      const use = tables.find((x) => x.id === 'power-use')!;
      const effect = tables.find((x) => x.id === 'power-effect')!;
      const names = [...new Set(lineup)];
      // Every bot, all 44 powers, whatever was dealt.
      expect(use.rows.map((r) => `${r[0]} ${r[2]}`)).toEqual(names.flatMap((n) => POWER_KEYS.map((k) => `${n} ${k}`)));
      expect(effect.rows.map((r) => `${r[0]} ${r[2]}`)).toEqual(names.flatMap((n) => POWER_KEYS.map((k) => `${n} ${k}`)));
      const cell = (table: typeof use, row: number, column: string): number => Number(table.rows[row]![table.columns.indexOf(column)]);
      names.forEach((name, b) => {
        const bot = (g: (typeof games)[number], q: number): boolean => lineup[g.entries[q]!] === name;
        for (let k = 0; k < NUM_POWERS; k++) {
          const key = POWER_KEYS[k]!;
          const row = b * NUM_POWERS + k;
          let dealt = 0;
          let uses = 0;
          let avail = 0;
          let used = 0;
          let usedWin = 0;
          let usedLives = 0;
          let idleWin = 0;
          let idleLives = 0;
          for (const g of games) {
            const { c } = g;
            if (c.dealt.has(key)) dealt++;
            for (let q = 0; q < P; q++) {
              if (!bot(g, q)) continue;
              const u = c.uses[q]!.get(key) ?? 0;
              uses += u;
              if (u > 0) expect(c.avail[q]!.has(key), `${key} used but never offered`).toBe(true);
              if (!c.avail[q]!.has(key)) continue;
              avail++;
              if (u > 0) {
                used++;
                usedWin += c.win[q]!;
                usedLives += c.lives[q]!;
              } else {
                idleWin += c.win[q]!;
                idleLives += c.lives[q]!;
              }
            }
          }
          if (uses > 0) anyUse = true;
          const at = `${name} ${key}`;
          expect(cell(use, row, 'dealt games'), at).toBe(dealt);
          expect(cell(use, row, 'uses'), at).toBe(uses);
          expect(cell(use, row, 'available'), at).toBe(avail);
          expect(cell(use, row, 'used'), at).toBe(used);
          expect(cell(effect, row, 'used'), at).toBe(used);
          expect(cell(effect, row, 'not used'), at).toBe(avail - used);
          const same = (x: number, y: number): void => (Number.isNaN(y) ? expect(x, at).toBeNaN() : expect(x, at).toBeCloseTo(y, 9));
          same(cell(effect, row, 'win used'), usedWin / used);
          same(cell(effect, row, 'lives used'), usedLives / used);
          same(cell(effect, row, 'win not used'), idleWin / (avail - used));
          same(cell(effect, row, 'lives not used'), idleLives / (avail - used));
          // Pairs: per deal and seat, each of the bot's seat-games that used the power with each that held it unused.
          let pairs = 0;
          let pairWin = 0;
          let pairLives = 0;
          for (let d = 0; d < 3; d++) {
            for (let q = 0; q < P; q++) {
              const mine = games.filter((g) => g.deal === d && bot(g, q) && g.c.avail[q]!.has(key)).map((g) => g.c);
              for (const u of mine.filter((c) => (c.uses[q]!.get(key) ?? 0) > 0)) {
                for (const n of mine.filter((c) => (c.uses[q]!.get(key) ?? 0) === 0)) {
                  pairs++;
                  pairWin += u.win[q]! - n.win[q]!;
                  pairLives += u.lives[q]! - n.lives[q]!;
                }
              }
            }
          }
          if (pairs > 0) anyPair = true;
          expect(cell(effect, row, 'pairs'), at).toBe(pairs);
          same(cell(effect, row, 'paired win diff'), pairWin / pairs);
          same(cell(effect, row, 'paired lives diff'), pairLives / pairs);
        }
      });
    }
    expect(anyPair).toBe(true);
    expect(anyUse).toBe(true);
  });

  it('the merge of two batches of whole deals equals the totals of the whole, exactly', () => {
    const v = resolveGameVariant(nineLives, { players: 3, powers: true });
    const whole = nineLivesBalance.newTotals(v, 3) as NineLivesTotals;
    const a = nineLivesBalance.newTotals(v, 3) as NineLivesTotals;
    const b = nineLivesBalance.newTotals(v, 3) as NineLivesTotals;
    for (let d = 0; d < 2; d++) {
      for (let k = 0; k < 2; k++) {
        const { s } = play(v, `merge-${d}`, `merge-bots-${d}-${k}`);
        const r = nineLives.result(s);
        nineLivesBalance.accumulate(s, whole, [0, 1, 2], r);
        nineLivesBalance.accumulate(s, d === 0 ? a : b, [0, 1, 2], r);
      }
    }
    nineLivesBalance.merge(a, b);
    expect(a).toEqual(whole);
    expect(a.pwPairs.some((x) => x > 0)).toBe(true);
  });

  it("the totals of a match line-up (P + 1 entries) are integers, merge exactly in either order and keep the tables' shape", () => {
    for (const blackCat of [false, true]) checkEntryTotals('nine-lives', { players: 4, powers: true, blackCat }, 12);
  });

  it('without Powers the report has no power tables', () => {
    const v = resolveGameVariant(nineLives, { players: 4 });
    const t = nineLivesBalance.newTotals(v, 4) as NineLivesTotals;
    expect(nineLivesBalance.tables(t, ['random', 'random', 'random', 'random']).some((x) => x.id.startsWith('power'))).toBe(false);
  });
});
