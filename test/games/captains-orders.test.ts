/**
 * Captain's Orders, one test per ruling of `../shared/rules/captains-orders.md`.
 * Positions are set up by writing hands into a dealt state; actions are given
 * in the record vocabulary, so every test also exercises the codec.
 */
import { describe, expect, it } from 'vitest';
import type { RecordAction } from '../../src/core/game.js';
import { RoundCollector } from '../../src/core/record.js';
import { createRng } from '../../src/core/rng.js';
import { captainsOrders } from '../../src/games/captains-orders/index.js';
import { placeHands } from '../../src/games/captains-orders/position.js';
import { type CaptainsOrdersState, Phase } from '../../src/games/captains-orders/state.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { legalList } from '../helpers.js';
import type { AnyGame } from '../../src/core/registry.js';

const game = captainsOrders;
const anyGame = game as unknown as AnyGame;

/** A dealt game with the given hands (ranks per seat), seat `turn` to act, no Order. */
function position(hands: number[][], turn = 0, given: Record<string, number> = {}): CaptainsOrdersState {
  const v = resolveGameVariant(game, { players: hands.length, ...given });
  const s = game.newState(v);
  game.deal(s, createRng('position'));
  placeHands(s, hands);
  s.turn = turn;
  s.dealer = (turn + hands.length - 1) % hands.length;
  return s;
}

/** Applies a record entry after checking it is legal. */
function act(s: CaptainsOrdersState, e: RecordAction): void {
  const a = game.decodeAction(s, e);
  if (a === null) throw new Error('not a decision');
  expect(legalList(anyGame, s), `${JSON.stringify(e)} should be legal`).toContain(a);
  game.apply(s, a);
}

function isLegal(s: CaptainsOrdersState, e: RecordAction): boolean {
  const a = game.decodeAction(s, e);
  return a !== null && legalList(anyGame, s).includes(a);
}

function hand(s: CaptainsOrdersState, q: number): number[] {
  const out: number[] = [];
  for (let r = 1; r <= 10; r++) for (let k = 0; k < s.hands[q * 11 + r]!; k++) out.push(r);
  return out;
}

/** Ends the round at once: a Discover by `a` of `q`, returning the round winners. */
function roundWinnersAfter(s: CaptainsOrdersState, e: RecordAction): number[] {
  const before = Array.from(s.roundWins);
  act(s, e);
  return Array.from(s.roundWins).flatMap((w, q) => (w > before[q]! ? [q] : []));
}

