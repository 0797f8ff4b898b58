import { copyRow, intParam, boolParam, RuleError, type Rng, type Variant } from '../../core/index.js';
import { isSplittable, NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { type MultiplesOfNineState, Phase } from './state.js';

/**
 * What one seat sees (`multiples-of-nine.md`, "Hidden information"): its own
 * hand, the face-up discard pile, every discard made (as totals per seat and
 * value), the hand sizes and the stock size, and whose turn it is. Not the
 * other hands nor the order of the stock.
 */
export class MultiplesOfNineObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Cards dealt to each seat (variant `handSize`). */
  readonly handSize: number;
  /** Variant `nineAloneOnlyToGoOut`: a discard totalling exactly 9 is legal only when it empties the hand. */
  readonly nineAloneOnlyToGoOut: boolean;
  /** Own hand by value (index v = 1..13). */
  readonly hand = new Uint8Array(NINES_SLOTS);
  /** handCount[q]: cards in seat q's hand (length P; public). */
  readonly handCount: Uint8Array;
  /** The face-up discard pile by value. */
  readonly pile = new Uint8Array(NINES_SLOTS);
  /** Cards in the face-up discard pile (the sum of `pile`). */
  pileCount = 0;
  /** Cards left in the face-down stock (their order is hidden). */
  stockCount = 0;
  /** discarded[q*14 + v]: value-v cards seat q has discarded so far. */
  readonly discarded: Uint16Array;
  /** 1 once seat q has started its first turn. */
  readonly started: Uint8Array;
  /** The seat whose turn it is. */
  turn = 0;
  /** Player turns begun so far (an instant win counts as one); the game is capped at 200 per seat. */
  turns = 0;
  /** What the game waits for (see `Phase`: an opening go-out, a discard-or-stay decision, over). */
  phase: Phase = Phase.Decide;
  /** The seat that emptied its hand; -1 while none (and in a capped game). */
  winner = -1;
  /** True when the game ended at the turn cap with no winner. */
  capped = false;

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.handSize = intParam(variant, 'handSize');
    this.nineAloneOnlyToGoOut = boolParam(variant, 'nineAloneOnlyToGoOut');
    const p = this.players;
    this.handCount = new Uint8Array(p);
    this.discarded = new Uint16Array(p * NINES_SLOTS);
    this.started = new Uint8Array(p);
  }
}

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: MultiplesOfNineState, seat: number, o: MultiplesOfNineObservation): MultiplesOfNineObservation {
  o.seat = seat;
  copyRow(o.hand, s.hands, seat * NINES_SLOTS);
  o.handCount.set(s.handCount);
  o.pile.set(s.pile);
  o.pileCount = s.pileCount;
  o.stockCount = s.stockCount;
  o.discarded.set(s.discarded);
  o.started.set(s.started);
  o.turn = s.turn;
  o.turns = s.turns;
  o.phase = s.phase;
  o.winner = s.winner;
  o.capped = s.capped;
  return o;
}

/** Scratch of determinize: the unseen cards, then dealt out. */
const UNSEEN = new Uint8Array(52);

/** Most redraws of a hand that the observation shows can go out at once (phase Opening). */
const OPENING_TRIES = 10_000;

/**
 * Fills `into` with a state consistent with `o`: the cards `o` does not see
 * (the deck minus its own hand and the pile) are shuffled and dealt to the
 * other hands (their sizes kept) and the stock (its order random). When
 * another seat is about to take its first-turn instant win, its hand is
 * redrawn until it can go out (the phase shows that much).
 * @throws RuleError when the observation over-counts a value (a bug).
 */
export function determinize(o: MultiplesOfNineObservation, rng: Rng, into: MultiplesOfNineState): MultiplesOfNineState {
  const P = o.players;
  const me = o.seat;
  let n = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    const c = SUITS - o.hand[v]! - o.pile[v]!;
    if (c < 0) throw new RuleError(`multiples-of-nine: observation of seat ${me} over-counts value ${v}`);
    for (let k = 0; k < c; k++) UNSEEN[n++] = v;
  }
  let need = o.stockCount;
  for (let q = 0; q < P; q++) if (q !== me) need += o.handCount[q]!;
  if (need !== n) throw new RuleError(`multiples-of-nine: seat ${me} sees ${52 - n} cards but ${52 - need} are not hidden`);
  into.rng = rng;
  const opener = o.phase === Phase.Opening && o.turn !== me ? o.turn : -1;
  for (let tries = 0; ; tries++) {
    // Fisher-Yates over the unseen cards, then deal them in seat order, the stock last.
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = UNSEEN[i]!;
      UNSEEN[i] = UNSEEN[j]!;
      UNSEEN[j] = t;
    }
    into.hands.fill(0);
    into.hands.set(o.hand, me * NINES_SLOTS);
    let i = 0;
    for (let q = 0; q < P; q++) {
      if (q === me) continue;
      for (let k = o.handCount[q]!; k > 0; k--) into.hands[q * NINES_SLOTS + UNSEEN[i++]!]!++;
    }
    if (opener < 0 || tries >= OPENING_TRIES || isSplittable(into.hands, opener * NINES_SLOTS)) {
      for (let k = 0; k < o.stockCount; k++) into.stock[k] = UNSEEN[i++]!;
      break;
    }
  }
  into.handCount.set(o.handCount);
  into.stockCount = o.stockCount;
  into.pile.set(o.pile);
  into.pileCount = o.pileCount;
  into.discarded.set(o.discarded);
  into.started.set(o.started);
  into.turn = o.turn;
  into.turns = o.turns;
  into.phase = o.phase;
  into.winner = o.winner;
  into.capped = o.capped;
  return into;
}
