/**
 * Multiples of Nine (`../shared/rules/multiples-of-nine.md`): one test per
 * ruling, the seed's games move by move, the record vocabulary, hidden
 * information, and random playouts checking card conservation.
 */
import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { RoundCollector } from '../../src/core/record.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, VariantError, type VariantValue } from '../../src/core/variant.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { discardCode, isLegalDiscard, isSplittable, listDiscards, NINES_SLOTS } from '../../src/cards/nines.js';
import {
  actions,
  beginTurn,
  multiplesOfNine as game,
  MultiplesOfNineObservation,
  type MultiplesOfNineState,
  Phase,
} from '../../src/games/multiples-of-nine/index.js';
import { checkInvariants } from '../../src/games/multiples-of-nine/invariants.js';
import { placePosition } from '../../src/games/multiples-of-nine/position.js';
import { randomBot } from '../../bots/random.js';
import { HOLD_LIMIT, multiplesOfNineGreedy } from '../../bots/greedy/multiples-of-nine.js';
import { snapshot } from '../helpers.js';

const { A_STAY, A_GO_OUT, A_DISCARD, NUM_ACTIONS } = actions;

function fresh(given: Record<string, VariantValue> = {}, seed = 'mon'): MultiplesOfNineState {
  const v = resolveGameVariant(game, given);
  const s = game.newState(v);
  game.deal(s, createRng(seed));
  return s;
}

const BUF = new Int32Array(NUM_ACTIONS);
function legal(s: MultiplesOfNineState): number[] {
  return Array.from(BUF.subarray(0, game.legalActions(s, BUF)));
}

function handOf(s: MultiplesOfNineState, q: number): number[] {
  const out: number[] = [];
  for (let v = 1; v <= 13; v++) for (let k = 0; k < s.hands[q * NINES_SLOTS + v]!; k++) out.push(v);
  return out;
}

function counts(values: readonly number[]): number[] {
  const c = new Array<number>(NINES_SLOTS).fill(0);
  for (const v of values) c[v]!++;
  return c;
}

/**
 * Builds a position before seat `turn` starts its turn (`placePosition`): the
 * hands, the stock (top first; the cards of the deck placed nowhere else go
 * under it, ascending, unless `fullStock` is false) and the pile, then starts
 * the turn (`beginTurn`: the instant win or the draw).
 */
function position(
  hands: number[][],
  stockTop: number[],
  opts: {
    players?: number;
    pile?: number[];
    turn?: number;
    started?: number[];
    recorder?: RoundCollector;
    given?: Record<string, VariantValue>;
    fullStock?: boolean;
  } = {},
): MultiplesOfNineState {
  const s = fresh({ players: opts.players ?? hands.length, ...(opts.given ?? {}) });
  placePosition(s, {
    hands,
    stock: stockTop,
    pile: opts.pile ?? [],
    started: opts.started ?? [],
    turn: opts.turn ?? 1 % s.players,
    rest: opts.fullStock === false ? 'none' : 'stock',
  });
  s.recorder = opts.recorder ?? null;
  opts.recorder?.startRound({ dealer: 0, deal: {} });
  beginTurn(s);
  return s;
}

/** The action id of discarding `values` in `s` (via the record codec). */
function discardId(s: MultiplesOfNineState, values: number[]): number {
  const a = game.decodeAction(s, { seat: s.turn, type: 'discard', cards: values });
  if (a === null) throw new Error('not a decision');
  return a;
}

/** Total cards of each value in hands, stock and pile. */
function census(s: MultiplesOfNineState): number[] {
  const c = new Array<number>(14).fill(0);
  for (let q = 0; q < s.players; q++) for (let v = 1; v <= 13; v++) c[v]! += s.hands[q * NINES_SLOTS + v]!;
  for (let k = 0; k < s.stockCount; k++) c[s.stock[k]!]!++;
  for (let v = 1; v <= 13; v++) c[v]! += s.pile[v]!;
  return c;
}

