/**
 * Nine Virtues (`../shared/rules/nine-virtues.md`): one test per ruling, the
 * record vocabulary, hidden information, statistics, and random playouts
 * checking card conservation.
 */
import { placePosition } from '../../src/games/nine-virtues/position.js';
import assert from 'node:assert/strict';
import { describe, expect, it } from 'vitest';
import { RoundCollector } from '../../src/core/record.js';
import { createRng } from '../../src/core/rng.js';
import { resolveGameVariant, VariantError, type VariantValue } from '../../src/core/variant.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { shareUnits } from '../../src/core/balance.js';
import {
  accumulateStats,
  actions,
  newStatsTotals,
  nineVirtues as game,
  type NineVirtuesState,
  Phase,
  nineVirtuesStats,
} from '../../src/games/nine-virtues/index.js';
import { randomBot } from '../../bots/random.js';
import { nineVirtuesGreedy } from '../../bots/greedy/nine-virtues.js';
import { snapshot } from '../helpers.js';
import { checkEntryTotals, csvColumn, expectIntervals, runBalance, table } from './balance-checks.js';

const { bidId, swapId, killId, callId, NUM_ACTIONS } = actions;

function fresh(given: Record<string, VariantValue> = {}, seed = 'nv'): NineVirtuesState {
  const v = resolveGameVariant(game, given);
  const s = game.newState(v);
  game.deal(s, createRng(seed));
  return s;
}

function legal(s: NineVirtuesState): number[] {
  const buf = new Int32Array(NUM_ACTIONS);
  return Array.from(buf.subarray(0, game.legalActions(s, buf)));
}

/** Counts by rank (index r) of a list of ranks. */
function counts(ranks: readonly number[]): number[] {
  const c = new Array<number>(11).fill(0);
  for (const r of ranks) c[r]!++;
  return c;
}

/** Puts an exact position into `s` (`placePosition`): hands, center and bid rows as rank lists. */
function place(s: NineVirtuesState, hands: number[][], center: number[], bids: number[][] = []): void {
  placePosition(s, { hands, center, bids });
}

/** Total cards per rank over every zone of `s`: must be the PAIRS deck. */
function conserved(s: NineVirtuesState): boolean {
  for (let r = 1; r <= 10; r++) {
    let n = s.center[r]! + s.discard[r]! + s.unused[r]!;
    for (let q = 0; q < s.players; q++) n += s.hands[q * 11 + r]! + s.bids[q * 11 + r]!;
    if (n !== r) return false;
  }
  return true;
}

/** Six-card hands of three players used by the scoring tests (seat 0, 1, 2). */
const H0 = [2, 3, 5, 5, 8, 8];
const H1 = [2, 4, 5, 5, 8, 9];
const H2 = [3, 4, 6, 6, 7, 9];

/** Plays a one-round 3-player game from a position whose center holds one card `last`: seat 0 kills it. */
function scoreByKill(given: Record<string, VariantValue>, hands: number[][], bids: number[][], last = 10): NineVirtuesState {
  const s = fresh({ players: 3, rounds: 1, ...given });
  place(s, hands, [last], bids);
  s.turn = 0;
  s.turnInRound = 3;
  game.apply(s, killId(last));
  return s;
}

describe('nine-virtues: variant parameters', () => {
  it('"Variant parameters": defaults are players 4, handSize 6, centerPerPlayer 2, rounds P, bidPenalty face, wildOne and killAfterFirstLap true', () => {
    const v = resolveGameVariant(game, {});
    expect(v).toEqual({ players: 4, handSize: 6, centerPerPlayer: 2, rounds: 4, bidPenalty: 'face', wildOne: true, killAfterFirstLap: true });
    expect(resolveGameVariant(game, { players: 6 }).rounds).toBe(6);
    expect(resolveGameVariant(game, { players: 3, rounds: 5 }).rounds).toBe(5);
  });

  it('"Variant parameters": players 3..6, bidPenalty face|zero|double; a deal needing more than 55 cards is refused with a clear error', () => {
    expect(() => resolveGameVariant(game, { players: 2 })).toThrow(VariantError);
    expect(() => resolveGameVariant(game, { players: 7 })).toThrow(/players=7 .*3\.\.6/);
    expect(() => resolveGameVariant(game, { bidPenalty: 'half' })).toThrow(/face, zero, double/);
    expect(() => resolveGameVariant(game, { players: 6, handSize: 8 })).toThrow(
      'nine-virtues: 6 players x (handSize 8 + centerPerPlayer 2) needs 60 cards, the deck has 55',
    );
    expect(() => resolveGameVariant(game, { players: 5, handSize: 9, centerPerPlayer: 2 })).not.toThrow();
    expect(() => resolveGameVariant(game, { players: 5, handSize: 9, centerPerPlayer: 3 })).toThrow(/needs 60 cards/);
  });
});