describe("captains-orders: 'A round'", () => {
  it('"A round" 1-2: six cards each, the rest unused, the player left of the dealer starts', () => {
    const v = resolveGameVariant(game, { players: 5 });
    const s = game.newState(v);
    game.deal(s, createRng('deal'));
    expect(Array.from(s.handCount)).toEqual([6, 6, 6, 6, 6]);
    // The deck keeps all 55 cards: its first 30 are the hands, the other 25 stay unused.
    const rest = Array.from(s.deck.subarray(30));
    expect(rest).toHaveLength(55 - 30);
    for (let r = 1; r <= 10; r++) {
      let n = rest.filter((c) => c === r).length;
      for (let q = 0; q < 5; q++) n += s.hands[q * 11 + r]!;
      expect(n).toBe(r);
    }
    expect(s.dealer).toBe(0);
    expect(game.currentSeat(s)).toBe(1);
  });

  it('"A round" 3: with no Order, order / pass to another / ask another / discover another, nothing else', () => {
    const s = position([[2, 7], [5], [5], [9]]);
    const legal = legalList(anyGame, s).map((a) => game.encodeAction(s, a));
    expect(legal.filter((e) => e.type === 'order').map((e) => e.rank)).toEqual([2, 7]);
    expect(legal.filter((e) => e.type === 'pass')).toHaveLength(2 * 3);
    expect(legal.filter((e) => e.type === 'ask').map((e) => e.from)).toEqual([1, 2, 3]);
    expect(legal.filter((e) => e.type === 'discover').map((e) => e.target)).toEqual([1, 2, 3]);
    expect(legal).toHaveLength(2 + 6 + 3 + 3);
  });

  it('"A round" 3: after a pass, the receiver must discard one card face down; then the turn passes left of the passer', () => {
    const s = position([[2, 7], [5, 6], [5], [9]]);
    act(s, { seat: 0, type: 'pass', rank: 2, to: 1 });
    expect(game.currentSeat(s)).toBe(1);
    expect(legalList(anyGame, s).map((a) => game.encodeAction(s, a))).toEqual([
      { seat: 1, type: 'discard', rank: 2 },
      { seat: 1, type: 'discard', rank: 5 },
      { seat: 1, type: 'discard', rank: 6 },
    ]);
    act(s, { seat: 1, type: 'discard', rank: 6 });
    expect(hand(s, 1)).toEqual([2, 5]);
    expect(s.down[1 * 11 + 6]).toBe(1);
    expect(game.currentSeat(s)).toBe(1);
    expect(s.turn).toBe(1);
  });

  it('"A round" 3: after an ask, the asked player chooses the card to give, then the asker discards', () => {
    const s = position([[2, 7], [5, 6], [5], [9]]);
    act(s, { seat: 0, type: 'ask', from: 1 });
    expect(game.currentSeat(s)).toBe(1);
    act(s, { seat: 1, type: 'give', rank: 6, to: 0 });
    expect(game.currentSeat(s)).toBe(0);
    expect(hand(s, 0)).toEqual([2, 6, 7]);
    act(s, { seat: 0, type: 'discard', rank: 2 });
    expect(hand(s, 0)).toEqual([6, 7]);
    expect(s.turn).toBe(1);
  });

  it('"A round" 4: follow needs a rank >= the Order, belay a rank < the Order; no order, pass or ask under an Order', () => {
    const s = position([[5, 9], [3, 5, 8, 1], [7], [9]]);
    act(s, { seat: 0, type: 'order', rank: 5 });
    expect(s.orderRank).toBe(5);
    const types = legalList(anyGame, s).map((a) => game.encodeAction(s, a));
    expect(types.filter((e) => e.type === 'follow').map((e) => e.rank)).toEqual([5, 8]);
    expect(types.filter((e) => e.type === 'belay').map((e) => e.rank)).toEqual([1, 3]);
    expect(types.filter((e) => !['follow', 'belay', 'discover'].includes(e.type))).toEqual([]);
    act(s, { seat: 1, type: 'follow', rank: 5 });
    expect(hand(s, 0)).toEqual([5, 9]);
    expect(game.currentSeat(s)).toBe(2);
  });

  it('"A round" 4: belaying discards the old Order face up and makes the belayer the owner', () => {
    const s = position([[5, 9], [3, 8], [7], [9]]);
    act(s, { seat: 0, type: 'order', rank: 5 });
    act(s, { seat: 1, type: 'belay', rank: 3 });
    expect(s.orderRank).toBe(3);
    expect(s.orderOwner).toBe(1);
    expect(s.discardUp[5]).toBe(1);
    expect(isLegal(s, { seat: 2, type: 'follow', rank: 7 })).toBe(true);
  });

  it('"A round" 5: an Order that went around is retired by its owner, face up, and the turn passes left', () => {
    const s = position([
      [5, 9],
      [6, 8],
      [7, 7],
      [9, 10],
    ]);
    const c = new RoundCollector();
    s.recorder = c;
    c.startRound({});
    act(s, { seat: 0, type: 'order', rank: 5 });
    act(s, { seat: 1, type: 'follow', rank: 6 });
    act(s, { seat: 2, type: 'follow', rank: 7 });
    act(s, { seat: 3, type: 'follow', rank: 9 });
    expect(s.orderRank).toBe(0);
    expect(s.discardUp[5]).toBe(1);
    expect(game.currentSeat(s)).toBe(1);
    expect(hand(s, 0)).toEqual([6, 7, 9, 9]);
    expect(c.rounds[0]!.actions.at(-1)).toEqual({ seat: 0, type: 'retire' });
  });

  it('"A round" 6: the round ends at once when a hand empties: no discard follows a last-card pass', () => {
    const s = position([[4], [5, 6], [7], [9]]);
    act(s, { seat: 0, type: 'pass', rank: 4, to: 1 });
    expect(s.phase).toBe(Phase.Declare);
    expect(game.currentSeat(s)).toBe(0);
    expect(legalList(anyGame, s).map((a) => game.encodeAction(s, a))).toEqual([
      { seat: 0, type: 'declare', captain: false },
      { seat: 0, type: 'declare', captain: true },
    ]);
  });
});