describe('multiples-of-nine: "Play"', () => {
  it('"Play" 1: five cards to each player, the rest is the stock; hands plus stock are one 52-card deck in the record', () => {
    for (const players of [2, 3, 6]) {
      const v = resolveGameVariant(game, { players });
      const s = game.newState(v);
      const rec = new RoundCollector();
      s.recorder = rec;
      game.deal(s, createRng(`deal-${players}`));
      const deal = rec.rounds[0]!.deal as { hands: number[][]; stock: number[] };
      expect(rec.rounds[0]!.dealer).toBe(0);
      expect(deal.hands).toHaveLength(players);
      for (const h of deal.hands) expect(h).toHaveLength(5);
      expect(deal.stock).toHaveLength(52 - 5 * players);
      const all = [...deal.hands.flat(), ...deal.stock].sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: 52 }, (_, i) => (i >> 2) + 1));
      // The first player drew the top card of the recorded stock (unless it went out at once).
      if (s.phase === Phase.Decide) expect(rec.rounds[0]!.actions[0]).toEqual({ seat: 1, type: 'draw', card: deal.stock[0] });
    }
  });

  it('"Play" 2: the player left of the dealer (seat 1) starts; turns go left', () => {
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [1, 2, 4, 5, 7],
        [1, 2, 4, 5, 7],
      ],
      [13, 13, 13, 13],
    );
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(game.currentSeat(s));
      game.apply(s, A_STAY);
    }
    expect(seen).toEqual([1, 2, 0, 1, 2]);
  });

  it('"Play" 3: an empty stock is refilled from the shuffled discard pile first, recorded as reshuffle with the drawing seat', () => {
    const rec = new RoundCollector();
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [1, 2, 4, 5, 11],
      ],
      [13],
      { pile: [3, 3, 6, 10, 10], turn: 1, recorder: rec, fullStock: false },
    );
    expect(handOf(s, 1)).toEqual([1, 2, 4, 5, 11, 13]);
    expect(s.stockCount).toBe(0);
    game.apply(s, A_STAY);
    const acts = rec.rounds[0]!.actions;
    const re = acts.find((e) => e.type === 'reshuffle')!;
    expect(re.seat).toBe(0);
    const stock = re.stock as number[];
    expect([...stock].sort((a, b) => a - b)).toEqual([3, 3, 6, 10, 10]);
    // The player then draws the new top card.
    expect(acts[acts.indexOf(re) + 1]).toEqual({ seat: 0, type: 'draw', card: stock[0] });
    expect(s.pileCount).toBe(0);
    expect(s.stockCount).toBe(4);
    expect(game.decodeAction(s, re)).toBeNull();
  });

  it('"Play" 3: with the stock and the pile both empty the draw is skipped, and the player still decides', () => {
    const rec = new RoundCollector();
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [1, 2, 4, 5, 11],
      ],
      [],
      { recorder: rec, fullStock: false },
    );
    expect(s.phase).toBe(Phase.Decide);
    expect(handOf(s, 1)).toEqual([1, 2, 4, 5, 11]);
    expect(rec.rounds[0]!.actions).toEqual([]);
    expect(legal(s)).toContain(A_STAY);
  });

  it('"Play" 3: a turn is a draw then one discard or stay; the draw is a chance event (decodeAction gives null)', () => {
    const rec = new RoundCollector();
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [7, 13, 11, 10, 10],
      ],
      [3],
      { recorder: rec },
    );
    expect(rec.rounds[0]!.actions).toEqual([{ seat: 1, type: 'draw', card: 3 }]);
    expect(game.decodeAction(s, { seat: 1, type: 'draw', card: 3 })).toBeNull();
    const l = legal(s);
    expect(l[0]).toBe(A_STAY);
    for (const a of l.slice(1)) expect(a).toBeGreaterThanOrEqual(A_DISCARD);
    game.apply(s, discardId(s, [7, 10, 10]));
    expect(handOf(s, 1)).toEqual([3, 11, 13]);
    expect(game.currentSeat(s)).toBe(0);
  });

  it('"Play" 4: the first turn, before drawing, a whole initial hand that is a legal discard wins at once (the seed\'s first game)', () => {
    const rec = new RoundCollector();
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [12, 12, 3, 8, 10],
      ],
      [13],
      { recorder: rec },
    );
    expect(s.phase).toBe(Phase.Opening);
    expect(legal(s)).toEqual([A_GO_OUT]);
    expect(s.turns).toBe(1); // the instant win counts as a turn ("Play" 6)
    game.apply(s, A_GO_OUT);
    expect(game.isTerminal(s)).toBe(true);
    expect(game.result(s)).toEqual({ scores: [0, 1], winners: [1], capped: false });
    expect(rec.rounds[0]!.actions).toEqual([{ seat: 1, type: 'discard', cards: [3, 8, 10, 12, 12] }]);
    expect(rec.rounds[0]!.scores).toEqual([0, 1]);
  });

  it('"Play" 4: each player has the instant win on their own first turn only', () => {
    // Seat 0 can go out at once on its first turn, which comes after seat 1's.
    const s = position(
      [
        [12, 12, 3, 8, 10],
        [1, 2, 4, 5, 7],
      ],
      [13, 13],
    );
    expect(s.phase).toBe(Phase.Decide);
    game.apply(s, A_STAY);
    expect(s.turn).toBe(0);
    expect(s.phase).toBe(Phase.Opening);
    // A hand that becomes splittable later gets no pre-draw win: seat 1 already started.
    const t = position(
      [
        [1, 2, 4, 5, 7],
        [12, 12, 3, 8, 10],
      ],
      [13],
      { started: [0, 1] },
    );
    expect(t.phase).toBe(Phase.Decide);
    expect(handOf(t, 1)).toEqual([3, 8, 10, 12, 12, 13]);
  });

  it('"Play" 5: a player whose hand becomes empty wins and the game ends (the seed\'s second game, move by move)', () => {
    // Seat 1 is the seed's Player 1 (left of the dealer), seat 0 its Player 2.
    const s = position(
      [
        [5, 1, 6, 8, 9],
        [7, 13, 11, 10, 10],
      ],
      [3, 1, 5, 3, 11, 13, 11],
    );
    expect(handOf(s, 1)).toEqual([3, 7, 10, 10, 11, 13]);
    expect(isLegalDiscard(counts(handOf(s, 1)), counts([7, 11]), true)).toBe(true);
    game.apply(s, discardId(s, [7, 10, 10]));
    expect(handOf(s, 0)).toEqual([1, 1, 5, 6, 8, 9]);
    game.apply(s, discardId(s, [8, 1, 9]));
    expect(handOf(s, 0)).toEqual([1, 5, 6]);
    expect(handOf(s, 1)).toEqual([3, 5, 11, 13]);
    game.apply(s, discardId(s, [13, 5]));
    expect(handOf(s, 0)).toEqual([1, 3, 5, 6]);
    // "Cannot discard 6,3": it would leave cards, and it totals exactly 9.
    expect(() => discardId(s, [6, 3])).toThrow(/not a legal discard/);
    expect(legal(s)).toEqual([A_STAY]);
    game.apply(s, A_STAY);
    expect(handOf(s, 1)).toEqual([3, 11, 11]);
    game.apply(s, A_STAY);
    expect(handOf(s, 0)).toEqual([1, 3, 5, 6, 13]);
    game.apply(s, discardId(s, [5, 13, 6, 3]));
    expect(handOf(s, 0)).toEqual([1]);
    expect(handOf(s, 1)).toEqual([3, 11, 11, 11]);
    expect(legal(s)).toContain(A_GO_OUT);
    expect(discardId(s, [11, 11, 11, 3])).toBe(A_GO_OUT);
    game.apply(s, A_GO_OUT);
    expect(game.result(s)).toEqual({ scores: [0, 1], winners: [1], capped: false });
    expect(game.currentSeat(s)).toBe(-1);
  });

  it('"Play" 6: a game reaching 200 x P player turns ends capped with no winner', () => {
    for (const players of [2, 3]) {
      const rec = new RoundCollector();
      const v = resolveGameVariant(game, { players });
      const s = game.newState(v);
      s.recorder = rec;
      game.deal(s, createRng('cap'));
      let decisions = 0;
      while (!game.isTerminal(s)) {
        game.apply(s, s.phase === Phase.Opening ? A_GO_OUT : A_STAY);
        decisions++;
      }
      if (s.winner >= 0) continue; // an instant win ended it (not with this seed)
      expect(decisions).toBe(200 * players);
      expect(s.turns).toBe(200 * players);
      expect(game.result(s)).toEqual({ scores: new Array(players).fill(0), winners: [], capped: true });
      expect(rec.rounds[0]!.capped).toBe(true);
      expect(rec.rounds[0]!.scores).toEqual(new Array(players).fill(0));
      expect(decisions).toBeLessThanOrEqual(game.maxDecisions(v));
    }
  });

  it('"Play": a player is never obliged to discard (stay is always legal after the draw)', () => {
    const rng = createRng('stay');
    for (let g = 0; g < 50; g++) {
      const s = fresh({ players: 2 + (g % 5) }, `stay-${g}`);
      // node:assert, not expect, on the hot loops of this file (expect costs about 10 µs a call, most of their time).
      for (let step = 0; !game.isTerminal(s); step++) {
        const l = legal(s);
        if (s.phase === Phase.Decide) assert.equal(l[0], A_STAY, `game ${g} step ${step}`);
        game.apply(s, l[rng.int(l.length)]!);
      }
    }
  });
});

