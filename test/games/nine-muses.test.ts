/**
 * Nine Muses (`../shared/rules/nine-muses.md`): one test per ruling (on a
 * small test card file, so the rulings do not depend on the tuned default
 * set), the card-data validation, the default set's known facts, the record
 * vocabulary, hidden information, balance counters, and random playouts
 * checking token, card and Muse conservation.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameRunner } from '../../src/core/game-runner.js';
import { RoundCollector, type RecordRound } from '../../src/core/record.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, VariantError, type VariantValue } from '../../src/core/variant.js';
import {
  actions,
  nineMusesStats,
  canCall,
  CardDataError,
  CENTER,
  compileCardSet,
  DEFAULT_CARDS,
  IN_DECK,
  loadCardSet,
  nineMuses as game,
  nineMusesInfo,
  nineMusesBalance,
  type NineMusesState,
  type NineMusesTotals,
  Phase,
  validateCardData,
} from '../../src/games/nine-muses/index.js';
import { checkInvariants } from '../../src/games/nine-muses/invariants.js';
import { placePosition } from '../../src/games/nine-muses/position.js';
import { randomBot } from '../../bots/random.js';
import { nineMusesGreedy } from '../../bots/greedy/nine-muses.js';
import { snapshot } from '../helpers.js';
import { checkEntryTotals, csvColumn, expectIntervals, runBalance, table } from './balance-checks.js';

const { exchangeId, callId, demonstrateId, toilId, stealId, NUM_ACTIONS } = actions;

const dir = mkdtempSync(join(tmpdir(), 'nine-muses-test-'));
function writeCards(name: string, data: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  return p;
}

/** A small card set whose every card exercises one part of the vocabulary. */
const TEST_CARDS = {
  format: 'nine-muses-cards/1',
  title: 'test cards',
  reconstruction: true,
  aristotle: { craft: 1, science: 2, ethics: 5 },
  muses: [
    { name: 'Sage', condition: { type: 'count', of: 'science', op: '>=', value: 3 }, ability: { type: 'aristotle', knowledge: 'science', add: 1 } },
    { name: 'Strong', condition: { type: 'most', of: 'craft' }, ability: { type: 'start-of-turn', gain: { vp: 1 } } },
    { name: 'Underdog', condition: { type: 'fewest', of: 'vp' }, ability: { type: 'start-of-turn', gain: { ethics: 1 } } },
    {
      name: 'Harmony',
      condition: {
        type: 'all',
        of: [
          { type: 'count', of: 'craft', op: '>=', value: 1 },
          { type: 'count', of: 'science', op: '>=', value: 1 },
          { type: 'count', of: 'ethics', op: '>=', value: 1 },
        ],
      },
      ability: { type: 'aristotle', knowledge: 'ethics', add: 2 },
    },
    { name: 'Balance', condition: { type: 'count', of: 'craft', op: '==', than: 'science' }, ability: { type: 'start-of-turn', gain: { craft: 1, vp: 2 } } },
    {
      name: 'Either',
      condition: {
        type: 'any',
        of: [
          { type: 'count', of: 'ethics', op: '>=', value: 2 },
          { type: 'count', of: 'vp', op: '>=', value: 10 },
        ],
      },
      ability: { type: 'start-of-turn', gain: { vp: 1 } },
    },
    { name: 'Rich', condition: { type: 'count', of: 'knowledge', op: '>=', value: 6 }, ability: { type: 'start-of-turn', gain: { science: 1 } } },
  ],
  philosophers: [
    { name: 'Alpha', count: 6, options: [{ gain: { ethics: 2 } }, { pay: { craft: 2 }, gain: { science: 1, vp: 1 } }] },
    { name: 'Beta', count: 6, options: [{ gain: { craft: 3 } }] },
    {
      name: 'Gamma',
      count: 3,
      options: [
        { pay: { science: 1, ethics: 1 }, gain: { craft: 1 } },
        { pay: { craft: 5 }, gain: { ethics: 1 } },
      ],
    },
  ],
};
const TEST = writeCards('test.json', TEST_CARDS);
const ALPHA = 0;
const BETA = 1;
const GAMMA = 2;
const M = { Sage: 0, Strong: 1, Underdog: 2, Harmony: 3, Balance: 4, Either: 5, Rich: 6 } as const;

function fresh(given: Record<string, VariantValue> = {}, seed = 'nm'): NineMusesState {
  const v = resolveGameVariant(game, { players: 3, cards: TEST, ...given });
  const s = game.newState(v);
  game.deal(s, createRng(seed));
  return s;
}

function legal(s: NineMusesState): number[] {
  const buf = new Int32Array(NUM_ACTIONS);
  return Array.from(buf.subarray(0, game.legalActions(s, buf)));
}

function recorded(s: NineMusesState): RoundCollector {
  const c = new RoundCollector();
  c.startRound({});
  s.recorder = c;
  return c;
}

function museNames(s: NineMusesState, where: number): string[] {
  return s.cards.muses.filter((_, m) => s.museLoc[m] === where).map((m) => m.name);
}

