import { RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { decodeDiscard, DECK_SIZE, isSplittable, NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { A_DISCARD, A_GO_OUT, A_STAY, handDiscard, handMeta } from './actions.js';
import { encodeAction } from './codec.js';
import { type MultiplesOfNineState, Phase, TURNS_PER_SEAT_CAP } from './state.js';

/** The seat that decides now (-1 when the game is over). */
export function currentSeat(s: MultiplesOfNineState): number {
  return s.phase === Phase.Over ? -1 : s.turn;
}

/** Writes the legal actions ascending into `into`; returns the count. */
export function legalActions(s: MultiplesOfNineState, into: Int32Array): number {
  if (s.phase === Phase.Opening) {
    into[0] = A_GO_OUT;
    return 1;
  }
  if (s.phase !== Phase.Decide) return 0;
  const meta = handMeta(s.hands, s.turn * NINES_SLOTS, s.nineAloneOnlyToGoOut);
  let n = 0;
  into[n++] = A_STAY;
  if ((meta & 1) !== 0) into[n++] = A_GO_OUT;
  const k = meta >>> 1;
  for (let i = 0; i < k; i++) into[n++] = A_DISCARD + i;
  return n;
}

/** The number of legal actions (`Game.legalCount`): stay, going out when legal, and the listed discards. */
export function legalCount(s: MultiplesOfNineState): number {
  if (s.phase !== Phase.Decide) return s.phase === Phase.Opening ? 1 : 0;
  const meta = handMeta(s.hands, s.turn * NINES_SLOTS, s.nineAloneOnlyToGoOut);
  return 1 + (meta & 1) + (meta >>> 1);
}

/** The legal action at position `i` of {@link legalActions}' list (`Game.legalAt`). */
export function legalAt(s: MultiplesOfNineState, i: number): number {
  if (s.phase !== Phase.Decide) return A_GO_OUT;
  if (i === 0) return A_STAY;
  const goOut = handMeta(s.hands, s.turn * NINES_SLOTS, s.nineAloneOnlyToGoOut) & 1;
  // With going out legal, position 1 is A_GO_OUT and position i >= 2 is A_DISCARD + i - 2; without it, A_DISCARD + i - 1.
  return i + 1 - goOut;
}

/**
 * Starts a new game: shuffles the 52 cards, deals `handSize` to each seat in
 * blocks (seat 0 the first cards), the rest is the stock with the next card on
 * top; seat 0 deals, so seat 1 (left of the dealer) starts ("Play" 1-2).
 */
export function deal(s: MultiplesOfNineState, rng: Rng): void {
  const P = s.players;
  const h = s.handSize;
  s.rng = rng;
  const deck = s.deck;
  let i = 0;
  for (let v = 1; v <= TOP_RANK; v++) for (let k = 0; k < SUITS; k++) deck[i++] = v;
  shuffleInPlace(deck, rng);
  s.hands.fill(0);
  s.handCount.fill(h);
  for (let c = 0; c < P * h; c++) s.hands[((c / h) | 0) * NINES_SLOTS + deck[c]!]!++;
  s.stockCount = DECK_SIZE - P * h;
  for (let k = 0; k < s.stockCount; k++) s.stock[k] = deck[DECK_SIZE - 1 - k]!;
  s.pile.fill(0);
  s.pileCount = 0;
  s.discarded.fill(0);
  s.started.fill(0);
  s.turns = 0;
  s.winner = -1;
  s.capped = false;
  s.turn = 1 % P;
  if (s.recorder) {
    const hands: number[][] = [];
    for (let q = 0; q < P; q++) hands.push(Array.from(deck.subarray(q * h, (q + 1) * h)));
    s.recorder.startRound({ dealer: 0, deal: { hands, stock: Array.from(deck.subarray(P * h)) } });
  }
  beginTurn(s);
}

/**
 * Starts the turn of `s.turn`: the cap, the first-turn instant win, else the
 * reshuffle if the stock is empty and the draw ("Play" 3, 4, 6). The deal and
 * every action end with it; tests call it to start a position they built.
 */
export function beginTurn(s: MultiplesOfNineState): void {
  if (s.turns >= s.maxTurns) {
    finish(s, -1);
    return;
  }
  s.turns++;
  const t = s.turn;
  if (s.started[t] === 0) {
    s.started[t] = 1;
    if (isSplittable(s.hands, t * NINES_SLOTS)) {
      s.phase = Phase.Opening;
      return;
    }
  }
  if (s.stockCount === 0 && s.pileCount > 0) reshuffle(s, t);
  if (s.stockCount > 0) {
    const v = s.stock[--s.stockCount]!;
    s.hands[t * NINES_SLOTS + v]!++;
    s.handCount[t]!++;
    s.recorder?.action({ seat: t, type: 'draw', card: v });
  }
  s.phase = Phase.Decide;
}

/** The discard pile, shuffled, becomes the stock ("Play" 3). */
function reshuffle(s: MultiplesOfNineState, seat: number): void {
  let n = 0;
  for (let v = 1; v <= TOP_RANK; v++) for (let k = s.pile[v]!; k > 0; k--) s.stock[n++] = v;
  shuffleInPlace(s.stock, s.rng, n);
  s.stockCount = n;
  s.pile.fill(0);
  s.pileCount = 0;
  if (s.recorder) {
    const top: number[] = [];
    for (let k = n - 1; k >= 0; k--) top.push(s.stock[k]!);
    s.recorder.action({ seat, type: 'reshuffle', stock: top });
  }
}

/** Scratch of apply: the discard being made, by value. */
const DISCARD = new Uint8Array(NINES_SLOTS);

/**
 * Applies a legal action of the current seat, then starts the next turn.
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: MultiplesOfNineState, a: number): void {
  const t = s.turn;
  const off = t * NINES_SLOTS;
  if (s.phase === Phase.Opening) {
    if (a !== A_GO_OUT) throw new RuleError(`multiples-of-nine: action ${a} is not legal before the first draw (only ${A_GO_OUT})`);
  } else if (s.phase !== Phase.Decide) {
    throw new RuleError('multiples-of-nine: the game is over');
  }
  if (s.recorder) s.recorder.action(encodeAction(s, a));
  if (a === A_STAY) {
    nextTurn(s);
    return;
  }
  if (a === A_GO_OUT) {
    if (s.phase === Phase.Decide && !isSplittable(s.hands, off)) throw new RuleError(`multiples-of-nine: seat ${t} cannot go out`);
    for (let v = 1; v <= TOP_RANK; v++) {
      const c = s.hands[off + v]!;
      s.pile[v]! += c;
      s.discarded[off + v]! += c;
      s.hands[off + v] = 0;
    }
    s.pileCount += s.handCount[t]!;
    s.handCount[t] = 0;
    finish(s, t);
    return;
  }
  const i = a - A_DISCARD;
  if (i < 0 || i >= handMeta(s.hands, off, s.nineAloneOnlyToGoOut) >>> 1) throw new RuleError(`multiples-of-nine: action ${a} is not a listed discard`);
  decodeDiscard(handDiscard(i), DISCARD);
  let n = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    const c = DISCARD[v]!;
    if (c === 0) continue;
    s.hands[off + v]! -= c;
    s.pile[v]! += c;
    s.discarded[off + v]! += c;
    n += c;
  }
  s.handCount[t]! -= n;
  s.pileCount += n;
  nextTurn(s);
}

function nextTurn(s: MultiplesOfNineState): void {
  s.turn = (s.turn + 1) % s.players;
  beginTurn(s);
}

/** Ends the game: `winner` emptied their hand, or -1 when capped ("Play" 5-6). */
function finish(s: MultiplesOfNineState, winner: number): void {
  s.phase = Phase.Over;
  s.winner = winner;
  s.capped = winner < 0;
  if (s.recorder) {
    const scores = new Array<number>(s.players).fill(0);
    if (winner >= 0) scores[winner] = 1;
    s.recorder.endRound(scores, s.capped);
  }
}

/** An upper bound on decisions: one per player turn, at most 200 x P turns. */
export function maxDecisions(players: number): number {
  return TURNS_PER_SEAT_CAP * players;
}