describe('multiples-of-nine: "Groups and legal discards" in play', () => {
  it('"A discard whose total is exactly 9 ... is legal only when it empties the hand"', () => {
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [6, 12, 12, 12],
      ],
      [3],
    );
    expect(handOf(s, 1)).toEqual([3, 6, 12, 12, 12]);
    expect(() => discardId(s, [6, 3])).toThrow(/not a legal discard/);
    expect(discardId(s, [12, 12, 12])).toBeGreaterThanOrEqual(A_DISCARD);
    const t = position([[1, 2, 4, 5, 7], [6]], [3], { started: [0, 1] });
    expect(legal(t)).toEqual([A_STAY, A_GO_OUT]);
  });

  it('"Variant parameters": nineAloneOnlyToGoOut=false lists a lone nine with cards left', () => {
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [6, 12, 12, 12],
      ],
      [3],
      { given: { nineAloneOnlyToGoOut: false } },
    );
    const a = discardId(s, [6, 3]);
    expect(legal(s)).toContain(a);
    game.apply(s, a);
    expect(handOf(s, 1)).toEqual([12, 12, 12]);
  });

  it('action ids: 0 stay, 1 go out, 2+i the i-th other legal discard in ascending discard code; the list depends only on the hand', () => {
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [1, 8, 8, 10, 10, 3, 6],
      ],
      [9],
    );
    const l = legal(s);
    expect(l.slice(0, 1)).toEqual([A_STAY]);
    const codes = l
      .filter((a) => a >= A_DISCARD)
      .map((a) => {
        const e = game.encodeAction(s, a);
        expect(game.decodeAction(s, e)).toBe(a);
        return discardCode(counts(e.cards as number[]));
      });
    expect(codes.length).toBeGreaterThan(5);
    for (let i = 1; i < codes.length; i++) expect(codes[i]!).toBeGreaterThan(codes[i - 1]!);
    // Another state where the same hand decides gives the same ids the same meaning.
    const t = position(
      [
        [2, 2, 4, 5, 7],
        [1, 8, 8, 10, 10, 3, 6],
      ],
      [9],
      { players: 2 },
    );
    expect(legal(t)).toEqual(l);
    for (const a of l) expect(game.encodeAction(t, a)).toEqual(game.encodeAction(s, a));
  });
});