describe('nine-muses: card data ("What is public and what is not")', () => {
  it('the default set keeps every known fact: 9 named Muses, 34 Philosophers with the published counts, rates rising Craft < Science < Ethics', () => {
    const c = loadCardSet(DEFAULT_CARDS);
    expect(c.muses.map((m) => m.name).sort()).toEqual(['Calliope', 'Clio', 'Erato', 'Euterpe', 'Melpomene', 'Polyhymnia', 'Terpsichore', 'Thalia', 'Urania']);
    const counts = Object.fromEntries(c.philosophers.map((p) => [p.name, p.count]));
    expect(counts).toEqual({ Aesop: 6, Agnodice: 3, Archimedes: 5, Chariton: 3, Heron: 5, Hypatia: 5, Hipparchia: 3, Telesilla: 4 });
    expect(c.deckSize).toBe(34);
    expect(c.rates[0]! < c.rates[1]! && c.rates[1]! < c.rates[2]!).toBe(true);
    expect(c.rounds).toBe(5);
  });

  it('the default set is labelled a reconstruction in the file, its title and the game info', () => {
    const c = loadCardSet(DEFAULT_CARDS);
    expect(c.reconstruction).toBe(true);
    expect(c.title).toMatch(/reconstruction/i);
    expect(String(c.file.description ?? '')).toMatch(/not the publisher/);
    expect(nineMusesInfo.name).toMatch(/reconstructed/i);
    expect(nineMusesInfo.description).toMatch(/reconstruction/);
    expect(nineMusesInfo.params.find((p) => p.key === 'cards')?.doc).toMatch(/reconstruction/);
  });

  it('the default set uses every kind of the vocabulary: count/most/fewest/all conditions, start-of-turn and lasting abilities, pay/gain options', () => {
    const f = loadCardSet(DEFAULT_CARDS).file;
    const types = new Set(f.muses.map((m) => m.condition.type));
    for (const t of ['count', 'most', 'fewest', 'all']) expect(types.has(t as never)).toBe(true);
    const ab = new Set(f.muses.map((m) => m.ability.type));
    expect(ab).toEqual(new Set(['start-of-turn', 'aristotle']));
    expect(f.philosophers.some((p) => p.options.some((o) => o.pay && Object.keys(o.pay).length > 0))).toBe(true);
  });

  it('a card file is loaded once per process and cached by path; the variant names it by path', () => {
    expect(loadCardSet(TEST)).toBe(loadCardSet(TEST));
    const s = fresh();
    expect(s.cards).toBe(loadCardSet(TEST));
    expect(s.cards.muses).toHaveLength(7);
    expect(s.cards.rounds).toBe(3);
  });

  it('a missing or unparsable card file is a VariantError naming the file', () => {
    const missing = join(dir, 'nope.json');
    expect(() => resolveGameVariant(game, { cards: missing })).toThrow(VariantError);
    expect(() => resolveGameVariant(game, { cards: missing })).toThrow(/nope\.json: file not found/);
    const bad = writeCards('bad.json', '{"format": ');
    expect(() => resolveGameVariant(game, { cards: bad })).toThrow(/bad\.json: not valid JSON/);
  });

  /** The first problem reported for TEST_CARDS changed by `edit`. */
  function problems(edit: (d: typeof TEST_CARDS & Record<string, unknown>) => void): string[] {
    const d = JSON.parse(JSON.stringify(TEST_CARDS)) as typeof TEST_CARDS & Record<string, unknown>;
    edit(d);
    return validateCardData(d);
  }

  it('validation reports each problem with its JSON path, one line each', () => {
    // biome-ignore lint/suspicious/noExplicitAny: each case writes malformed card data of any shape
    const cases: [string, (d: any) => void, RegExp][] = [
      ['wrong format tag', (d) => (d.format = 'x'), /^\$\.format: must be "nine-muses-cards\/1", got "x"$/],
      [
        'unknown operator',
        (d) => (d.muses[0].condition.op = '=>'),
        /^\$\.muses\[0\]\.condition\.op: must be one of ">=", "<=", ">", "<", "==", "!=", got "=>"$/,
      ],
      ['unknown quantity', (d) => (d.muses[1].condition.of = 'gold'), /^\$\.muses\[1\]\.condition\.of: must be one of "craft", .*got "gold"$/],
      ['negative count', (d) => (d.philosophers[1].count = -1), /^\$\.philosophers\[1\]\.count: must be an integer 1\.\.120, got -1$/],
      ['duplicate Muse', (d) => (d.muses[2].name = 'Sage'), /^\$\.muses\[2\]\.name: duplicate Muse name "Sage"$/],
      ['rates not rising', (d) => (d.aristotle.science = 9), /^\$\.aristotle: rates must rise craft < science < ethics/],
      ['pay and gain the same type', (d) => (d.philosophers[0].options[1].gain = { craft: 1 }), /^\$\.philosophers\[0\]\.options\[1\]: pays and gains craft$/],
      ['typo in a key', (d) => (d.muses[3].ability.ad = 1), /^\$\.muses\[3\]\.ability\.ad: unknown key/],
      ['too few Muses', (d) => (d.muses = d.muses.slice(0, 4)), /^\$\.muses: must be a list of 5\.\.16 Muses/],
      ['ability gains nothing', (d) => (d.muses[1].ability.gain = {}), /^\$\.muses\[1\]\.ability\.gain: a start-of-turn ability must gain something$/],
      [
        'unknown Knowledge in a rate ability',
        (d) => (d.muses[0].ability.knowledge = 'art'),
        /^\$\.muses\[0\]\.ability\.knowledge: must be one of "craft", "science", "ethics", got "art"$/,
      ],
      ['empty all-list', (d) => (d.muses[3].condition.of = []), /^\$\.muses\[3\]\.condition\.of: must be a list of 1\.\.8 conditions/],
      ['option without gain', (d) => delete d.philosophers[2].options[0].gain, /^\$\.philosophers\[2\]\.options\[0\]: missing key "gain"$/],
    ];
    for (const [what, edit, want] of cases) {
      const p = problems(edit);
      expect(p, what).toHaveLength(1);
      expect(p[0], what).toMatch(want);
      expect(p[0]!.includes('\n'), what).toBe(false);
    }
  });

  it('a broken file fails the variant with a one-line message: file, JSON path, problem, and how many more', () => {
    const d = JSON.parse(JSON.stringify(TEST_CARDS));
    d.muses[0].condition.op = '=>';
    d.philosophers[1].count = 0;
    const path = writeCards('broken.json', d);
    let err: unknown;
    try {
      resolveGameVariant(game, { cards: path });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CardDataError);
    expect(err).toBeInstanceOf(VariantError);
    const msg = (err as Error).message;
    expect(msg).toBe(`nine-muses cards ${path}: $.muses[0].condition.op: must be one of ">=", "<=", ">", "<", "==", "!=", got "=>" (and 1 more)`);
    expect((err as CardDataError).problems[1]).toMatch(/^\$\.philosophers\[1\]\.count: must be an integer 1\.\.120, got 0$/);
  });

  it('"Variant parameters": players 2..4, and a card file too small for the table is refused', () => {
    expect(() => resolveGameVariant(game, { players: 5 })).toThrow(VariantError);
    expect(() => resolveGameVariant(game, { players: 1 })).toThrow(VariantError);
    const d = JSON.parse(JSON.stringify(TEST_CARDS));
    d.philosophers = [{ name: 'Solo', count: 9, options: [{ gain: { craft: 1 } }] }];
    const small = writeCards('small.json', d);
    expect(resolveGameVariant(game, { players: 3, cards: small }).players).toBe(3);
    expect(() => resolveGameVariant(game, { players: 4, cards: small })).toThrow(/4 players need 12 Philosophers per round/);
  });

  it('compileCardSet validates data given in memory too', () => {
    expect(() => compileCardSet({ format: 'nine-muses-cards/1' }, 'mem')).toThrow(/^nine-muses cards mem: \$: missing key "title"/);
  });
});

describe('nine-muses: "Setup"', () => {
  it('the pool holds the supply by player count less 2 Craft per player; each player has 2 Craft and 0 VP; seat 0 starts', () => {
    const supply: Record<number, number[]> = { 2: [10, 6, 2], 3: [12, 8, 3], 4: [14, 8, 4] };
    for (const players of [2, 3, 4]) {
      const s = fresh({ players });
      expect(Array.from(s.supply)).toEqual(supply[players]);
      expect(Array.from(s.pool)).toEqual([supply[players]![0]! - 2 * players, supply[players]![1], supply[players]![2]]);
      for (let q = 0; q < players; q++) expect(Array.from(s.know.subarray(q * 3, q * 3 + 3))).toEqual([2, 0, 0]);
      expect(Array.from(s.vp)).toEqual(new Array(players).fill(0));
      expect(s.turn).toBe(0);
      expect(game.currentSeat(s)).toBe(0);
    }
  });

  it('5 Muses face up in the center row, the rest in the Muse deck; 3 Philosophers to each player', () => {
    const s = fresh({ players: 4 });
    expect(museNames(s, CENTER)).toHaveLength(5);
    expect(museNames(s, IN_DECK)).toHaveLength(2);
    expect(Array.from(s.handCount)).toEqual([3, 3, 3, 3]);
    expect(s.deckLen).toBe(15 - 12);
  });
});

