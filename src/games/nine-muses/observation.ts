import { NO_WINNERS, intParam, RuleError, shuffleInPlace, stringParam, type Rng, type Variant } from '../../core/index.js';
import { loadCardSet, type CardSet } from './cards.js';
import { clearCounters, IN_DECK, type NineMusesState, Phase, Then } from './state.js';

/**
 * What one seat sees (`nine-muses.md`, "Hidden information"): its own
 * Philosopher hand, and everything face up: the Muse row and who holds which
 * Muse, every player's Knowledge and VP, the pool, the played Philosophers
 * (the discard pile), hand sizes and the deck size. Not other hands, not the
 * order of either deck. `cards` is the (public, read-only) card set.
 */
export class NineMusesObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Held in a private field so snapshots and serializations of an observation skip the static card data. */
  readonly #cards: CardSet;
  /** T: the Philosopher types of the card set (the length of `hand` and `discard`). */
  readonly types: number;
  /** M: the Muses of the card set (the length of `museOrder` and `museLoc`). */
  readonly numMuses: number;
  /** Own hand by Philosopher type. */
  readonly hand: Uint8Array;
  /** handCount[q]: Philosophers in seat q's hand (length P; public). */
  readonly handCount: Uint8Array;
  /** discard[t]: type-t Philosophers in the discard pile (every card played since the last reshuffle; length T; public). */
  readonly discard: Uint8Array;
  /** Philosophers left in the deck (their order is hidden). */
  deckLen = 0;
  /** The revealed Muses in reveal order (museOrder[0..revealed)); the rest is unknown. */
  readonly museOrder: Uint8Array;
  /** Muses revealed so far (the length of the known prefix of `museOrder`). */
  revealed = 0;
  /** museLoc[m]: where Muse m is: IN_DECK (-1, unrevealed), CENTER (-2, face up in the center row) or the seat holding it (length M; public). */
  readonly museLoc: Int8Array;
  /** know[q*3 + k]: seat q's tokens of Knowledge k, k = 0 craft, 1 science, 2 ethics (length 3P; public). */
  readonly know: Uint8Array;
  /** pool[k]: tokens of Knowledge k nobody holds ([craft, science, ethics]). */
  readonly pool = new Uint8Array(3);
  /** supply[k]: all tokens of Knowledge k for this player count (the pool plus every seat's; constant). */
  readonly supply = new Uint8Array(3);
  /** vp[q]: seat q's victory points so far (length P; the game's scores). */
  readonly vp: Int32Array;
  /** roundStartVp[q]: seat q's VP at the start of this round (a round's score is the VP gained in it). */
  readonly roundStartVp: Int32Array;
  /** Rounds started so far (1 in the first round). */
  round = 0;
  /** The first player of this round. */
  first = 0;
  /** The seat whose turn it is. */
  turn = 0;
  /** What the game waits for (see `Phase`: a Philosopher played, a steal target chosen, over). */
  phase: Phase = Phase.Play;
  /** The Knowledge k (0 craft, 1 science, 2 ethics) the turn seat is taking by steals (phase Steal). */
  stealType = 0;
  /** stealLeft[k]: tokens of Knowledge k the current gain still takes from opponents, one steal each (the pool had too few). */
  readonly stealLeft = new Uint8Array(3);
  /** What follows the steals: playing a card (the gain was the collect step) or the end of the turn (it was the action). */
  stealThen: Then = Then.Play;

  /** The card set (public and static: every seat knows every card text). */
  get cards(): CardSet {
    return this.#cards;
  }

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.#cards = loadCardSet(stringParam(variant, 'cards'));
    const P = this.players;
    this.types = this.cards.philosophers.length;
    this.numMuses = this.cards.muses.length;
    this.hand = new Uint8Array(this.types);
    this.handCount = new Uint8Array(P);
    this.discard = new Uint8Array(this.types);
    this.museOrder = new Uint8Array(this.numMuses);
    this.museLoc = new Int8Array(this.numMuses);
    this.know = new Uint8Array(P * 3);
    this.vp = new Int32Array(P);
    this.roundStartVp = new Int32Array(P);
  }
}

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: NineMusesState, seat: number, o: NineMusesObservation): NineMusesObservation {
  const T = s.types;
  o.seat = seat;
  // Element loops, not `set(subarray(...))`: a subarray is a new view object, and a search observes at every step of a playout.
  for (let t = 0, at = seat * T; t < T; t++) o.hand[t] = s.hand[at + t]!;
  o.handCount.set(s.handCount);
  o.discard.set(s.discard);
  o.deckLen = s.deckLen;
  o.museOrder.fill(0);
  for (let i = 0; i < s.revealed; i++) o.museOrder[i] = s.museOrder[i]!;
  o.revealed = s.revealed;
  o.museLoc.set(s.museLoc);
  o.know.set(s.know);
  o.pool.set(s.pool);
  o.supply.set(s.supply);
  o.vp.set(s.vp);
  o.roundStartVp.set(s.roundStartVp);
  o.round = s.round;
  o.first = s.first;
  o.turn = s.turn;
  o.phase = s.phase;
  o.stealType = s.stealType;
  o.stealLeft.set(s.stealLeft);
  o.stealThen = s.stealThen;
  return o;
}