describe('multiples-of-nine: records and hidden information', () => {
  it('the hand memo (keyed by the nine-free part) gives exactly listDiscards and isSplittable, first and repeated lookups, small to large hands', () => {
    const rng = createRng('mon-memo');
    const out = new Int32Array(actions.MAX_LISTED);
    const hands: Uint8Array[] = [];
    for (let t = 0; t < 3000; t++) {
      const size = t < 60 ? t % 6 : 1 + rng.int(t % 40 === 0 ? 21 : 13);
      const deck: number[] = [];
      for (let v = 1; v <= 13; v++) for (let k = 0; k < 4; k++) deck.push(v);
      const h = new Uint8Array(2 * NINES_SLOTS);
      const off = (t % 2) * NINES_SLOTS;
      for (let i = 0; i < size; i++) {
        const j = i + rng.int(52 - i);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
        h[off + deck[i]!]!++;
      }
      if (t % 5 === 0) h[off + 9] = rng.int(5);
      hands.push(h);
    }
    let codes = 0;
    for (let pass = 0; pass < 2; pass++) {
      hands.forEach((h, t) => {
        const off = (t % 2) * NINES_SLOTS;
        for (const nineAlone of [true, false]) {
          const n = listDiscards(h, off, nineAlone, out, actions.MAX_LISTED);
          const meta = actions.handMeta(h, off, nineAlone);
          assert.equal(meta, n * 2 + (isSplittable(h, off) ? 1 : 0), `hand ${t}, nineAlone ${nineAlone}`);
          for (let i = 0; i < n; i++) {
            actions.handMeta(h, off, nineAlone);
            if (actions.handDiscard(i) !== out[i]) expect([t, nineAlone, i, actions.handDiscard(i)]).toEqual([t, nineAlone, i, out[i]]);
          }
          codes += n;
        }
      });
    }
    expect(codes).toBeGreaterThan(20_000);
  });

  it('"Record vocabulary": every decision encodes to draw/discard/stay entries that decode back', () => {
    const rng = createRng('codec');
    for (let g = 0; g < 40; g++) {
      const s = fresh({ players: 2 + (g % 5) }, `codec-${g}`);
      for (let step = 0; !game.isTerminal(s); step++) {
        const l = legal(s);
        for (const a of l) {
          const where = `game ${g} step ${step} action ${a}`;
          const e = game.encodeAction(s, a);
          assert.equal(e.seat, s.turn, where);
          assert.ok(['stay', 'discard'].includes(e.type), `${where}: type ${e.type}`);
          assert.equal(game.decodeAction(s, JSON.parse(JSON.stringify(e))), a, where);
        }
        game.apply(s, l[rng.int(l.length)]!);
      }
    }
  }, 60_000);

  it('"Record vocabulary": malformed entries and other seats are rejected', () => {
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [7, 13, 11, 10, 10],
      ],
      [3],
    );
    expect(() => game.decodeAction(s, { seat: 0, type: 'stay' })).toThrow(/seat 1 decides/);
    expect(() => game.decodeAction(s, { seat: 1, type: 'pass' })).toThrow(/unknown/);
    expect(() => game.decodeAction(s, { seat: 1, type: 'discard', cards: [14] })).toThrow(/bad card/);
    expect(() => game.decodeAction(s, { seat: 1, type: 'discard', cards: [9] })).toThrow(/does not hold/);
  });

  it('"Hidden information": the observation holds no other hand nor the stock order; determinization samples them', () => {
    const s = fresh({ players: 3 }, 'hidden');
    const o = game.observe(s, 0, game.newObservation(s.variant));
    const keys = Object.keys(o);
    expect(keys).not.toContain('hands');
    expect(keys).not.toContain('stock');
    const hands = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const d = game.determinize(o, createRng(`d-${k}`), game.newState(s.variant));
      expect(snapshot(game.observe(d, 0, game.newObservation(s.variant)))).toEqual(snapshot(o));
      expect(census(d)).toEqual([0, ...new Array(13).fill(4)]);
      hands.add(handOf(d, 1).join(','));
    }
    expect(hands.size).toBeGreaterThan(10);
  });

  it('"Hidden information": a seat about to take its instant win is dealt a hand that can go out in every sample', () => {
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [12, 12, 3, 8, 10],
        [1, 2, 4, 5, 7],
      ],
      [13],
    );
    expect(s.phase).toBe(Phase.Opening);
    const o = game.observe(s, 0, new MultiplesOfNineObservation(s.variant));
    for (let k = 0; k < 10; k++) {
      const d = game.determinize(o, createRng(`open-${k}`), game.newState(s.variant));
      expect(isLegalDiscard(counts(handOf(d, 1)), counts(handOf(d, 1)), true)).toBe(true);
    }
  });

  it('"Variant parameters": players 2..6, handSize with P x handSize <= 52', () => {
    expect(() => resolveGameVariant(game, { players: 7 })).toThrow(VariantError);
    expect(() => resolveGameVariant(game, { players: 3, handSize: 18 })).toThrow(/needs 54 cards/);
    const v = resolveGameVariant(game, {});
    expect(v).toEqual({ players: 2, handSize: 5, nineAloneOnlyToGoOut: true });
  });
});

