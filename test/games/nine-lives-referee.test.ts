/**
 * The independent referee of Nine Lives records (`scripts/referee/`, written
 * from rules nine-lives.md and nine-lives-powers.md): it imports nothing of
 * the engine; it accepts the engine's records (random games at every player
 * count, with and without Black Cat, both power deals, and the base game);
 * and it is not vacuous: each deliberately corrupted record (a play that does
 * not follow suit, a second power in one trick, a power out of turn, a wrong
 * trick winner, a wrong score, ...) is caught at the corrupted entry, citing
 * the rule. The long tier (`nine-lives-referee-games.long.test.ts`) checks
 * random, greedy and ismcts records of every configuration.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';
import { refereeText } from '../../scripts/referee/check.js';
import { refereeNineLives } from '../../scripts/referee/nine-lives.js';

type Entry = Record<string, unknown> & { type: string; seat: number };
interface Rec {
  variant: Record<string, unknown>;
  rounds: {
    deal: { hands: string[][]; leftover: string[]; keeper: number; powers?: Record<string, string> };
    actions: Entry[];
    scores: number[];
    capped?: boolean;
  }[];
  result: { scores: number[]; winners: number[]; capped: boolean };
}

/** `games` records of random bots in every seat, as the tourney writes them (JSON text). */
function randomRecords(given: Record<string, VariantValue>, games: number, seed: string): string[] {
  const game = getGame('nine-lives');
  const variant = resolveGameVariant(game, given);
  const P = Number(variant.players);
  const names = Array.from({ length: P }, () => 'random');
  const bots = names.map((n) => createBot(parseLineup(n)[0]!, game));
  const runner = new GameRunner(game, variant);
  return Array.from({ length: games }, (_, g) => JSON.stringify(runner.play({ seed: `${seed}:${g}`, bots, names, record: true }).record));
}

const POWERS = randomRecords({ players: 5, blackCat: true, powers: true, powerDeal: 'uniform' }, 30, 'referee-corrupt');
const POWERS4 = randomRecords({ players: 4, powers: true }, 20, 'referee-corrupt4');
const BASE = randomRecords({ players: 4 }, 10, 'referee-base');

/** The referee's verdict on `rec`, which must be a violation at `round`/`entry` citing a rule matching `rule`. */
function expectFoul(rec: Rec, round: number, entry: number, rule: RegExp): void {
  const v = refereeNineLives(rec);
  expect(v.status).toBe('violation');
  if (v.status !== 'violation') return;
  expect({ round: v.violation.round, entry: v.violation.entry, rule: v.violation.rule, message: v.violation.message }).toMatchObject({ round, entry });
  expect(v.violation.rule).toMatch(rule);
}

/** The first record of `texts` (parsed afresh) and position where `find` applies a corruption; fails when none does. */
function corrupt(texts: readonly string[], find: (rec: Rec) => [number, number] | null): { rec: Rec; at: [number, number] } {
  for (const t of texts) {
    const rec = JSON.parse(t) as Rec;
    const at = find(rec);
    if (at !== null) return { rec, at };
  }
  throw new Error('no record offers this corruption');
}

/** Each seat's row at entry `upTo` of round `r` (its bid, cards placed, less cards spent: §2), read from the record alone. */
function rowsAt(rec: Rec, r: number, upTo: number): string[][] {
  const P = rec.rounds[r]!.deal.hands.length;
  const rows: string[][] = Array.from({ length: P }, () => []);
  for (const e of rec.rounds[r]!.actions.slice(0, upTo)) {
    if (e.type === 'bid' || e.type === 'row') rows[e.seat]!.push(String(e.card));
    if (e.type === 'power') rows[e.seat]!.splice(rows[e.seat]!.indexOf(String(e.card)), 1);
  }
  return rows;
}