/** Scratch for `determinize` (it allocates nothing): unseen Philosophers by type, unrevealed Muses. */
const UNSEEN = new Uint8Array(16);
const MUSES = new Uint8Array(16);

/**
 * Fills `into` with a state consistent with `o`: the Philosophers `o` cannot
 * see (all copies minus its hand and the discard pile) are shuffled and dealt
 * to the other hands by their sizes, the rest becomes the deck in random
 * order; the unrevealed Muses are put in random order. The balance counters
 * (not observed) are cleared.
 * @throws RuleError when the observation is inconsistent (a bug).
 */
export function determinize(o: NineMusesObservation, rng: Rng, into: NineMusesState): NineMusesState {
  const T = o.types;
  const P = o.players;
  const me = o.seat;
  const phils = o.cards.philosophers;
  let unseen = 0;
  for (let t = 0; t < T; t++) {
    const c = phils[t]!.count - o.hand[t]! - o.discard[t]!;
    if (c < 0) throw new RuleError(`nine-muses: observation of seat ${me} over-counts ${phils[t]!.name}`);
    UNSEEN[t] = c;
    unseen += c;
  }
  let expected = o.deckLen;
  for (let q = 0; q < P; q++) if (q !== me) expected += o.handCount[q]!;
  if (expected !== unseen) throw new RuleError(`nine-muses: seat ${me} sees ${unseen} unseen Philosophers, hands and deck hold ${expected}`);
  into.version++;
  const deck = into.deck;
  let n = 0;
  for (let t = 0; t < T; t++) for (let c = UNSEEN[t]!; c > 0; c--) deck[n++] = t;
  shuffleInPlace(deck, rng, n);
  into.hand.fill(0);
  into.hand.set(o.hand, me * T);
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    for (let c = o.handCount[q]!; c > 0; c--) into.hand[q * T + deck[--n]!]!++;
  }
  into.deckLen = n;
  into.rng = rng;
  into.handCount.set(o.handCount);
  into.discard.set(o.discard);
  // Muses: revealed ones keep their order, the unrevealed ones are shuffled behind them.
  const M = o.numMuses;
  for (let j = 0; j < o.revealed; j++) into.museOrder[j] = o.museOrder[j]!;
  let u = 0;
  for (let m = 0; m < M; m++) if (o.museLoc[m] === IN_DECK) MUSES[u++] = m;
  if (u !== M - o.revealed) throw new RuleError(`nine-muses: seat ${me} sees ${u} Muses in the deck, expected ${M - o.revealed}`);
  shuffleInPlace(MUSES, rng, u);
  for (let i = 0; i < u; i++) into.museOrder[o.revealed + i] = MUSES[i]!;
  into.revealed = o.revealed;
  into.museLoc.set(o.museLoc);
  into.know.set(o.know);
  into.pool.set(o.pool);
  into.vp.set(o.vp);
  into.roundStartVp.set(o.roundStartVp);
  into.round = o.round;
  into.first = o.first;
  into.turn = o.turn;
  into.phase = o.phase;
  into.stealType = o.stealType;
  into.stealLeft.set(o.stealLeft);
  into.stealThen = o.stealThen;
  into.reshuffleSeat = -1;
  into.winners = NO_WINNERS;
  clearCounters(into);
  return into;
}