describe('multiples-of-nine: playouts and the greedy bot', () => {
  it('random playouts keep every card exactly once and hand counts right, and end within maxDecisions', () => {
    const rng = createRng('inv');
    let capped = 0;
    for (let g = 0; g < 300; g++) {
      const players = 2 + (g % 5);
      const s = fresh({ players }, `inv-${g}`);
      const bound = game.maxDecisions(s.variant);
      let steps = 0;
      while (!game.isTerminal(s)) {
        const l = legal(s);
        game.apply(s, l[rng.int(l.length)]!);
        steps++;
        if (steps % 5 !== 0 && !game.isTerminal(s)) continue;
        const c = census(s);
        for (let v = 1; v <= 13; v++) if (c[v] !== 4) throw new Error(`game ${g} step ${steps}: ${c[v]} cards of value ${v}`);
        for (let q = 0; q < players; q++) if (handOf(s, q).length !== s.handCount[q]) throw new Error(`game ${g}: hand count of ${q}`);
      }
      expect(steps).toBeLessThanOrEqual(bound);
      const r = game.result(s);
      if (r.capped) capped++;
      else expect(s.handCount[r.winners[0]!]).toBe(0);
    }
    expect(capped).toBeLessThan(150);
  }, 60_000);

  it('greedy goes out when it can, stays while holding at most HOLD_LIMIT cards, and beats random', () => {
    const bot = multiplesOfNineGreedy();
    const ctx = { seat: 1 } as never;
    const s = position(
      [
        [1, 2, 4, 5, 7],
        [12, 12, 3, 8],
      ],
      [10],
      { started: [0, 1] },
    );
    const o = game.observe(s, 1, game.newObservation(s.variant));
    let l = Int32Array.from(legal(s));
    expect(bot.act(o, l, l.length, ctx)).toBe(A_GO_OUT);
    const t = position(
      [
        [1, 2, 4, 5, 7],
        [1, 8, 8, 10, 10, 3, 6],
      ],
      [9],
      { started: [0, 1] },
    );
    l = Int32Array.from(legal(t));
    expect(bot.act(game.observe(t, 1, game.newObservation(t.variant)), l, l.length, ctx)).toBe(A_STAY);
    const v = resolveGameVariant(game, { players: 2 });
    const runner = new GameRunner(game, v);
    let wins = 0;
    const G = 200;
    for (let g = 0; g < G; g++) {
      const seat = g % 2;
      const bots = [0, 1].map((q) => (q === seat ? multiplesOfNineGreedy() : randomBot.create({}, game)));
      if (runner.play({ seed: `greedy-${g}`, bots, names: ['a', 'b'] }).result.winners.includes(seat)) wins++;
    }
    expect(wins / G).toBeGreaterThan(0.7);
    expect(HOLD_LIMIT).toBeGreaterThan(5);
  }, 60_000);
});