describe("captains-orders: 'Ending a round'", () => {
  it('"Run-out": a right declaration (ties count) wins the round alone', () => {
    const s = position([[4], [4, 9], [7, 8], [9, 10]]);
    act(s, { seat: 0, type: 'pass', rank: 4, to: 3 });
    expect(roundWinnersAfter(s, { seat: 0, type: 'declare', captain: true })).toEqual([0]);
  });

  it('"Run-out": a wrong declaration sends the passed card into the receiver\'s hand; the richest Mutineers win', () => {
    // Seat 2 holds the 2 (Captain). Without the passed 5, seat 1 (9) and seat 3 (9) tie; with it seat 1 has 14.
    const s = position([[5], [9], [2, 10], [9]]);
    act(s, { seat: 0, type: 'pass', rank: 5, to: 1 });
    // Seat 1 alone (not a 9-9 tie with seat 3) shows the 5 reached its hand.
    expect(roundWinnersAfter(s, { seat: 0, type: 'declare', captain: true })).toEqual([1]);
  });

  it('"Run-out": without a declaration the same happens as after a wrong one', () => {
    const s = position([[1], [9], [2, 10], [9]]);
    act(s, { seat: 0, type: 'pass', rank: 1, to: 3 });
    // The 1 reaches seat 3, who becomes the Captain; seat 2 (12 points) is the richest Mutineer.
    expect(roundWinnersAfter(s, { seat: 0, type: 'declare', captain: false })).toEqual([2]);
  });

  it('"Run-out": a follow with the last card is a run-out; a right declaration wins', () => {
    const s = position([[8, 9], [8], [7, 6], [7, 9]], 0);
    act(s, { seat: 0, type: 'order', rank: 8 });
    act(s, { seat: 1, type: 'follow', rank: 8 });
    expect(s.phase).toBe(Phase.Declare);
    // Seat 2 holds a 6 < 8: wrong; the 8 goes to the owner, seat 0 (9 + 8 = 17).
    expect(roundWinnersAfter(s, { seat: 1, type: 'declare', captain: true })).toEqual([0]);
  });

  it('"Run-out": the Order on the table is not part of the comparison, and an Order played as the last card stays there', () => {
    const s = position([[1, 10], [3], [7, 8], [9, 10]], 0);
    act(s, { seat: 0, type: 'order', rank: 1 });
    act(s, { seat: 1, type: 'follow', rank: 3 });
    expect(s.phase).toBe(Phase.Declare);
    expect(s.orderRank).toBe(1);
    expect(roundWinnersAfter(s, { seat: 1, type: 'declare', captain: true })).toEqual([1]);
  });

  it('"Run-out": the emptied player counts as a Mutineer with 0 points (and wins when all others are Captains)', () => {
    const s = position([[3], [4, 9], [4], [4, 4]]);
    act(s, { seat: 0, type: 'order', rank: 3 });
    // Declared wrong? 3 < 4, so a declaration would be right; without one, seats 1-3 hold the 4s: all Captains.
    expect(roundWinnersAfter(s, { seat: 0, type: 'declare', captain: false })).toEqual([0]);
  });

  it('"Discover": a Mutineer naming a Captain wins alone', () => {
    const s = position([[9], [3, 10], [2], [8]]);
    expect(roundWinnersAfter(s, { seat: 0, type: 'discover', target: 2 })).toEqual([0]);
  });

  it('"Discover": a wrong accusation cannot win; the richest other Mutineers win', () => {
    const s = position([[9, 10], [3, 10], [2], [5, 8]]);
    expect(roundWinnersAfter(s, { seat: 0, type: 'discover', target: 1 })).toEqual([1, 3]);
  });

  it('"Discover": a Captain naming another Captain (a tie for lowest) cannot win', () => {
    const s = position([[2, 10], [2, 3], [9], [5, 8]]);
    expect(roundWinnersAfter(s, { seat: 0, type: 'discover', target: 1 })).toEqual([3]);
  });

  it('"Words": tied lowest cards make several Captains; a Mutineer naming either wins', () => {
    for (const target of [1, 2]) {
      const s = position([[9], [2, 10], [2, 9], [8]]);
      expect(roundWinnersAfter(s, { seat: 0, type: 'discover', target })).toEqual([0]);
    }
  });

  it('"Discover": if no Mutineer other than the accuser exists, nobody wins the round', () => {
    const s = position([[4, 9], [4, 10], [4], [4, 8]]);
    expect(roundWinnersAfter(s, { seat: 0, type: 'discover', target: 1 })).toEqual([]);
  });
});