describe('nine-virtues: a round', () => {
  it('"A round", 1: 6 cards to each hand, 2 x P face up in the center, the rest set aside unseen', () => {
    for (const players of [3, 4, 5, 6]) {
      const s = fresh({ players });
      for (let q = 0; q < players; q++) {
        let n = 0;
        for (let r = 1; r <= 10; r++) n += s.hands[q * 11 + r]!;
        expect(n).toBe(6);
      }
      expect(s.centerCount).toBe(2 * players);
      expect(s.center.reduce((a, b) => a + b, 0)).toBe(2 * players);
      expect(s.unused.reduce((a, b) => a + b, 0)).toBe(55 - 8 * players);
      expect(conserved(s)).toBe(true);
    }
  });

  it('"A round", 2 and "The game": the dealer of round k is seat k mod P and the player left of the dealer starts', () => {
    for (const players of [3, 5]) {
      const s = game.newState(resolveGameVariant(game, { players, rounds: 2 * players }));
      const rec = new RoundCollector();
      s.recorder = rec;
      game.deal(s, createRng('dealers'));
      const rng = createRng('dealers-bot');
      const buf = new Int32Array(NUM_ACTIONS);
      while (!game.isTerminal(s)) game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
      expect(rec.rounds).toHaveLength(2 * players);
      rec.rounds.forEach((round, k) => {
        expect(round.dealer).toBe(k % players);
        expect(round.actions[0]!.seat).toBe((k + 1) % players);
        // Turns go left.
        const turns = round.actions.filter((a) => a.type !== 'call');
        turns.forEach((a, i) => expect(a.seat).toBe((k + 1 + i) % players));
      });
    }
  });

  it('"A round", 3, Bid: moves a center card of rank r into the bid row; the 1 can never be bid', () => {
    const s = fresh({ players: 3 });
    place(s, [H0, H1, H2], [1, 7, 7, 10]);
    s.turn = 1;
    const l = legal(s);
    expect(l).toContain(bidId(7));
    expect(l).toContain(bidId(10));
    expect(l).not.toContain(bidId(1));
    expect(() => game.apply(s, bidId(1))).toThrow(/not legal/);
    game.apply(s, bidId(7));
    expect(s.bids[1 * 11 + 7]).toBe(1);
    expect(s.center[7]).toBe(1);
    expect(s.centerCount).toBe(3);
    expect(s.turn).toBe(2);
    // With wildOne=false the 1 is an ordinary rank 1 and still can never be bid.
    const t = fresh({ players: 3, wildOne: false });
    place(t, [H0, H1, H2], [1, 7]);
    expect(legal(t)).not.toContain(bidId(1));
  });

  it('"A round", 3, Swap: give h, take c with h != c (no swap of equal ranks); the 1 may be taken or given', () => {
    const s = fresh({ players: 3 });
    place(s, [H0, H1, [1, 4, 6, 6, 7, 9]], [5, 8, 3]);
    s.turn = 0;
    let l = legal(s);
    expect(l).not.toContain(swapId(5, 5));
    expect(l).not.toContain(swapId(8, 8));
    expect(l).not.toContain(swapId(3, 3));
    expect(l).toContain(swapId(5, 8));
    expect(l).toContain(swapId(2, 3));
    expect(() => game.apply(s, swapId(5, 5))).toThrow(/not legal/);
    game.apply(s, swapId(2, 8));
    expect(s.hands[2]).toBe(0);
    expect(s.hands[8]).toBe(3);
    expect(s.center[2]).toBe(1);
    expect(s.center[8]).toBe(0);
    expect(s.centerCount).toBe(3);
    // Seat 2 gives the 1 into the center; then seat 0 takes it.
    s.turn = 2;
    l = legal(s);
    expect(l).toContain(swapId(1, 5));
    game.apply(s, swapId(1, 5));
    expect(s.center[1]).toBe(1);
    s.turn = 0;
    expect(legal(s)).toContain(swapId(3, 1));
    game.apply(s, swapId(3, 1));
    expect(s.hands[1]).toBe(1);
    expect(conserved(s)).toBe(true);
  });

  it('"A round", 3, Kill: not allowed during the first P turns, allowed from turn P + 1 on, the 1 too', () => {
    const s = fresh({ players: 4 });
    for (let t = 0; t < 4; t++) {
      expect(s.turnInRound).toBe(t);
      const l = legal(s);
      expect(l.some((a) => a >= killId(1) && a <= killId(10))).toBe(false);
      // A swap keeps the center size, so every player gets a turn.
      game.apply(s, l.find((a) => a >= swapId(1, 2) && a < killId(1))!);
    }
    const l = legal(s);
    for (let r = 1; r <= 10; r++) expect(l.includes(killId(r))).toBe(s.center[r]! > 0);
    place(s, [H0, H1, H2, [3, 4, 6, 7, 7, 10]], [1, 9]);
    expect(legal(s)).toContain(killId(1));
    game.apply(s, killId(1));
    expect(s.discard[1]).toBe(1);
    expect(s.centerCount).toBe(1);
  });

  it('"Variant parameters": with killAfterFirstLap=false a kill is allowed at once', () => {
    const s = fresh({ players: 4, killAfterFirstLap: false });
    expect(s.turnInRound).toBe(0);
    const l = legal(s);
    for (let r = 1; r <= 10; r++) expect(l.includes(killId(r))).toBe(s.center[r]! > 0);
  });

  it('"A round", 3: there is always at least one legal action (a center holding only the 1 in the first lap)', () => {
    const s = fresh({ players: 3 });
    place(s, [H0, H1, H2], [1]);
    s.turn = 0;
    const l = legal(s);
    expect(l.length).toBeGreaterThan(0);
    expect(l.every((a) => a >= swapId(1, 1) && a < killId(1))).toBe(true);
  });

  it('"A round", 4: the round ends as soon as the center is empty', () => {
    const s = fresh({ players: 3, rounds: 2, wildOne: false });
    place(s, [H0, H1, H2], [9, 10]);
    s.turn = 0;
    game.apply(s, bidId(10));
    expect(s.round).toBe(0);
    game.apply(s, bidId(9));
    expect(s.round).toBe(1);
    expect(s.dealer).toBe(1);
    expect(s.centerCount).toBe(6);
    expect(s.turnInRound).toBe(0);
  });

  it('"A round", 5: after 100 x P turns the center is discarded, the round is scored as usual and counted capped', () => {
    const s = game.newState(resolveGameVariant(game, { players: 3, rounds: 1, wildOne: false }));
    const rec = new RoundCollector();
    s.recorder = rec;
    game.deal(s, createRng('cap'));
    place(s, [H0, H1, H2], [7, 10]);
    s.turn = 0;
    // Swaps never empty the center: only the cap can end this round.
    for (let t = 0; t < 300; t++) {
      expect(game.isTerminal(s)).toBe(false);
      const l = legal(s);
      game.apply(s, l.find((a) => a >= swapId(1, 2) && a < killId(1))!);
    }
    expect(game.isTerminal(s)).toBe(true);
    expect(s.turnInRound).toBe(300);
    expect(s.centerCount).toBe(0);
    expect(s.discard.reduce((a, b) => a + b, 0)).toBe(2);
    expect(conserved(s)).toBe(true);
    const r = game.result(s);
    expect(r.capped).toBe(true);
    expect(rec.rounds[0]!.capped).toBe(true);
    expect(rec.rounds[0]!.scores).toEqual(r.scores);
    expect(rec.rounds[0]!.actions).toHaveLength(300);
    const st = nineVirtuesStats(s);
    expect(st[0]!.capped).toBe(true);
    expect(st[0]!.turns).toBe(300);
    // A round that ends on the last allowed turn by emptying the center is not capped.
    const u = fresh({ players: 3, rounds: 1, wildOne: false });
    place(u, [H0, H1, H2], [7]);
    u.turn = 2;
    u.turnInRound = 299;
    game.apply(u, bidId(7));
    expect(game.result(u).capped).toBe(false);
    expect(game.maxDecisions(u.variant)).toBe(1 * (300 + 1));
  });
});