describe('nine-muses: "A turn"', () => {
  it('1. Collect: the Muses a player holds give their start-of-turn Knowledge and VP before the player acts', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 0, 0],
        [1, 1, 0],
        [0, 0, 0],
      ],
      vp: [0, 0, 0],
      muses: { Balance: 1, Strong: 1 },
      turn: 0,
    });
    game.apply(s, toilId(firstCard(s, 0)));
    // seat 1's turn starts: Balance gives 1 Craft + 2 VP, Strong 1 VP
    expect(s.turn).toBe(1);
    expect(s.vp[1]).toBe(3);
    expect(Array.from(s.know.subarray(3, 6))).toEqual([2, 1, 0]);
    expect(s.phase).toBe(Phase.Play);
  });

  it('Exchange Knowledge: pay to the pool, then gain; an option whose cost cannot be paid in full cannot be chosen', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [1, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
      ],
      hands: [
        [1, 0, 2],
        [1, 1, 1],
        [0, 3, 0],
      ],
      turn: 0,
    });
    let l = legal(s);
    expect(l).toContain(exchangeId(ALPHA, 0));
    expect(l).not.toContain(exchangeId(ALPHA, 1)); // pays 2 Craft, has 1
    expect(l).not.toContain(exchangeId(GAMMA, 0)); // pays Science + Ethics
    expect(l).not.toContain(exchangeId(GAMMA, 1)); // pays 5 Craft
    placePosition(s, {
      know: [
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
      ],
    });
    l = legal(s);
    expect(l).toContain(exchangeId(ALPHA, 1));
    const pool = Array.from(s.pool);
    game.apply(s, exchangeId(ALPHA, 1));
    expect(Array.from(s.know.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(s.vp[0]).toBe(1);
    expect(Array.from(s.pool)).toEqual([pool[0]! + 2, pool[1]! - 1, pool[2]]);
    expect(s.discard[ALPHA]).toBe(1);
    expect(s.handCount[0]).toBe(2);
  });

  it('Call Muse: from the center row when the player alone meets her condition', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 3, 0],
        [2, 1, 0],
        [2, 0, 0],
      ],
      muses: { Sage: 'center' },
      hands: [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
      turn: 0,
    });
    expect(legal(s)).toContain(callId(BETA, M.Sage));
    const c = recorded(s);
    game.apply(s, callId(BETA, M.Sage));
    expect(s.museLoc[M.Sage]).toBe(0);
    expect(c.rounds[0]!.actions[0]).toEqual({ seat: 0, type: 'call', card: 'Beta', muse: 'Sage', from: 'center' });
  });

  it('Call Muse: if several players meet the condition, she cannot be called', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 3, 0],
        [2, 4, 0],
        [2, 0, 0],
      ],
      muses: { Sage: 'center' },
      turn: 0,
    });
    expect(legal(s).some((a) => a === callId(BETA, M.Sage) || a === callId(ALPHA, M.Sage) || a === callId(GAMMA, M.Sage))).toBe(false);
  });

  it('Call Muse: from another player, who loses her; the condition is checked against every other player', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [5, 0, 0],
        [3, 0, 0],
        [1, 0, 0],
      ],
      muses: { Strong: 1 },
      hands: [
        [0, 3, 0],
        [3, 0, 0],
        [3, 0, 0],
      ],
      turn: 0,
    });
    expect(legal(s)).toContain(callId(BETA, M.Strong));
    const c = recorded(s);
    game.apply(s, callId(BETA, M.Strong));
    expect(s.museLoc[M.Strong]).toBe(0);
    expect(c.rounds[0]!.actions[0]).toEqual({ seat: 0, type: 'call', card: 'Beta', muse: 'Strong', from: 1 });
    const b = nineMusesStats(s);
    expect(b.seats[0]!.musesStolen).toBe(1);
    expect(b.seats[1]!.musesLost).toBe(1);
    expect(b.muses[M.Strong]!.stolen).toBe(1);
  });

  it('Call Muse: a player cannot call a Muse she already holds, nor one still in the deck', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [5, 3, 0],
        [1, 0, 0],
        [1, 0, 0],
      ],
      muses: { Strong: 0, Sage: 'deck' },
      turn: 0,
    });
    const l = legal(s);
    for (let t = 0; t < 3; t++) {
      expect(l).not.toContain(callId(t, M.Strong));
      expect(l).not.toContain(callId(t, M.Sage));
    }
  });

  it('Call Muse: a Muse is kept after the condition stops holding; no limit on Muses held', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [5, 3, 0],
        [1, 0, 0],
        [1, 0, 0],
      ],
      muses: { Sage: 'center', Strong: 'center' },
      hands: [
        [0, 3, 0],
        [3, 0, 0],
        [3, 0, 0],
      ],
      turn: 0,
    });
    game.apply(s, callId(BETA, M.Sage));
    game.apply(s, toilId(ALPHA)); // seat 1
    game.apply(s, toilId(ALPHA)); // seat 2
    game.apply(s, callId(BETA, M.Strong)); // seat 0 again: most Craft
    expect(museNames(s, 0)).toEqual(['Sage', 'Strong']);
    game.apply(s, toilId(ALPHA)); // seat 1
    game.apply(s, toilId(ALPHA)); // seat 2
    game.apply(s, demonstrateId(BETA, 1, 3)); // seat 0 gives up all Science: no longer meets Sage
    expect(s.museLoc[M.Sage]).toBe(0);
  });

  it('Demonstrate to Aristotle: any number (at least one) of one type back to the pool, VP at the rate each', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 3, 1],
        [0, 0, 0],
        [0, 0, 0],
      ],
      hands: [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
      turn: 0,
    });
    const l = legal(s);
    for (let c = 1; c <= 3; c++) expect(l).toContain(demonstrateId(ALPHA, 1, c));
    expect(l).not.toContain(demonstrateId(ALPHA, 1, 4));
    const pool = s.pool[1]!;
    game.apply(s, demonstrateId(ALPHA, 1, 2));
    expect(s.vp[0]).toBe(4);
    expect(s.know[1]).toBe(1);
    expect(s.pool[1]).toBe(pool + 2);
    expect(nineMusesStats(s).seats[0]!.vpBySource.aristotle.science).toBe(4);
  });

  it("Demonstrate to Aristotle: a lasting Muse ability raises the holder's rate for one type", () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 3, 2],
        [0, 0, 0],
        [0, 0, 0],
      ],
      muses: { Sage: 0, Harmony: 0 },
      hands: [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
      turn: 0,
    });
    game.apply(s, demonstrateId(ALPHA, 1, 3)); // Science 2 + 1
    expect(s.vp[0]).toBe(9);
    game.apply(s, toilId(ALPHA));
    game.apply(s, toilId(ALPHA));
    game.apply(s, demonstrateId(BETA, 2, 2)); // Ethics 5 + 2
    expect(s.vp[0]).toBe(9 + 14);
    const b = nineMusesStats(s);
    expect(b.seats[0]!.vpBySource).toEqual({ aristotle: { craft: 0, science: 6, ethics: 10 }, muse: 7, exchange: 0 });
    expect(b.muses[M.Sage]!.vp).toBe(3);
    expect(b.muses[M.Harmony]!.vp).toBe(4);
  });

  it('Toil: gain 1 Craft', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
      ],
      turn: 0,
    });
    const t = firstCard(s, 0);
    game.apply(s, toilId(t));
    expect(s.know[0]).toBe(3);
    expect(s.turn).toBe(1);
  });
});