describe('multiples-of-nine: the position builder', () => {
  it('placePosition gives a state checkInvariants accepts (counts derived, the rest of the deck under the stock), before and after the turn starts', () => {
    const s = placePosition(fresh({ players: 3 }), {
      hands: [[1, 2, 4, 5, 7], [12, 12, 3], [9]],
      stock: [13, 13],
      pile: [6, 6, 6],
      started: [0],
      turn: 2,
    });
    checkInvariants(s);
    expect(census(s)).toEqual([0, ...new Array(13).fill(4)]);
    expect(Array.from(s.handCount)).toEqual([5, 3, 1]);
    expect([s.stockCount, s.pileCount, s.turn, s.phase]).toEqual([52 - 9 - 3, 3, 2, Phase.Decide]);
    expect(s.stock[s.stockCount - 1]).toBe(13);
    beginTurn(s);
    checkInvariants(s);
    expect(s.phase).toBe(Phase.Opening); // seat 2 has not started: its lone 9 goes out at once
  });

  it('placePosition throws on an impossible position: a card used five times, a wrong number of hands, an empty hand', () => {
    const s = fresh({ players: 2 });
    expect(() =>
      placePosition(s, {
        hands: [
          [1, 3, 3],
          [3, 3],
        ],
        stock: [3],
      }),
    ).toThrow(/value 3 used more than 4 times/);
    expect(() => placePosition(s, { hands: [[1, 2, 3]] })).toThrow(/1 hands for 2 seats/);
    expect(() => placePosition(s, { hands: [[1, 2, 3], []] })).toThrow(/seat 1 has an empty hand/);
    expect(() => placePosition(s, { hands: [[1, 14], [2]] })).toThrow(/14 is not a card value/);
  });
});