describe('nine-virtues: scoring a round', () => {
  it('"Scoring a round", 2: the most rank-r cards in hand score r, and tied majorities all score in full', () => {
    // Ranks: 2 tie 0/1; 3 tie 0/2; 4 tie 1/2; 5 tie 0/1 (two each); 6 seat 2; 7 seat 2; 8 seat 0 (two); 9 tie 1/2.
    const s = scoreByKill({ wildOne: false }, [H0, H1, H2], []);
    expect(game.isTerminal(s)).toBe(true);
    expect(game.result(s).scores).toEqual([2 + 3 + 5 + 8, 2 + 4 + 5 + 9, 3 + 4 + 6 + 7 + 9]);
    const st = nineVirtuesStats(s)[0]!;
    expect(st.seats.map((x) => x.handPoints)).toEqual([18, 20, 29]);
    expect(st.seats.map((x) => x.bidPoints)).toEqual([0, 0, 0]);
  });

  it('"Scoring a round", 3: a bid on a rank nobody holds in hand scores +r (and nobody scores that rank for hand cards)', () => {
    const s = scoreByKill({ wildOne: false }, [H0, H1, H2], [[10, 10], [], [10]]);
    expect(game.result(s).scores).toEqual([18 + 20, 20, 29 + 10]);
    const st = nineVirtuesStats(s)[0]!;
    expect(st.seats[0]!.bids).toEqual([{ rank: 10, cards: 2, outcome: 'plus', points: 20 }]);
    expect(st.seats[2]!.bids).toEqual([{ rank: 10, cards: 1, outcome: 'plus', points: 10 }]);
  });

  it('"Scoring a round", 3: a bid scores +r when the bidder holds the most or ties for it', () => {
    // Seat 0 bids 8 (holds two, the most) and 5 (ties with seat 1).
    const s = scoreByKill({ wildOne: false }, [H0, H1, H2], [[8, 5], [], []]);
    expect(game.result(s).scores).toEqual([18 + 8 + 5, 20, 29]);
  });

  it('"Scoring a round", 3: a wrong bid scores -r (bidPenalty face), 0 (zero) or -2r (double)', () => {
    // Seat 0 bids 9 and 6 (holds none, others do); seat 1 bids 4 (ties seat 2: right).
    const bids = [[9, 6, 6], [4], []];
    const face = scoreByKill({ wildOne: false }, [H0, H1, H2], bids);
    expect(game.result(face).scores).toEqual([18 - 9 - 12, 20 + 4, 29]);
    expect(nineVirtuesStats(face)[0]!.seats[0]!.bids).toEqual([
      { rank: 6, cards: 2, outcome: 'minus', points: -12 },
      { rank: 9, cards: 1, outcome: 'minus', points: -9 },
    ]);
    const zero = scoreByKill({ wildOne: false, bidPenalty: 'zero' }, [H0, H1, H2], bids);
    expect(game.result(zero).scores).toEqual([18, 24, 29]);
    expect(nineVirtuesStats(zero)[0]!.seats[0]!.bids.map((b) => b.outcome)).toEqual(['zero', 'zero']);
    const dbl = scoreByKill({ wildOne: false, bidPenalty: 'double' }, [H0, H1, H2], bids);
    expect(game.result(dbl).scores).toEqual([18 - 18 - 24, 24, 29]);
  });

  it('"Scoring a round", 2: bid rows never count toward majorities', () => {
    // Seat 2 has three 7s in its bid row and one 7 in hand; seat 0 gets two 7s in hand: seat 0 holds the most.
    const hands = [[2, 3, 5, 7, 7, 8], H1, H2];
    const s = scoreByKill({ wildOne: false }, hands, [[], [], [7, 7, 7]]);
    const [a, b, c] = game.result(s).scores;
    // Seat 0: 2 and 3 (ties), 7 (two in hand against one), 8 (tie); seat 1 has more 5s.
    expect(a).toBe(2 + 3 + 7 + 8);
    expect(b).toBe(2 + 4 + 5 + 8 + 9);
    // Seat 2 loses rank 7 and its three bids of 7 are wrong.
    expect(c).toBe(3 + 4 + 6 + 9 - 21);
  });

  it('"Scoring a round", 1: the holder of the 1 calls a rank 1..10 and the card counts as that rank', () => {
    const hands = [[1, 3, 5, 5, 8, 8], H1, H2];
    const s = game.newState(resolveGameVariant(game, { players: 3, rounds: 1 }));
    const rec = new RoundCollector();
    s.recorder = rec;
    game.deal(s, createRng('call'));
    place(s, hands, [10], [[9], [], []]);
    s.turn = 1;
    s.turnInRound = 3;
    game.apply(s, killId(10));
    // Before scoring the holder decides, seeing only its own observation.
    expect(s.phase).toBe(Phase.Call);
    expect(game.currentSeat(s)).toBe(0);
    expect(legal(s)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(callId));
    game.apply(s, callId(9));
    // Seat 0's 1 is a 9: ranks 9 tie three ways at one card, its bid of 9 is right.
    expect(game.result(s).scores).toEqual([3 + 5 + 8 + 9 + 9, 2 + 4 + 5 + 9, 3 + 4 + 6 + 7 + 9]);
    expect(rec.rounds[0]!.actions.at(-1)).toEqual({ seat: 0, type: 'call', rank: 9 });
    expect(nineVirtuesStats(s)[0]!.call).toEqual({ seat: 0, rank: 9 });
    // Called as a 1 it scores rank 1 (nobody else holds one) and the bid of 9 is wrong.
    const t = fresh({ players: 3, rounds: 1 });
    place(t, hands, [10], [[9], [], []]);
    t.turn = 1;
    t.turnInRound = 3;
    game.apply(t, killId(10));
    game.apply(t, callId(1));
    expect(game.result(t).scores[0]).toBe(1 + 3 + 5 + 8 - 9);
  });

  it('"Scoring a round", 1: nobody calls when the 1 is in no hand, nor with wildOne=false (it is then an ordinary 1)', () => {
    const s = scoreByKill({}, [H0, H1, H2], [], 1);
    expect(game.isTerminal(s)).toBe(true);
    const plain = scoreByKill({ wildOne: false }, [[1, 3, 5, 5, 8, 8], H1, H2], []);
    expect(game.isTerminal(plain)).toBe(true);
    expect(nineVirtuesStats(plain)[0]!.call).toBeNull();
    expect(game.result(plain).scores[0]).toBe(1 + 3 + 5 + 8);
  });

  it('"The game": the game scores are the sums of the round scores; the highest total wins and ties share the win', () => {
    const s = game.newState(resolveGameVariant(game, { players: 4 }));
    const rec = new RoundCollector();
    s.recorder = rec;
    game.deal(s, createRng('sums'));
    const rng = createRng('sums-bot');
    const buf = new Int32Array(NUM_ACTIONS);
    while (!game.isTerminal(s)) game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
    expect(rec.rounds).toHaveLength(4);
    const sums = [0, 1, 2, 3].map((q) => rec.rounds.reduce((a, r) => a + r.scores![q]!, 0));
    expect(game.result(s).scores).toEqual(sums);
    // Ties on top share the win: 27 points each, then seats 0 and 1 ahead of seat 2's 8 + 9 + 1.
    const same = [2, 3, 4, 5, 6, 7];
    const t = scoreByKill({ wildOne: false }, [same, same, [8, 8, 9, 9, 10, 10]], [], 7);
    expect(game.result(t)).toEqual({ scores: [27, 27, 27], winners: [0, 1, 2], capped: false });
    const u = scoreByKill({ wildOne: false }, [same, same, [8, 8, 9, 9, 9, 1]], [], 7);
    expect(game.result(u)).toEqual({ scores: [27, 27, 18], winners: [0, 1], capped: false });
  });
});