describe('nine-muses: "A turn", 3. Knowledge flow', () => {
  it('gains come from the pool first; the remainder is taken from opponents, one token at a time, as a decision', () => {
    const s = fresh();
    // Ethics supply 3: seat 1 has 1, seat 2 has 1, pool 1. Seat 0 gains 2 Ethics.
    placePosition(s, {
      know: [
        [2, 0, 0],
        [2, 0, 1],
        [2, 0, 1],
      ],
      hands: [
        [3, 0, 0],
        [0, 3, 0],
        [0, 3, 0],
      ],
      turn: 0,
    });
    const c = recorded(s);
    game.apply(s, exchangeId(ALPHA, 0));
    expect(s.pool[2]).toBe(0);
    expect(s.know[2]).toBe(1);
    expect(s.phase).toBe(Phase.Steal);
    expect(game.currentSeat(s)).toBe(0);
    expect(legal(s)).toEqual([stealId(1), stealId(2)]);
    game.apply(s, stealId(2));
    expect(Array.from([s.know[2], s.know[5], s.know[8]])).toEqual([2, 1, 0]);
    expect(s.phase).toBe(Phase.Play);
    expect(s.turn).toBe(1);
    expect(c.rounds[0]!.actions).toEqual([
      { seat: 0, type: 'exchange', card: 'Alpha', option: 0 },
      { seat: 0, type: 'steal', knowledge: 'ethics', from: 2 },
    ]);
    expect(nineMusesStats(s).seats[2]!.tokensLost).toBe(1);
  });

  it('a steal is only from a player who has a token of the type', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 3],
      ],
      hands: [
        [3, 0, 0],
        [0, 3, 0],
        [0, 3, 0],
      ],
      turn: 0,
    });
    game.apply(s, exchangeId(ALPHA, 0));
    expect(legal(s)).toEqual([stealId(2)]);
    expect(() => game.apply(s, stealId(1))).toThrow();
    game.apply(s, stealId(2));
    expect(legal(s)).toEqual([stealId(2)]);
    game.apply(s, stealId(2));
    expect(s.know[2]).toBe(2);
    expect(s.turn).toBe(1);
  });

  it('if the pool and all opponents together cannot cover a gain, the gain is as much as can be had; nothing carries over', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 0, 2],
        [2, 0, 1],
        [2, 0, 0],
      ],
      hands: [
        [3, 0, 0],
        [0, 3, 0],
        [0, 3, 0],
      ],
      turn: 0,
    });
    game.apply(s, exchangeId(ALPHA, 0));
    game.apply(s, stealId(1));
    expect(s.know[2]).toBe(3);
    expect(s.turn).toBe(1);
    expect(Array.from(s.stealLeft)).toEqual([0, 0, 0]);
    // and with nobody holding any, no decision at all
    const t = fresh();
    placePosition(t, {
      know: [
        [2, 0, 3],
        [2, 0, 0],
        [2, 0, 0],
      ],
      hands: [
        [3, 0, 0],
        [0, 3, 0],
        [0, 3, 0],
      ],
      turn: 0,
    });
    expect(t.pool[2]).toBe(0); // seat 0 holds the whole Ethics supply
    game.apply(t, exchangeId(ALPHA, 0));
    expect(t.know[2]).toBe(3);
    expect(t.turn).toBe(1);
  });

  it('collect gains take from opponents too when the pool lacks the type', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 0, 3],
        [2, 0, 0],
        [2, 0, 0],
      ],
      vp: [5, 1, 9],
      muses: { Underdog: 1 },
      hands: [
        [3, 0, 0],
        [0, 3, 0],
        [0, 3, 0],
      ],
      turn: 0,
    });
    game.apply(s, toilId(ALPHA));
    expect(s.turn).toBe(1);
    expect(s.phase).toBe(Phase.Steal);
    expect(legal(s)).toEqual([stealId(0)]);
    game.apply(s, stealId(0));
    expect(s.know[5]).toBe(1);
    expect(s.phase).toBe(Phase.Play);
    expect(s.turn).toBe(1);
  });

  it('payments go to the pool (Toil can then be paid from it)', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [6, 0, 0],
        [3, 0, 0],
        [3, 0, 0],
      ],
      hands: [
        [0, 0, 3],
        [3, 0, 0],
        [3, 0, 0],
      ],
      turn: 0,
    });
    expect(s.pool[0]).toBe(0);
    game.apply(s, exchangeId(GAMMA, 1));
    expect(s.pool[0]).toBe(5);
    expect(s.know[0]).toBe(1);
  });
});

describe('nine-muses: conditions (card-data vocabulary)', () => {
  function callable(s: NineMusesState, m: number): boolean {
    return legal(s).some((a) => a >= callId(0, 0) && a < callId(0, 0) + 16 * 16 && (a - callId(0, 0)) % 16 === m);
  }
  it('"the most": strictly more than every opponent (a tie for the most calls nobody)', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [4, 0, 0],
        [4, 0, 0],
        [1, 0, 0],
      ],
      muses: { Strong: 'center' },
      turn: 0,
    });
    expect(callable(s, M.Strong)).toBe(false);
    placePosition(s, {
      know: [
        [5, 0, 0],
        [4, 0, 0],
        [1, 0, 0],
      ],
    });
    expect(callable(s, M.Strong)).toBe(true);
  });
  it('"fewer VP than every opponent"', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
      ],
      vp: [3, 3, 5],
      muses: { Underdog: 'center' },
      turn: 0,
    });
    expect(callable(s, M.Underdog)).toBe(false);
    placePosition(s, { vp: [2, 3, 5] });
    expect(callable(s, M.Underdog)).toBe(true);
  });
  it('"all": every part must hold; "any": one part suffices; "than": a comparison with one\'s own quantity', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [1, 1, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      vp: [0, 0, 0],
      muses: { Harmony: 'center', Either: 'center', Balance: 'center' },
      turn: 0,
    });
    expect(callable(s, M.Harmony)).toBe(false);
    expect(callable(s, M.Either)).toBe(false);
    // Balance (craft == science): seats 1 and 2 also have 0 == 0
    expect(callable(s, M.Balance)).toBe(false);
    placePosition(s, {
      know: [
        [1, 1, 1],
        [1, 0, 0],
        [2, 0, 0],
      ],
      vp: [10, 0, 0],
    });
    expect(callable(s, M.Harmony)).toBe(true);
    expect(callable(s, M.Either)).toBe(true);
    expect(callable(s, M.Balance)).toBe(true);
  });
  it('"knowledge" counts all tokens held', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [3, 2, 1],
        [5, 0, 0],
        [2, 0, 0],
      ],
      muses: { Rich: 'center' },
      turn: 0,
    });
    expect(callable(s, M.Rich)).toBe(true);
  });
});

