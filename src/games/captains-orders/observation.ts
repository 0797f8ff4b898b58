import { NO_WINNERS, copyRow, intParam, RuleError, type Rng, type Variant } from '../../core/index.js';
import { drawFromPool, fillPairsDeck, PAIRS_RANKS, rankMask, RANK_SLOTS } from '../../cards/pairs.js';
import { LastKind, Phase, type CaptainsOrdersState, syncMasks } from './state.js';

/**
 * What one seat sees (`captains-orders.md`, "Hidden information"): its own
 * hand, the Order, the face-up discards, its own face-down discards, how many
 * face-down discards each seat made, the hand sizes, and what it knows for
 * certain of other hands from cards it gave or received. Nothing else.
 */
export class CaptainsOrdersObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Cards dealt to each seat per round (variant `handSize`). */
  readonly handSize: number;
  /** Round wins that win the game (variant `winsToWin`). */
  readonly winsToWin: number;
  /** Own hand by rank (index r, 0 unused). */
  readonly hand = new Uint8Array(RANK_SLOTS);
  /** handCount[q]: cards in seat q's hand (length P; public). */
  readonly handCount: Uint8Array;
  /** discardUp[r]: face-up discards of rank r (retired and belayed Orders; index r = 1..10, 0 unused; public). */
  readonly discardUp = new Uint8Array(RANK_SLOTS);
  /** This seat's own face-down discards by rank. */
  readonly ownDown = new Uint8Array(RANK_SLOTS);
  /** downCount[q]: face-down discards made by seat q this round (length P; public, their ranks are not). */
  readonly downCount: Uint8Array;
  /** known[q*11 + r]: rank-r cards this seat knows for certain to be in q's hand. */
  readonly known: Uint8Array;
  /** roundWins[q]: rounds seat q has won so far (length P; the game's scores). */
  readonly roundWins: Uint8Array;
  /** The standing Order's rank, 1..10; 0 when no Order stands. */
  orderRank = 0;
  /** The seat whose Order stands; -1 when none. */
  orderOwner = -1;
  /** The seat that dealt the current round. */
  dealer = 0;
  /** Rounds finished so far (0 during the first round). */
  round = 0;
  /** The seat whose turn it is. */
  turn = 0;
  /** What decision the game waits for (see `Phase`: turn, discard, give, declare, over). */
  phase: Phase = Phase.Turn;
  /** The seat that must discard (phase Discard) or give (phase Give); -1 otherwise. */
  pending = -1;
  /** The seat that emptied its hand and decides whether to declare Captain (phase Declare); -1 otherwise. */
  runout = -1;
  /** The run-out card's rank when this seat saw it (it gave, received, or it went face up), else 0. */
  lastRank = 0;
  /** The receiver of the run-out seat's last card (phase Declare); -1 when it went face up (an Order or a Belay). */
  lastTo = -1;
  /** How the run-out seat's last card left its hand (Order, Belay, Pass, Follow or Give; public). */
  lastKind: LastKind = LastKind.Order;

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.handSize = intParam(variant, 'handSize');
    this.winsToWin = intParam(variant, 'winsToWin');
    const p = this.players;
    this.handCount = new Uint8Array(p);
    this.downCount = new Uint8Array(p);
    this.known = new Uint8Array(p * RANK_SLOTS);
    this.roundWins = new Uint8Array(p);
  }
}

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: CaptainsOrdersState, seat: number, o: CaptainsOrdersObservation): CaptainsOrdersObservation {
  const P = s.players;
  o.seat = seat;
  copyRow(o.hand, s.hands, seat * RANK_SLOTS);
  o.handCount.set(s.handCount);
  o.discardUp.set(s.discardUp);
  copyRow(o.ownDown, s.down, seat * RANK_SLOTS);
  o.downCount.set(s.downCount);
  copyRow(o.known, s.known, seat * P * RANK_SLOTS);
  o.roundWins.set(s.roundWins);
  o.orderRank = s.orderRank;
  o.orderOwner = s.orderOwner;
  o.dealer = s.dealer;
  o.round = s.round;
  o.turn = s.turn;
  o.phase = s.phase;
  o.pending = s.pending;
  o.runout = s.runout;
  o.lastTo = s.lastTo;
  o.lastKind = s.lastKind;
  const sawLast = s.phase === Phase.Declare && (seat === s.runout || seat === s.lastTo || s.lastTo < 0);
  o.lastRank = sawLast ? s.lastRank : 0;
  return o;
}