describe('nine-virtues: records', () => {
  it('"Record vocabulary": the deal lists hands and center in dealing order; actions are bid/swap/kill/call with their seat', () => {
    const s = game.newState(resolveGameVariant(game, { players: 4 }));
    const rec = new RoundCollector();
    s.recorder = rec;
    game.deal(s, createRng('vocab'));
    const deal = rec.rounds[0]!.deal as { hands: number[][]; center: number[] };
    expect(Object.keys(rec.rounds[0]!)).toEqual(['dealer', 'deal', 'actions']);
    expect(deal.hands).toHaveLength(4);
    // The deal follows the shuffled deck: one card at a time from the dealer's left, then the center.
    const order: number[] = [];
    for (let i = 0; i < 6; i++) for (let k = 1; k <= 4; k++) order.push(deal.hands[k % 4]![i]!);
    expect([...order, ...deal.center]).toEqual(Array.from(s.deck.subarray(0, 32)));
    for (let q = 0; q < 4; q++) expect(counts(deal.hands[q]!)).toEqual(Array.from(s.hands.subarray(q * 11, q * 11 + 11)));
    expect(counts(deal.center)).toEqual(Array.from(s.center));
    place(
      s,
      [
        [1, 2, 3, 4, 5, 6],
        [2, 3, 4, 5, 6, 7],
        [3, 4, 5, 6, 7, 8],
        [4, 5, 6, 7, 8, 9],
      ],
      [9, 7, 10],
    );
    s.turn = 1;
    s.turnInRound = 4;
    game.apply(s, bidId(7));
    game.apply(s, swapId(3, 9));
    game.apply(s, killId(10));
    game.apply(s, bidId(3));
    expect(s.phase).toBe(Phase.Call);
    game.apply(s, callId(8));
    const a = rec.rounds[0]!.actions;
    expect(a).toEqual([
      { seat: 1, type: 'bid', rank: 7 },
      { seat: 2, type: 'swap', give: 3, take: 9 },
      { seat: 3, type: 'kill', rank: 10 },
      { seat: 0, type: 'bid', rank: 3 },
      { seat: 0, type: 'call', rank: 8 },
    ]);
    expect(rec.rounds[0]!.scores).toHaveLength(4);
    expect(rec.rounds[1]!.dealer).toBe(1);
  });

  it('"Record vocabulary": encodeAction and decodeAction are inverse; a seat out of turn or an unknown type is refused', () => {
    const s = fresh({ players: 4 });
    place(
      s,
      [
        [1, 2, 3, 4, 5, 6],
        [2, 3, 4, 5, 6, 7],
        [3, 4, 5, 6, 7, 8],
        [4, 5, 6, 7, 8, 9],
      ],
      [9, 7, 10],
    );
    s.turn = 1;
    for (const a of legal(s)) expect(game.decodeAction(s, game.encodeAction(s, a))).toBe(a);
    expect(() => game.decodeAction(s, { seat: 2, type: 'bid', rank: 7 })).toThrow(/seat 2 acts but seat 1 decides/);
    expect(() => game.decodeAction(s, { seat: 1, type: 'pass' })).toThrow(/unknown action type/);
    expect(() => game.decodeAction(s, { seat: 1, type: 'bid', rank: 11 })).toThrow(/rank 1\.\.10/);
  });
});