describe("captains-orders: 'The game'", () => {
  it('"The game": the first player to win 3 rounds wins', () => {
    const s = position([[9], [3, 10], [2], [8]]);
    s.roundWins.set([2, 2, 0, 0]);
    act(s, { seat: 0, type: 'discover', target: 2 });
    expect(game.isTerminal(s)).toBe(true);
    expect(game.result(s)).toEqual({ scores: [3, 2, 0, 0], winners: [0], capped: false });
  });

  it('"The game": several reaching 3 in the same round share the win', () => {
    const s = position([[9, 10], [3, 10], [2], [5, 8]]);
    s.roundWins.set([0, 2, 1, 2]);
    act(s, { seat: 0, type: 'discover', target: 1 });
    expect(game.result(s)).toEqual({ scores: [0, 3, 1, 3], winners: [1, 3], capped: false });
  });

  it('"The game": the deal passes left each round', () => {
    const s = position([[9, 10], [3, 10], [2], [5, 8]], 2);
    expect(s.dealer).toBe(1);
    act(s, { seat: 2, type: 'discover', target: 1 });
    expect(game.isTerminal(s)).toBe(false);
    expect(s.dealer).toBe(2);
    expect(game.currentSeat(s)).toBe(3);
    expect(Array.from(s.handCount)).toEqual([6, 6, 6, 6]);
  });

  it('"The game": after 60 rounds the most round wins share the win, counted as capped', () => {
    const s = position([[9, 10], [3, 10], [2], [5, 8]]);
    s.round = 59;
    s.roundWins.set([0, 2, 2, 1]);
    act(s, { seat: 0, type: 'discover', target: 2 }); // seat 0 is right: 1 round win, nobody reaches 3
    expect(game.isTerminal(s)).toBe(true);
    expect(game.result(s)).toEqual({ scores: [1, 2, 2, 1], winners: [1, 2], capped: true });
  });

  it('"Variant parameters": winsToWin and handSize change the game; players x handSize over 55 is refused', () => {
    const s = position([[9], [3, 10], [2], [8]], 0, { winsToWin: 1 });
    act(s, { seat: 0, type: 'discover', target: 2 });
    expect(game.result(s).winners).toEqual([0]);
    const v = resolveGameVariant(game, { players: 4, handSize: 9 });
    const t = game.newState(v);
    game.deal(t, createRng('x'));
    expect(Array.from(t.handCount)).toEqual([9, 9, 9, 9]);
    expect(() => resolveGameVariant(game, { players: 8, handSize: 7 })).toThrow(/56 cards/);
  });
});

describe("captains-orders: 'Hidden information'", () => {
  it('"Hidden information": a seat sees its own hand and the cards it gave, not other hands', () => {
    const s = position([[2, 7], [5, 8], [5], [9]]);
    act(s, { seat: 0, type: 'order', rank: 7 });
    act(s, { seat: 1, type: 'follow', rank: 8 });
    const o0 = game.observe(s, 0, game.newObservation(s.variant));
    const o1 = game.observe(s, 1, game.newObservation(s.variant));
    const o2 = game.observe(s, 2, game.newObservation(s.variant));
    expect(Array.from(o0.hand)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0]);
    expect(o1.known[0 * 11 + 8]).toBe(1); // seat 1 knows seat 0 holds its 8
    expect(o2.known[0 * 11 + 8]).toBe(0); // seat 2 does not
    expect(o2.orderRank).toBe(7);
    expect(Array.from(o2.handCount)).toEqual([2, 1, 1, 1]);
  });

  it('"Hidden information": a face-down discard makes other seats forget what they knew of that hand', () => {
    const s = position([[2, 7], [5, 6], [5], [9]]);
    act(s, { seat: 0, type: 'pass', rank: 2, to: 1 });
    expect(s.known[(0 * 4 + 1) * 11 + 2]).toBe(1);
    act(s, { seat: 1, type: 'discard', rank: 5 });
    expect(s.known[(0 * 4 + 1) * 11 + 2]).toBe(0);
  });
});