/** Scratch buffers of `determinize` (it allocates nothing). */
const POOL = new Uint8Array(RANK_SLOTS);
const TRANSIT = new Uint8Array(RANK_SLOTS);

/**
 * Fills `into` with a state consistent with `o`, the unseen cards dealt
 * uniformly at random: each other hand gets the cards `o` knows it holds plus
 * random unseen cards up to its size, then other seats' face-down discards;
 * the rest is the unused deck (not tracked). Other seats' certain knowledge is cleared (a
 * sound under-estimate), which `o` cannot observe.
 * @throws RuleError when the observation is inconsistent (a bug).
 */
export function determinize(o: CaptainsOrdersObservation, rng: Rng, into: CaptainsOrdersState): CaptainsOrdersState {
  const P = o.players;
  const me = o.seat;
  const pool = POOL;
  let size = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) {
    let c = r - o.hand[r]! - o.discardUp[r]! - o.ownDown[r]! - (o.orderRank === r ? 1 : 0);
    for (let q = 0; q < P; q++) if (q !== me) c -= o.known[q * RANK_SLOTS + r]!;
    if (o.phase === Phase.Declare && o.lastRank === r && o.lastKind !== LastKind.Order && o.lastKind !== LastKind.Belay) c--;
    if (c < 0) throw new RuleError(`captains-orders: observation of seat ${me} over-counts rank ${r}`);
    pool[r] = c;
    size += c;
  }
  into.rng = rng;
  // A canonical deck order: later rounds of a simulation depend on (obs, rng) alone.
  fillPairsDeck(into.deck);
  // Hands, discards and knowledge: cleared at once, then what the observer knows.
  into.roundBuffer.fill(0);
  into.hands.set(o.hand, me * RANK_SLOTS);
  into.down.set(o.ownDown, me * RANK_SLOTS);
  into.known.set(o.known, me * P * RANK_SLOTS);
  for (let q = 0; q < P; q++) {
    let t = 0;
    for (let r = 1; r <= PAIRS_RANKS; r++) t += o.known[q * RANK_SLOTS + r]!;
    into.knownAny[me * P + q] = t;
    into.knownMask[me * P + q] = rankMask(o.known, q * RANK_SLOTS);
    into.knowers[q] = t === 0 ? 0 : 1 << me;
  }
  let lastRank = o.lastRank;
  if (o.phase === Phase.Declare && lastRank === 0) {
    const tmp = TRANSIT;
    tmp.fill(0);
    size = drawFromPool(pool, size, 1, rng, tmp, 0);
    lastRank = tmp.indexOf(1);
  }
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    let held = 0;
    for (let r = 1; r <= PAIRS_RANKS; r++) {
      const k = o.known[q * RANK_SLOTS + r]!;
      into.hands[q * RANK_SLOTS + r] = k;
      held += k;
    }
    size = drawFromPool(pool, size, o.handCount[q]! - held, rng, into.hands, q * RANK_SLOTS);
    size = drawFromPool(pool, size, o.downCount[q]!, rng, into.down, q * RANK_SLOTS);
  }
  into.handCount.set(o.handCount);
  syncMasks(into);
  into.discardUp.set(o.discardUp);
  into.downCount.set(o.downCount);
  into.roundWins.set(o.roundWins);
  into.roundWinners.fill(0);
  into.orderRank = o.orderRank;
  into.orderOwner = o.orderOwner;
  into.dealer = o.dealer;
  into.round = o.round;
  into.turn = o.turn;
  into.phase = o.phase;
  into.pending = o.pending;
  into.runout = o.runout;
  into.lastRank = lastRank;
  into.lastTo = o.lastTo;
  into.lastKind = o.lastKind;
  into.capped = false;
  into.winners = NO_WINNERS;
  return into;
}