describe('nine-virtues: hidden information', () => {
  it('"Hidden information": the observation shows own hand, center, bid rows and swaps, never another hand', () => {
    const s = fresh({ players: 3 });
    place(s, [H0, H1, H2], [7, 10, 1]);
    s.turn = 0;
    game.apply(s, swapId(2, 7));
    const o = game.observe(s, 1, game.newObservation(s.variant));
    expect(Array.from(o.hand)).toEqual(counts(H1));
    expect(Array.from(o.center)).toEqual(counts([2, 10, 1]));
    // Seat 0 was seen taking a 7.
    expect(o.known[0 * 11 + 7]).toBe(1);
    // Two states differing only in other hands give the same observation.
    const t = game.clone(s);
    const h0 = t.hands.subarray(0, 11);
    const h2 = t.hands.subarray(22, 33);
    h0[3]!--;
    h2[3]!++;
    h2[6]!--;
    h0[6]!++;
    expect(snapshot(game.observe(t, 1, game.newObservation(s.variant)))).toEqual(snapshot(o));
  });

  it('"Hidden information": determinization keeps what the seat sees, and in the Call phase the caller holds the 1', () => {
    const s = fresh({ players: 3, rounds: 1 });
    place(s, [[1, 3, 5, 5, 8, 8], H1, H2], [10]);
    s.turn = 1;
    s.turnInRound = 3;
    game.apply(s, killId(10));
    expect(s.phase).toBe(Phase.Call);
    const o = game.observe(s, 2, game.newObservation(s.variant));
    const want = snapshot(o);
    for (let i = 0; i < 50; i++) {
      const d = game.determinize(o, createRng(`d-${i}`), game.newState(s.variant));
      expect(d.hands[0 * 11 + 1]).toBe(1);
      expect(snapshot(game.observe(d, 2, game.newObservation(s.variant)))).toEqual(want);
      expect(conserved(d)).toBe(true);
    }
  });

  it('"Hidden information": determinization samples the unseen cards uniformly (seat 0 sees 1 of 10 hidden 10s in a hand)', () => {
    const s = fresh({ players: 4 }, 'uniform');
    const o = game.observe(s, 0, game.newObservation(s.variant));
    const rng = createRng('u');
    const into = game.newState(s.variant);
    let tens = 0;
    const N = 4000;
    for (let i = 0; i < N; i++) {
      game.determinize(o, rng, into);
      tens += into.hands[1 * 11 + 10]!;
    }
    // 41 cards are unseen (55 - 6 own - 8 center); seat 1's six cards are drawn from them.
    const unseenTens = 10 - o.hand[10]! - o.center[10]!;
    const expected = (6 * unseenTens) / 41;
    expect(Math.abs(tens / N - expected)).toBeLessThan(0.1);
  });
});