/** Powers that neither change their user's legal plays nor add entries (to move or duplicate them safely). */
const QUIET = new Set(['no_trump', 'reverse_order', 'score_twice', 'boost_below_5', 'nerf_above_5', 'ignore_above_5', 'ignore_below_5', 'same_suit_ignore']);

describe('Nine Lives referee (scripts/referee): independent of the engine', () => {
  it('imports no engine code: only node built-ins and its own folder', () => {
    for (const f of ['scripts/referee/nine-lives.ts', 'scripts/referee/check.ts', 'scripts/referee.ts']) {
      const imports = [...readFileSync(f, 'utf8').matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      for (const i of imports) expect(i, `${f} imports ${i}`).toMatch(/^(node:|\.\/(referee\/)?[a-z-]+\.js$)/);
    }
  });
});

describe("Nine Lives referee accepts the engine's records", () => {
  const cases: { label: string; given: Record<string, VariantValue> }[] = [];
  for (let P = 3; P <= 9; P++) {
    cases.push({ label: `${P} players, powers`, given: { players: P, powers: true } });
    if (P <= 8) cases.push({ label: `${P} players, powers, Black Cat, uniform`, given: { players: P, powers: true, blackCat: true, powerDeal: 'uniform' } });
  }
  cases.push({ label: '4 players, base game', given: { players: 4 } }, { label: '5 players, Black Cat', given: { players: 5, blackCat: true } });
  for (const c of cases) {
    it(`${c.label}: 3 random games pass, every round and trick checked`, () => {
      const check = refereeText(randomRecords(c.given, 3, `referee-${c.label}`).join('\n'));
      expect(check.violations).toEqual([]);
      const [tally] = [...check.configs.values()];
      expect(tally!.games).toBe(3);
      expect(tally!.tricks).toBeGreaterThan(3 * 5);
      if (c.given.powers === true) expect(Object.keys(tally!.powers).length).toBeGreaterThan(10);
    });
  }

  it('the check is not vacuous: the 30 powers records cover all 44 powers and every entry type', () => {
    const check = refereeText(POWERS.join('\n'));
    expect(check.violations).toEqual([]);
    const [tally] = [...check.configs.values()];
    expect(Object.keys(tally!.powers).length).toBe(44);
  });
});

describe('Nine Lives referee catches corrupted records at the corrupted entry', () => {
  it('NL 3 / §4.4.2: a play that does not follow suit while the seat holds the leading suit', () => {
    for (const texts of [POWERS4, BASE]) {
      const { rec, at } = corrupt(texts, (rec) => {
        for (let r = 0; r < rec.rounds.length; r++) {
          const { deal, actions } = rec.rounds[r]!;
          const P = deal.hands.length;
          const lead = actions[P];
          const second = actions[P + 1];
          // The round's first trick, no power before the second play: hands are the deal less the bids.
          if (lead?.type !== 'play' || second?.type !== 'play' || lead.seat !== deal.keeper) continue;
          const suit = String(lead.as ?? lead.card).slice(0, 2);
          const hand = deal.hands[second.seat]!.filter((c) => c !== actions[second.seat]!.card && !c.startsWith('cr'));
          const off = hand.find((c) => !c.startsWith(suit));
          if (!hand.some((c) => c.startsWith(suit)) || off === undefined) continue;
          second.card = off;
          return [r, P + 1];
        }
        return null;
      });
      expectFoul(rec, at[0], at[1], /following/);
    }
  });

  it('§3.1: a second power in one trick (no limitless_power)', () => {
    const { rec, at } = corrupt(POWERS4, (rec) => {
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        const powers = rec.rounds[0]!.deal.powers!;
        for (let i = 0; i < actions.length; i++) {
          const e = actions[i]!;
          if (e.type !== 'power' || e.key === 'limitless_power') continue;
          // The next play of another seat in the same trick (no trick end, no other power in between).
          for (let j = i + 1; j < actions.length; j++) {
            const f = actions[j]!;
            if (['row', 'keeper', 'steal', 'power'].includes(f.type) || (f.type === 'chance' && f.key === 'shuffle_trick')) break;
            if (f.type !== 'play' || f.seat === e.seat) continue;
            const card = rowsAt(rec, r, j)[f.seat]!.find((c) => powers[c] !== undefined);
            if (card === undefined) break;
            actions.splice(j, 0, { seat: f.seat, type: 'power', card, key: powers[card]!, args: {} });
            return [r, j];
          }
        }
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /^§3\.1$/);
  });

  it('§3.1: a power used after its user played (outside its turn)', () => {
    const { rec, at } = corrupt(POWERS4, (rec) => {
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        for (let i = 0; i + 1 < actions.length; i++) {
          const e = actions[i]!;
          const next = actions[i + 1]!;
          if (e.type !== 'power' || !QUIET.has(String(e.key)) || next.type !== 'play' || next.seat !== e.seat) continue;
          actions[i] = next;
          actions[i + 1] = e;
          return [r, i + 1];
        }
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /^§3\.1$/);
  });

  it('§5.3 / §5.5: a trick placed in the row of a seat that did not win it', () => {
    const { rec, at } = corrupt(POWERS4, (rec) => {
      const P = rec.rounds[0]!.deal.hands.length;
      const i = rec.rounds[0]!.actions.findIndex((e) => e.type === 'row');
      if (i < 0) return null;
      const e = rec.rounds[0]!.actions[i]!;
      e.seat = (e.seat + 1) % P;
      return [0, i];
    });
    expectFoul(rec, at[0], at[1], /^§5\.5$/);
  });

  it("§11: a power entry whose key is not its card's power", () => {
    const { rec, at } = corrupt(POWERS4, (rec) => {
      const i = rec.rounds[0]!.actions.findIndex((e) => e.type === 'power');
      if (i < 0) return null;
      const e = rec.rounds[0]!.actions[i]!;
      e.key = e.key === 'no_trump' ? 'reverse_order' : 'no_trump';
      return [0, i];
    });
    expectFoul(rec, at[0], at[1], /^§11$/);
  });

  it("§3.1: spending a card that is not in the user's row (another seat's bid)", () => {
    const { rec, at } = corrupt(POWERS4, (rec) => {
      const powers = rec.rounds[0]!.deal.powers!;
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        const P = rec.rounds[r]!.deal.hands.length;
        const i = actions.findIndex((e) => e.type === 'power' && QUIET.has(String(e.key)));
        if (i < 0) continue;
        const e = actions[i]!;
        const other = String(actions[(e.seat + 1) % P]!.card);
        if (powers[other] === undefined) continue;
        e.card = other;
        e.key = powers[other];
        e.args = {};
        return [r, i];
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /^§3\.1$/);
  });

  it('NL "Black Cat variant": a crown bid', () => {
    const { rec, at } = corrupt(POWERS, (rec) => {
      const { deal, actions } = rec.rounds[0]!;
      for (let s = 0; s < deal.hands.length; s++) {
        const crown = deal.hands[s]!.find((c) => c.startsWith('cr'));
        if (crown === undefined) continue;
        actions[s]!.card = crown;
        return [0, s];
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /Black Cat/);
  });

  it('§7.15 shuffle_trick: a card dealt back that is not in the trick', () => {
    const { rec, at } = corrupt(POWERS, (rec) => {
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        const i = actions.findIndex((e) => e.type === 'chance' && e.key === 'shuffle_trick');
        if (i < 0) continue;
        const cards = actions[i]!.cards as string[];
        cards[0] = String(actions[0]!.card); // seat 0's bid: in a row or spent, never in a trick
        return [r, i];
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /shuffle_trick/);
  });

  it('§7 carousel: a seat giving one card fewer than the others', () => {
    const { rec, at } = corrupt(POWERS, (rec) => {
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        const i = actions.findIndex((e) => e.type === 'give' && (e.cards as string[]).length === 2);
        if (i < 0) continue;
        (actions[i]!.cards as string[]).pop();
        return [r, i];
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /carousel/);
  });

  it('§7.28 draw_new: taking a card that is not in the discard pile', () => {
    const { rec, at } = corrupt(POWERS, (rec) => {
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        const i = actions.findIndex((e) => e.type === 'power' && e.key === 'draw_new' && (e.args as { take?: string }).take !== undefined);
        if (i < 0) continue;
        (actions[i]!.args as { take: string }).take = String(actions[actions[i]!.seat]!.card); // its own bid
        return [r, i];
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /draw_new/);
  });

  it('§7.11 swap_played: a card drawn from the target that the target does not hold', () => {
    const { rec, at } = corrupt(POWERS, (rec) => {
      for (let r = 0; r < rec.rounds.length; r++) {
        const { actions } = rec.rounds[r]!;
        const i = actions.findIndex((e) => e.type === 'chance' && e.key === 'swap_played');
        if (i < 0) continue;
        actions[i]!.card = String(actions[actions[i]!.seat]!.card);
        return [r, i];
      }
      return null;
    });
    expectFoul(rec, at[0], at[1], /swap_played/);
  });

  it('§6.2 and NL "The game": wrong round scores, wrong winners, a wrong capped flag', () => {
    const a = JSON.parse(POWERS4[0]!) as Rec;
    a.rounds[0]!.scores[0]! += 1;
    expectFoul(a, 0, -1, /§6\.2/);
    const b = JSON.parse(BASE[0]!) as Rec;
    b.rounds[0]!.scores[1]! += 2;
    expectFoul(b, 0, -1, /NL 4/);
    const c = JSON.parse(POWERS4[1]!) as Rec;
    c.result.winners = [...c.result.winners, ...[0, 1, 2, 3].filter((s) => !c.result.winners.includes(s)).slice(0, 1)];
    expectFoul(c, -1, -1, /The game/);
    const d = JSON.parse(POWERS4[2]!) as Rec;
    d.rounds[0]!.capped = true;
    expectFoul(d, 0, -1, /The game/);
  });

  it('NL 1, NL 5 and §1: a card dealt twice, a wrong Kittykeeper, a 9 carrying a power, a power over its cap', () => {
    const a = JSON.parse(POWERS4[0]!) as Rec;
    a.rounds[0]!.deal.hands[0]![0] = a.rounds[0]!.deal.hands[1]![0]!;
    expectFoul(a, 0, -1, /^NL 1$/);
    const b = JSON.parse(POWERS4[0]!) as Rec;
    b.rounds[1]!.deal.keeper = (b.rounds[1]!.deal.keeper + 1) % 4;
    expectFoul(b, 1, -1, /^NL 5$/);
    const c = JSON.parse(POWERS4[0]!) as Rec;
    c.rounds[0]!.deal.powers = { ...c.rounds[0]!.deal.powers, he9: 'no_trump' };
    expectFoul(c, 0, -1, /§1\.1|§12\.1/);
    const d = JSON.parse(POWERS[0]!) as Rec;
    const powers = d.rounds[0]!.deal.powers!;
    for (const k of Object.keys(powers).slice(0, 3)) powers[k] = 'double_trick';
    expectFoul(d, 0, -1, /§1\.2\.5/);
  });

  it('NL 3 and §6.1: a round cut short, and an entry after its last trick', () => {
    const a = JSON.parse(POWERS4[0]!) as Rec;
    const acts = a.rounds[0]!.actions;
    acts.length = Math.floor(acts.length / 2);
    const v = refereeNineLives(a);
    expect(v.status === 'violation' && v.violation.message).toMatch(/end before the round does/);
    const b = JSON.parse(POWERS4[0]!) as Rec;
    const last = b.rounds[0]!.actions;
    last.push({ ...[...last].reverse().find((e) => e.type === 'play')! });
    expectFoul(b, 0, last.length - 1, /§6\.1/);
  });
});