/** The first Philosopher type in seat q's hand. */
function firstCard(s: NineMusesState, q: number): number {
  for (let t = 0; t < s.types; t++) if (s.hand[q * s.types + t]! > 0) return t;
  throw new Error(`seat ${q} has no card`);
}

/** One turn of toil with the first card, taking Craft from the first possible seat when the pool runs dry. */
function toilOnce(s: NineMusesState): void {
  const turn = s.turn;
  game.apply(s, toilId(firstCard(s, turn)));
  while (s.phase === Phase.Steal && s.turn === turn) game.apply(s, legal(s)[0]!);
}

/** Plays toil until the round ends. */
function toilRound(s: NineMusesState): void {
  const r = s.round;
  while (s.round === r && s.phase !== Phase.Over) {
    if (s.phase === Phase.Steal) game.apply(s, legal(s)[0]!);
    else toilOnce(s);
  }
}

describe('nine-muses: "Rounds and the end"', () => {
  it('a round ends when every player has played 3 Philosophers; then 3 new each, one new Muse, first player one seat left', () => {
    const s = fresh();
    const center = museNames(s, CENTER).length;
    for (let i = 0; i < 8; i++) toilOnce(s);
    expect(s.round).toBe(1);
    expect(Array.from(s.handCount)).toEqual([0, 0, 1]);
    toilOnce(s);
    expect(s.round).toBe(2);
    expect(Array.from(s.handCount)).toEqual([3, 3, 3]);
    expect(museNames(s, CENTER)).toHaveLength(center + 1);
    expect(s.first).toBe(1);
    expect(s.turn).toBe(1);
  });

  it('when the deck runs out the discard pile is shuffled into a new deck (recorded as a reshuffle for the seat dealt to)', () => {
    const s = fresh({ players: 4 });
    const c = recorded(s);
    toilRound(s); // 15 cards, 12 dealt: round 2 needs 12 with 3 left
    expect(s.round).toBe(2);
    const r2 = c.rounds[1]!;
    expect(r2.actions[0]).toMatchObject({ type: 'reshuffle' });
    // the deal starts with the new first player (seat 1); the 4th card, for seat 0, found the deck empty
    expect(r2.actions[0]!.seat).toBe((1 + 3) % 4);
    expect(s.deckLen + 12 + s.discard.reduce((a, b) => a + b, 0)).toBe(15);
    expect(game.decodeAction(s, r2.actions[0]!)).toBeNull();
  });

  it('after the round in which the last Muse was revealed the game ends: rounds = Muses - 4 (5 with nine Muses)', () => {
    const s = fresh();
    const c = new RoundCollector();
    s.recorder = c;
    c.startRound({});
    while (s.phase !== Phase.Over) toilRound(s);
    expect(s.round).toBe(3);
    expect(museNames(s, IN_DECK)).toHaveLength(0);
    const d = resolveGameVariant(game, { players: 2 });
    const t = game.newState(d);
    game.deal(t, createRng('five'));
    while (t.phase !== Phase.Over) toilRound(t);
    expect(t.round).toBe(5);
  });

  it('most VP wins; ties share the win', () => {
    const s = fresh();
    // The last turn of the last round (every Muse revealed): seat 2 was its first player, seat 1 plays last.
    placePosition(s, {
      know: [
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
      ],
      vp: [7, 7, 3],
      hands: [
        [0, 0, 0],
        [0, 1, 0],
        [0, 0, 0],
      ],
      round: s.cards.rounds,
      turn: 1,
    });
    game.apply(s, toilId(BETA));
    expect(game.isTerminal(s)).toBe(true);
    expect(game.result(s)).toEqual({ scores: [7, 7, 3], winners: [0, 1], capped: false });
  });
});