describe('nine-virtues: playouts, statistics, greedy', () => {
  it('random playouts at every table size keep the deck whole and hands at handSize; round stats add up to the record', () => {
    for (const given of [
      { players: 3 },
      { players: 4 },
      { players: 5, bidPenalty: 'double' },
      { players: 6, handSize: 5, wildOne: false },
      { players: 4, killAfterFirstLap: false, bidPenalty: 'zero' },
    ] as const) {
      const v = resolveGameVariant(game, given);
      const totals = newStatsTotals(v.players as number);
      for (let g = 0; g < 60; g++) {
        const s = game.newState(v);
        const rec = new RoundCollector();
        s.recorder = rec;
        game.deal(s, createRng(`play-${g}`));
        const rng = createRng(`play-bot-${g}`);
        const buf = new Int32Array(NUM_ACTIONS);
        while (!game.isTerminal(s)) {
          const n = game.legalActions(s, buf);
          game.apply(s, buf[rng.int(n)]!);
          if (!conserved(s)) throw new Error(`game ${g}: deck not whole`);
          for (let q = 0; q < s.players; q++) {
            let h = 0;
            for (let r = 1; r <= 10; r++) h += s.hands[q * 11 + r]!;
            if (h !== s.handSize) throw new Error(`game ${g}: hand ${q} holds ${h}`);
          }
        }
        const st = nineVirtuesStats(s);
        expect(st).toHaveLength(s.rounds);
        // node:assert, not expect, per round and seat (expect costs about 10 µs a call, most of the test's time).
        st.forEach((r, k) => {
          const where = `${JSON.stringify(given)} game ${g} round ${k}`;
          const acts = rec.rounds[k]!.actions;
          const count = (type: string): number => acts.filter((a) => a.type === type).length;
          const seats = { score: [] as number[], points: [] as number[], bids: 0, swaps: 0, kills: 0 };
          for (const x of r.seats) {
            seats.score.push(x.score);
            seats.points.push(x.handPoints + x.bidPoints);
            seats.bids += x.bidActions;
            seats.swaps += x.swapActions;
            seats.kills += x.killActions;
          }
          assert.deepEqual(seats.score, rec.rounds[k]!.scores, where);
          assert.deepEqual(seats.points, rec.rounds[k]!.scores, where);
          assert.equal(r.turns, acts.length - count('call'), where);
          assert.equal(seats.bids, count('bid'), where);
          assert.equal(seats.swaps, count('swap'), where);
          assert.equal(seats.kills, count('kill'), where);
          const call = acts.find((a) => a.type === 'call');
          assert.deepEqual(r.call, call ? { seat: call.seat, rank: call.rank } : null, where);
          for (const [q, x] of r.seats.entries()) {
            let points = 0;
            let cards = 0;
            for (const b of x.bids) {
              points += b.points;
              cards += b.cards;
            }
            assert.equal(points, x.bidPoints, `${where} seat ${q}`);
            assert.equal(cards, x.bidActions, `${where} seat ${q}`);
          }
        });
        accumulateStats(s, totals);
      }
      expect(totals.games).toBe(60);
      expect(totals.rounds).toBe(60 * (v.rounds as number));
      if (v.bidPenalty === 'zero') expect(totals.bidsMinus.every((x) => x === 0)).toBe(true);
      else expect(totals.bidsZero.every((x) => x === 0)).toBe(true);
    }
  });

  it('the greedy bot beats random players clearly (4 players, greedy rotating through the seats)', () => {
    const v = resolveGameVariant(game, { players: 4 });
    const runner = new GameRunner(game, v);
    const names = ['a', 'b', 'c', 'd'];
    let share = 0;
    const N = 200;
    for (let g = 0; g < N; g++) {
      const seat = g % 4;
      const bots = names.map((_, i) => (i === seat ? nineVirtuesGreedy() : randomBot.create({}, game)));
      const out = runner.play({ seed: `greedy-${g}`, bots, names });
      expect(out.status).toBe('ok');
      if (out.result.winners.includes(seat)) share += 1 / out.result.winners.length;
    }
    expect(share / N).toBeGreaterThan(0.6);
  });

  it('the greedy bot calls the 1 as the rank where it gains the most', () => {
    const s = fresh({ players: 3, rounds: 1 });
    // Seat 0 bid two 9s but holds none; seats 1 and 2 hold one 9 each.
    place(s, [[1, 3, 5, 5, 8, 8], H1, H2], [10], [[9, 9], [], []]);
    s.turn = 1;
    s.turnInRound = 3;
    game.apply(s, killId(10));
    const o = game.observe(s, 0, game.newObservation(s.variant));
    const buf = new Int32Array(NUM_ACTIONS);
    const n = game.legalActions(s, buf);
    const a = nineVirtuesGreedy().act(o, buf, n, { seat: 0, players: 3, variant: s.variant, rng: createRng('x'), model: game });
    // Calling 9 turns two wrong bids of 9 (-18) into right ones (+18) and scores 9.
    expect(a).toBe(callId(9));
  });
});

describe('nine-virtues: balance statistics, the deal as the unit', () => {
  it('balance tables: every estimate column has deal-level intervals; positions equal tested over deals', async () => {
    const { dir, balance: b } = await runBalance('nine-virtues', 400, '7');
    expect(b.groups).toBeGreaterThanOrEqual(20);
    expect(b.tables.map((t) => t.id)).toEqual(['bids-by-rank', 'score-sources', 'action-mix', 'dealer-position', 'rounds']);
    expectIntervals(table(b, 'bids-by-rank'), ['bids_per_game', 'success_rate', 'points_per_bid']);
    expectIntervals(table(b, 'score-sources'), ['majority_points', 'bid_points', 'majority_share', 'bid_share']);
    expectIntervals(table(b, 'action-mix'), ['bid_share', 'swap_share', 'kill_share', 'turns_per_game', 'calls_of_the_1_per_game']);
    expectIntervals(table(b, 'dealer-position'), ['round_win_rate', 'mean_round_points']);
    expectIntervals(table(b, 'rounds'), ['turns_per_round', 'capped_share']);
    // The dealer-position chi-square over rounds is gone: Hotelling's T² with the jackknife covariance, one unit per group of whole deals.
    const pos = table(b, 'dealer-position');
    expect(pos.test).toMatchObject({ df1: 3, df2: b.groups - 3, units: b.groups, hypothesis: 'every position left of the dealer wins rounds equally often' });
    expect(pos.test!.pValue).toBeGreaterThanOrEqual(0);
    expect(pos.test!.pValue).toBeLessThanOrEqual(1);
    expect(pos.caption).toContain(`Test of "every position left of the dealer wins rounds equally often": Hotelling's T²`);
    // Round win shares (ties share) of the P positions add up to every round.
    const rate = pos.columns.indexOf('round_win_rate');
    expect(pos.rows.reduce((a, r) => a + (r[rate] as number), 0)).toBeCloseTo(1, 12);
    // Item 8: numeric cells, snake_case headers.
    const csv = csvColumn(dir, 'dealer-position', 'position');
    expect(csv.header).toBe(
      'position,rounds,round_win_rate,round_win_rate_lo,round_win_rate_hi,round_win_rate_deff,mean_round_points,mean_round_points_lo,mean_round_points_hi',
    );
    expect(csv.cells).toEqual(['0', '1', '2', '3']);
    for (const name of ['bid success rate', 'bid cards per seat-game', "winners' points from bids", 'round win rate: first player', 'turns per round']) {
      const f = b.keyFigures[name]!;
      expect(f.ci95, name).toBeDefined();
      expect(f.ci95![0]!, name).toBeLessThanOrEqual(f.value!);
      expect(f.ci95![1]!, name).toBeGreaterThanOrEqual(f.value!);
    }
    expect(b.keyFigures['round win rate: first player']!.value).toBeCloseTo(pos.rows[1]![rate] as number, 12);
  });

  it('balance totals for a match (P + 1 line-up entries): entry arrays sized E, position arrays P; exact integers; merge order and data change no table shape', () => {
    const { totals: t, players: P, entries: E } = checkEntryTotals('nine-virtues', { players: 4 });
    for (const key of ['seatGames', 'handPoints', 'bidPoints', 'bidActions', 'swapActions', 'killActions', 'calls'])
      expect((t[key] as number[]).length, key).toBe(E);
    for (const key of ['bidCards', 'bidCardsRight', 'bidPointsByRank']) expect((t[key] as number[]).length, key).toBe(E * 11);
    for (const key of ['dealerPosRoundWins', 'dealerPosPoints']) expect((t[key] as number[]).length, key).toBe(P);
    // Each game seats P of the E entries: every entry sat out 30 / E games.
    expect(t.seatGames).toEqual(new Array<number>(E).fill((30 * P) / E));
    // A round won counts lcm(1..P), so a tie of any k <= P seats shares it in whole numbers.
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(shareUnits)).toEqual([1, 2, 6, 12, 60, 60, 420, 840, 2520]);
    expect((t.dealerPosRoundWins as number[]).reduce((a, b) => a + b, 0)).toBe((t.rounds as number) * shareUnits(P));
  });
});