describe('nine-muses: "Hidden information" and "Record vocabulary"', () => {
  it('a seat sees its own hand, not other hands nor the deck order', () => {
    const s = fresh();
    placePosition(s, {
      hands: [
        [1, 1, 1],
        [3, 0, 0],
        [0, 3, 0],
      ],
      turn: 0,
    });
    const t = game.clone(s);
    placePosition(t, {
      hands: [
        [1, 1, 1],
        [0, 3, 0],
        [3, 0, 0],
      ],
      turn: 0,
    });
    const o1 = snapshot(game.observe(s, 0, game.newObservation(s.variant)));
    const o2 = snapshot(game.observe(t, 0, game.newObservation(s.variant)));
    expect(o1).toEqual(o2);
    expect(snapshot(game.observe(s, 1, game.newObservation(s.variant)))).not.toEqual(snapshot(game.observe(t, 1, game.newObservation(s.variant))));
    const o = game.observe(s, 0, game.newObservation(s.variant));
    expect(Array.from(o.hand)).toEqual([1, 1, 1]);
    expect('deck' in o).toBe(false);
    expect(Array.from(o.museOrder.subarray(o.revealed))).toEqual(new Array(s.numMuses - o.revealed).fill(0));
  });

  it('determinize deals the unseen Philosophers to the other hands and the deck, in varying ways', () => {
    const s = fresh({ players: 3 }, 'det');
    const o = game.observe(s, 0, game.newObservation(s.variant));
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const d = game.determinize(o, createRng(`d${i}`), game.newState(s.variant));
      for (let t = 0; t < s.types; t++) {
        let n = d.discard[t]!;
        for (let q = 0; q < 3; q++) n += d.hand[q * s.types + t]!;
        for (let k = 0; k < d.deckLen; k++) if (d.deck[k] === t) n++;
        expect(n).toBe(s.cards.philosophers[t]!.count);
      }
      seen.add(Array.from(d.hand.subarray(s.types)).join());
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('the deal header names the Muse row and each hand; round scores are the VP gained in the round and add up to the game score', () => {
    const v = resolveGameVariant(game, { players: 3 });
    const runner = new GameRunner(game, v);
    const bots = [nineMusesGreedy(), randomBot.create({}, game), nineMusesGreedy()];
    const out = runner.play({ seed: 'rec', bots, names: ['greedy', 'random', 'greedy'], record: true });
    const rec = out.record!;
    expect(rec.rounds).toHaveLength(5);
    const r0 = rec.rounds[0] as RecordRound & { dealer: number; deal: { muses: string[]; hands: string[][] } };
    expect(r0.dealer).toBe(0);
    expect(r0.deal.muses).toHaveLength(5);
    expect(r0.deal.hands.map((h) => h.length)).toEqual([3, 3, 3]);
    expect(rec.rounds.map((r) => r.dealer)).toEqual([0, 1, 2, 0, 1]);
    expect((rec.rounds[4] as unknown as { deal: { muses: string[] } }).deal.muses.length).toBeGreaterThanOrEqual(1);
    const total = [0, 0, 0];
    for (const r of rec.rounds) r.scores!.forEach((x, q) => (total[q]! += x));
    expect(total).toEqual(rec.result.scores);
    const types = new Set(rec.rounds.flatMap((r) => r.actions.map((a) => a.type)));
    for (const t of types) expect(['exchange', 'call', 'demonstrate', 'toil', 'steal', 'reshuffle']).toContain(t);
    for (const r of rec.rounds) for (const a of r.actions) expect(typeof a.seat).toBe('number');
  });
});

describe('nine-muses: checkInvariants', () => {
  it('holds after a deal, and catches a lost Philosopher, a token out of the supply, a Muse in two places and a hand out of turn', () => {
    const broken = (f: (s: NineMusesState) => void): (() => void) => {
      const s = fresh();
      game.checkInvariants!(s);
      f(s);
      return () => game.checkInvariants!(s);
    };
    expect(broken(() => {})).not.toThrow();
    expect(broken((s) => s.discard[GAMMA]!++)).toThrow(/Gamma has 4 cards/);
    expect(broken((s) => s.know[0]!++)).toThrow(/Knowledge 0: pool and players hold/);
    expect(broken((s) => (s.museOrder[1] = s.museOrder[0]!))).toThrow(/not a permutation/);
    expect(broken((s) => (s.museLoc[s.museOrder[s.numMuses - 1]!] = CENTER))).toThrow(/revealed false/);
    expect(
      broken((s) => {
        s.hand[2 * s.types + s.deck[0]!]!++;
        s.handCount[2]!++;
        s.deck[0] = s.deck[--s.deckLen]!;
      }),
    ).toThrow(/seat 2 holds 4 Philosophers/);
    expect(
      broken((s) => {
        const t = s.hand.subarray(s.types, 2 * s.types).findIndex((n) => n > 0);
        s.hand[s.types + t]!--;
        s.handCount[1]!--;
        s.discard[t]!++;
      }),
    ).toThrow(/seat 1 has played 1 Philosophers this round, 0 by the turn order/);
    expect(broken((s) => (s.roundStartVp[0] = 1))).toThrow(/seat 0 has 0 VP, 1 at the round's start/);
  });
});

describe('nine-muses: the position builder', () => {
  it('placePosition gives a state checkInvariants accepts: the pool, the deck, the revealed Muses and the first player derived', () => {
    const s = fresh();
    placePosition(s, {
      know: [
        [4, 1, 0],
        [0, 2, 1],
        [6, 0, 2],
      ],
      vp: [3, 0, 8],
      hands: [
        [0, 1, 1],
        [1, 0, 0],
        [0, 0, 1],
      ],
      muses: { Sage: 2, Strong: 'center', Rich: 'deck' },
      round: 2,
      turn: 0,
    });
    checkInvariants(s);
    expect(Array.from(s.pool)).toEqual([2, 5, 0]);
    expect([s.first, s.revealed, s.deckLen]).toEqual([1, 6, 15 - 4]); // round 2: seat 1 first, seats 1 and 2 have played twice, seat 0 once
    expect(s.museLoc[M.Sage]).toBe(2);
    expect(s.museLoc[M.Strong]).toBe(CENTER);
    expect(s.museLoc[M.Rich]).toBe(IN_DECK);
    expect(museNames(s, IN_DECK)).toHaveLength(1);
    // The parts left out stay: a second call moves only the VP.
    placePosition(s, { vp: [3, 1, 8] });
    checkInvariants(s);
    expect(Array.from(s.pool)).toEqual([2, 5, 0]);
    expect(s.museLoc[M.Sage]).toBe(2);
  });

  it('placePosition throws on an impossible position: more cards of a type than the set has, a hand out of turn order, a token beyond the supply', () => {
    const s = fresh();
    const hands = (h: number[][]) => () => placePosition(fresh(), { hands: h, turn: 0 });
    expect(
      hands([
        [3, 0, 0],
        [3, 0, 0],
        [3, 0, 0],
      ]),
    ).toThrow(/3 Alpha more than the card set has/);
    expect(
      hands([
        [1, 1, 1],
        [1, 1, 0],
        [1, 1, 1],
      ]),
    ).toThrow(/seat 1 has played 1 Philosophers, 0 by the turn order/);
    expect(
      hands([
        [1, 1, 2],
        [1, 1, 1],
        [1, 1, 1],
      ]),
    ).toThrow(/seat 0 holds 4 Philosophers/);
    expect(() =>
      placePosition(s, {
        know: [
          [0, 0, 2],
          [0, 0, 2],
          [0, 0, 0],
        ],
      }),
    ).toThrow(/4 tokens of Knowledge 2, the supply 3/);
    expect(() => placePosition(s, { muses: { Nobody: 'center' } })).toThrow(/no Muse is called Nobody/);
  });
});

describe('nine-muses: random playouts', () => {
  it('conserve tokens (pool + holdings = supply), Philosophers, and Muses; VP never falls; VP by source adds up', () => {
    const buf = new Int32Array(NUM_ACTIONS);
    for (const cards of [DEFAULT_CARDS, TEST]) {
      for (const players of [2, 3, 4]) {
        const v = resolveGameVariant(game, { players, cards });
        const s = game.newState(v);
        for (let g = 0; g < 60; g++) {
          game.deal(s, createRng(`inv-${g}`));
          const rng = createRng(`inv-bot-${g}`);
          const prevVp = new Int32Array(players);
          let steps = 0;
          while (!game.isTerminal(s)) {
            const n = game.legalActions(s, buf);
            game.apply(s, buf[rng.int(n)]!);
            steps++;
            for (let k = 0; k < 3; k++) {
              let sum = s.pool[k]!;
              for (let q = 0; q < players; q++) sum += s.know[q * 3 + k]!;
              if (sum !== s.supply[k]) throw new Error(`game ${g}: Knowledge ${k} sums to ${sum}`);
            }
            let cardsSeen = s.deckLen;
            for (let t = 0; t < s.types; t++) cardsSeen += s.discard[t]!;
            for (let q = 0; q < players; q++) cardsSeen += s.handCount[q]!;
            if (cardsSeen !== s.cards.deckSize) throw new Error(`game ${g}: ${cardsSeen} Philosophers`);
            for (let q = 0; q < players; q++) {
              if (s.vp[q]! < prevVp[q]!) throw new Error(`game ${g}: VP fell`);
              prevVp[q] = s.vp[q]!;
            }
          }
          expect(steps).toBeLessThanOrEqual(game.maxDecisions(v));
          const b = nineMusesStats(s);
          b.seats.forEach((x, q) => {
            const a = x.vpBySource.aristotle;
            expect(a.craft + a.science + a.ethics + x.vpBySource.muse + x.vpBySource.exchange).toBe(s.vp[q]);
          });
          expect(b.muses.filter((m) => m.end === 'deck')).toHaveLength(0);
          expect(b.seats.reduce((n, x) => n + x.musesHeld, 0) + b.muses.filter((m) => m.end === 'center').length).toBe(s.numMuses);
        }
      }
    }
  });

  it('a copy of the card file with one changed Aristotle rate gives a different, reproducible result', () => {
    const d = JSON.parse(readFileSync(new URL('../../src/games/nine-muses/cards/default.json', import.meta.url), 'utf8'));
    d.aristotle.science += 1;
    const changed = writeCards('science-up.json', d);
    const play = (cards: string, seed: string): number[] => {
      const runner = new GameRunner(game, resolveGameVariant(game, { players: 3, cards }));
      const bots = [nineMusesGreedy(), nineMusesGreedy(), nineMusesGreedy()];
      return [...runner.play({ seed, bots, names: ['g', 'g', 'g'] }).result.scores];
    };
    const base = [0, 1, 2, 3, 4].map((i) => play(DEFAULT_CARDS, `rate-${i}`));
    const up = [0, 1, 2, 3, 4].map((i) => play(changed, `rate-${i}`));
    expect(up).not.toEqual(base);
    expect([0, 1, 2, 3, 4].map((i) => play(changed, `rate-${i}`))).toEqual(up);
  });

  it('the balance sections: VP by source add up to the VP, option uses to the exchanges; merge equals one pass; captions name the reconstruction', () => {
    const v = resolveGameVariant(game, { players: 3 });
    const bal = nineMusesBalance;
    const one = bal.newTotals(v, 3);
    const halves = [bal.newTotals(v, 3), bal.newTotals(v, 3)];
    const s = game.newState(v);
    const buf = new Int32Array(NUM_ACTIONS);
    let vp = 0;
    let exchanges = 0;
    for (let g = 0; g < 40; g++) {
      game.deal(s, createRng(`bal-${g}`));
      const rng = createRng(`bal-bot-${g}`);
      while (!game.isTerminal(s)) game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
      const entry = [0, 1, 2].map((q) => (q + g) % 3);
      bal.accumulate(s, one, entry, game.result(s));
      bal.accumulate(s, halves[g % 2]!, entry, game.result(s));
      for (let q = 0; q < 3; q++) vp += s.vp[q]!;
      for (const x of nineMusesStats(s).seats) exchanges += x.actions.exchange;
    }
    bal.merge(halves[0]!, halves[1]!);
    expect(halves[0]).toEqual(one);
    const t = one as NineMusesTotals;
    expect(t.vpSource.reduce((a, b) => a + b, 0)).toBe(vp);
    expect(t.optionUse.reduce((a, b) => a + b, 0)).toBe(exchanges);
    const tables = bal.tables(one, ['random', 'random', 'random']);
    expect(tables.map((x) => x.id)).toEqual(['vp-sources', 'action-mix', 'muses', 'options']);
    const all = tables[0]!.rows.find((r) => r[0] === 'all seats')!;
    expect(all[1]).toBeCloseTo(vp / 120, 9);
    for (const x of tables) expect(x.caption).toMatch(/reconstruction, not the publisher's cards/);
    expect(tables[2]!.rows.map((r) => r[0])).toEqual(s.cards.muses.map((m) => m.name));
    const k = bal.keyFigures(one, ['random', 'random', 'random']);
    const shares = ['Craft', 'Science', 'Ethics'].map((x) => k[`VP share: Aristotle ${x}`]!.value);
    expect(shares.reduce((a, b) => a + b, 0) + k['VP share: Muses']!.value + k['VP share: options']!.value).toBeCloseTo(1, 9);
  });

  it('greedy beats random clearly (far above its 1/3 share)', () => {
    const v = resolveGameVariant(game, { players: 3 });
    const runner = new GameRunner(game, v);
    let wins = 0;
    const G = 150;
    for (let g = 0; g < G; g++) {
      const seat = g % 3;
      const bots = [0, 1, 2].map((q) => (q === seat ? nineMusesGreedy() : randomBot.create({}, game)));
      const out = runner.play({ seed: `gr-${g}`, bots, names: ['a', 'b', 'c'] });
      if (out.result.winners.includes(seat)) wins++;
    }
    expect(wins / G).toBeGreaterThan(0.8);
  });
});

/**
 * Every kind of condition the card format allows, for the engine's tables
 * (`tables.ts`): each operator on each quantity, "than" and "most"/"fewest"
 * alone and inside "all"/"any", two compound Muses that use up the 16 leaf
 * bits, and two that fall back to the condition program (no bits left, and
 * nested "any"/"all").
 */
const VOCABULARY_CARDS = {
  ...TEST_CARDS,
  title: 'every condition',
  muses: [
    { type: 'count', of: 'craft', op: '>=', value: 3 },
    { type: 'count', of: 'science', op: '<=', value: 1 },
    { type: 'count', of: 'ethics', op: '>', value: 1 },
    { type: 'count', of: 'knowledge', op: '<', value: 4 },
    { type: 'count', of: 'vp', op: '==', value: 5 },
    { type: 'count', of: 'muses', op: '!=', value: 0 },
    { type: 'count', of: 'craft', op: '>', than: 'science' },
    { type: 'count', of: 'vp', op: '<=', than: 'knowledge' },
    { type: 'count', of: 'muses', op: '>=', than: 'ethics' },
    { type: 'most', of: 'knowledge' },
    { type: 'fewest', of: 'muses' },
    {
      type: 'all',
      of: [
        { type: 'count', of: 'craft', op: '>=', value: 1 },
        { type: 'count', of: 'science', op: '<=', value: 5 },
        { type: 'count', of: 'ethics', op: '<=', value: 3 },
        { type: 'count', of: 'knowledge', op: '>=', value: 1 },
        { type: 'count', of: 'vp', op: '>=', value: 0 },
        { type: 'count', of: 'muses', op: '<=', value: 3 },
        { type: 'count', of: 'craft', op: '!=', than: 'ethics' },
        { type: 'most', of: 'vp' },
      ],
    },
    {
      type: 'any',
      of: [
        { type: 'count', of: 'craft', op: '==', value: 4 },
        { type: 'count', of: 'science', op: '==', value: 2 },
        { type: 'count', of: 'ethics', op: '==', value: 2 },
        { type: 'count', of: 'knowledge', op: '>=', value: 9 },
        { type: 'count', of: 'vp', op: '>=', value: 12 },
        { type: 'count', of: 'muses', op: '>=', value: 2 },
        { type: 'fewest', of: 'craft' },
        { type: 'count', of: 'science', op: '<', than: 'craft' },
      ],
    },
    {
      type: 'all',
      of: [
        { type: 'count', of: 'craft', op: '>=', value: 1 },
        { type: 'most', of: 'science' },
      ],
    },
    {
      type: 'any',
      of: [
        {
          type: 'all',
          of: [
            { type: 'most', of: 'vp' },
            { type: 'count', of: 'craft', op: '>=', value: 2 },
          ],
        },
        {
          type: 'all',
          of: [
            { type: 'fewest', of: 'vp' },
            {
              type: 'any',
              of: [
                { type: 'count', of: 'ethics', op: '>=', value: 1 },
                { type: 'count', of: 'muses', op: '==', than: 'ethics' },
              ],
            },
          ],
        },
      ],
    },
  ].map((condition, i) => ({
    name: `Muse ${i}`,
    condition,
    ability: i % 3 === 0 ? { type: 'aristotle', knowledge: 'science', add: 1 } : { type: 'start-of-turn', gain: { vp: 1 + (i % 2) } },
  })),
  philosophers: [
    ...TEST_CARDS.philosophers,
    { name: 'Delta', count: 4, options: [{ gain: { science: 2 } }, { pay: { ethics: 1 }, gain: { craft: 2, vp: 2 } }] },
  ],
};

describe('nine-muses: the fast path agrees with the reference rules on every kind of condition', () => {
  const vocabulary = writeCards('vocabulary.json', VOCABULARY_CARDS);
  // The shipped cards too: their And Muses read Knowledge only, folded into one table (`knowBits` in tables.ts).
  for (const [name, cards, players] of [
    ...[2, 3, 4].map((p) => ['every condition', vocabulary, p] as const),
    ...[2, 3, 4].map((p) => ['shipped cards', DEFAULT_CARDS, p] as const),
  ]) {
    it(`${name}, ${players} players: legalCount and legalAt list legalActions; calls are exactly the Muses canCall allows; apply refuses the others`, () => {
      const v = resolveGameVariant(game, { players, cards });
      const s = game.newState(v);
      const probe = game.newState(v);
      const buf = new Int32Array(NUM_ACTIONS);
      let calls = 0;
      for (let g = 0; g < 10; g++) {
        game.deal(s, createRng(`vocabulary-${players}-${g}`));
        const rng = createRng(`vocabulary-play-${players}-${g}`);
        // node:assert, not expect, on this hot loop (expect costs about 10 µs a call, most of the test's time).
        for (let step = 0; !game.isTerminal(s); step++) {
          const where = `game ${g} step ${step}`;
          const n = game.legalActions(s, buf);
          const list = Array.from(buf.subarray(0, n));
          assert.equal(game.legalCount!(s), n, where);
          const decoded = Array.from({ length: n }, (_, i) => game.legalAt!(s, i));
          assert.deepEqual(decoded, list, where);
          if (s.phase === Phase.Play) {
            const t = firstCard(s, s.turn);
            for (let m = 0; m < s.numMuses; m++) {
              const ok = canCall(s, m, s.turn);
              assert.equal(list.includes(callId(t, m)), ok, `${where}: Muse ${m}`);
              if (ok) calls++;
              else {
                game.clone(s, probe);
                assert.throws(() => game.apply(probe, callId(t, m)), /not legal/, `${where}: Muse ${m}`);
              }
            }
          }
          game.apply(s, list[rng.int(n)]!);
        }
      }
      expect(calls).toBeGreaterThan(20);
    });
  }
});

describe('nine-muses: balance statistics, the deal as the unit', () => {
  it('balance tables: every estimate column has deal-level intervals around the point values', async () => {
    const { dir, balance: b } = await runBalance('nine-muses', 300, '7');
    expect(b.groups).toBeGreaterThanOrEqual(20);
    expect(b.tables.map((t) => t.id)).toEqual(['vp-sources', 'action-mix', 'muses', 'options']);
    expectIntervals(table(b, 'vp-sources'), ['vp', 'aristotle_craft', 'aristotle_science', 'aristotle_ethics', 'muses', 'options', 'muse_share']);
    expectIntervals(table(b, 'action-mix'), [
      'exchanges',
      'calls',
      'demonstrations',
      'toils',
      'tokens_stolen',
      'tokens_lost',
      'muses_called',
      'muses_taken',
      'muses_lost',
      'muses_held_at_end',
    ]);
    expectIntervals(table(b, 'muses'), ['called', 'taken', 'vp', 'held_rate', 'winner_rate']);
    expectIntervals(table(b, 'options'), ['uses_per_game', 'share_of_exchanges']);
    for (const t of b.tables) expect(t.caption).toMatch(/Card set: /);
    const csv = csvColumn(dir, 'options', 'option');
    expect(csv.header).toBe(
      'philosopher,option,uses_per_game,uses_per_game_lo,uses_per_game_hi,share_of_exchanges,share_of_exchanges_lo,share_of_exchanges_hi',
    );
    expect(csv.cells.every((c) => /^\d+$/.test(c))).toBe(true);
    // A Muse ends with a winner no more often than with a player (shared wins count 1/k).
    const muses = table(b, 'muses');
    const [held, winner] = ['held_rate', 'winner_rate'].map((c) => muses.columns.indexOf(c));
    for (const r of muses.rows) expect(r[winner!] as number).toBeLessThanOrEqual(r[held!] as number);
    for (const name of ['VP per seat-game', 'VP share: Muses', 'toil share of turns']) {
      const f = b.keyFigures[name]!;
      expect(f.ci95, name).toBeDefined();
      expect(f.ci95![0]!, name).toBeLessThanOrEqual(f.value!);
      expect(f.ci95![1]!, name).toBeGreaterThanOrEqual(f.value!);
    }
  });

  it('balance totals for a match (P + 1 line-up entries): entry arrays sized E; exact integers; merge order and data change no table shape', () => {
    for (const players of [2, 4]) {
      const { totals: t, players: P, entries: E } = checkEntryTotals('nine-muses', { players });
      for (const key of ['seatGames', 'vp', 'musesCalled', 'musesStolen', 'musesLost', 'musesHeld', 'tokensLost'])
        expect((t[key] as number[]).length, key).toBe(E);
      for (const key of ['vpSource', 'actions']) expect((t[key] as number[]).length, key).toBe(E * 5);
      expect(t.seatGames).toEqual(new Array<number>(E).fill((30 * P) / E));
    }
  });
});
