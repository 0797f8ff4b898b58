import { NO_WINNERS, boolParam, copyRow, intParam, RuleError, stringParam, type Rng, type Variant } from '../../core/index.js';
import { drawFromPool, fillPairsDeck, PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import { syncMasks, type NineVirtuesState, Phase, type BidPenalty } from './state.js';

/**
 * What one seat sees (`nine-virtues.md`, "Hidden information"): its own hand,
 * the center, every bid row, the face-up discards, what every swap made
 * certain about other hands (`known`), the hand sizes (always `handSize`),
 * the game scores so far, and whose turn or call it is. Nothing else.
 */
export class NineVirtuesObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Cards dealt to each hand per round (variant `handSize`). */
  readonly handSize: number;
  /** Cards dealt face up into the center per player (variant `centerPerPlayer`). */
  readonly centerPerPlayer: number;
  /** Rounds in the game (variant `rounds`). */
  readonly rounds: number;
  /** How a wrong bid scores (variant `bidPenalty`): -r, 0 or -2r. */
  readonly bidPenalty: BidPenalty;
  /** Variant `wildOne`: the holder of the 1 calls it as any rank at scoring. */
  readonly wildOne: boolean;
  /** Variant `killAfterFirstLap`: no kill during a round's first P turns. */
  readonly killAfterFirstLap: boolean;
  /** Own hand by rank (index r, 0 unused). */
  readonly hand = new Uint8Array(RANK_SLOTS);
  /** The face-up center by rank. */
  readonly center = new Uint8Array(RANK_SLOTS);
  /** Cards in the center (the sum of `center`). */
  centerCount = 0;
  /** bids[q*11 + r]: rank-r cards in seat q's bid row. */
  readonly bids: Uint8Array;
  /** known[q*11 + r]: rank-r cards seen going into q's hand by a swap and not seen leaving it. */
  readonly known: Uint8Array;
  /** Killed (and cap-discarded) cards of this round by rank. */
  readonly discard = new Uint8Array(RANK_SLOTS);
  /** Game scores so far (earlier rounds were revealed and scored). */
  readonly totals: Int32Array;
  /** The seat that dealt the current round. */
  dealer = 0;
  /** Rounds finished so far (the 0-based index of the current round). */
  round = 0;
  /** The seat whose turn it is. */
  turn = 0;
  /** Turns taken so far in this round (the round is capped at 100 x P). */
  turnInRound = 0;
  /** What the game waits for (see `Phase`: a turn, the call of the wild 1, over). */
  phase: Phase = Phase.Turn;
  /** The seat calling the 1 (phase Call), else -1: everybody sees who declares. */
  caller = -1;
  /** True when this round hit the turn cap (its center was discarded in view of all). */
  roundCapped = false;
  /** True when any round of the game so far hit the turn cap. */
  capped = false;

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.handSize = intParam(variant, 'handSize');
    this.centerPerPlayer = intParam(variant, 'centerPerPlayer');
    this.rounds = intParam(variant, 'rounds');
    this.bidPenalty = stringParam(variant, 'bidPenalty') as BidPenalty;
    this.wildOne = boolParam(variant, 'wildOne');
    this.killAfterFirstLap = boolParam(variant, 'killAfterFirstLap');
    const p = this.players;
    this.bids = new Uint8Array(p * RANK_SLOTS);
    this.known = new Uint8Array(p * RANK_SLOTS);
    this.totals = new Int32Array(p);
  }
}

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: NineVirtuesState, seat: number, o: NineVirtuesObservation): NineVirtuesObservation {
  o.seat = seat;
  copyRow(o.hand, s.hands, seat * RANK_SLOTS);
  o.center.set(s.center);
  o.centerCount = s.centerCount;
  o.bids.set(s.bids);
  o.known.set(s.known);
  o.discard.set(s.discard);
  o.totals.set(s.totals);
  o.dealer = s.dealer;
  o.round = s.round;
  o.turn = s.turn;
  o.turnInRound = s.turnInRound;
  o.phase = s.phase;
  o.caller = s.caller;
  o.roundCapped = s.roundCapped;
  o.capped = s.capped;
  return o;
}

/**
 * The rank-r cards seat `o.seat` cannot place (`nine-virtues.md`, "Hidden
 * information"): r (the copies in the PAIRS deck) less its hand, the center,
 * the discards, every bid row and the cards `known` in other hands; so the
 * other hands' unknown cards and the unused deck. Negative only for an
 * inconsistent observation (a bug; `determinize` throws on it).
 * @param r a rank, 1..10.
 */
export function unseenCount(o: NineVirtuesObservation, r: number): number {
  const P = o.players;
  const me = o.seat;
  let c = r - o.hand[r]! - o.center[r]! - o.discard[r]!;
  for (let q = 0; q < P; q++) c -= o.bids[q * RANK_SLOTS + r]! + (q === me ? 0 : o.known[q * RANK_SLOTS + r]!);
  return c;
}

/** Scratch buffer of `determinize` (it allocates nothing). */
const POOL = new Uint8Array(RANK_SLOTS);

/**
 * Fills `into` with a state consistent with `o`: each other hand keeps the
 * cards `o` knows it holds (and the 1 for a seat calling it) plus cards drawn
 * uniformly from the unseen ones up to `handSize`; the undealt deck takes the
 * rest. The statistics of `into` are cleared (bots never see them).
 * @throws RuleError when the observation is inconsistent (a bug).
 */
export function determinize(o: NineVirtuesObservation, rng: Rng, into: NineVirtuesState): NineVirtuesState {
  const P = o.players;
  const me = o.seat;
  const pool = POOL;
  let size = 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) {
    const c = unseenCount(o, r);
    if (c < 0) throw new RuleError(`nine-virtues: observation of seat ${me} over-counts rank ${r}`);
    pool[r] = c;
    size += c;
  }
  into.rng = rng;
  // A canonical deck order: later rounds of a simulation depend on (obs, rng) alone.
  fillPairsDeck(into.deck);
  into.hands.fill(0);
  into.hands.set(o.hand, me * RANK_SLOTS);
  const callerNeedsOne = o.phase === Phase.Call && o.caller !== me && o.known[o.caller * RANK_SLOTS + 1] === 0;
  if (callerNeedsOne) {
    if (pool[1] === 0) throw new RuleError(`nine-virtues: seat ${o.caller} calls a 1 that seat ${me} cannot place`);
    pool[1]!--;
    size--;
    into.hands[o.caller * RANK_SLOTS + 1] = 1;
  }
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    let held = q === o.caller && callerNeedsOne ? 1 : 0;
    for (let r = 1; r <= PAIRS_RANKS; r++) {
      const k = o.known[q * RANK_SLOTS + r]!;
      into.hands[q * RANK_SLOTS + r]! += k;
      held += k;
    }
    const draw = o.handSize - held;
    if (draw < 0 || draw > size) throw new RuleError(`nine-virtues: observation of seat ${me} cannot fill the hand of seat ${q}`);
    size = drawFromPool(pool, size, draw, rng, into.hands, q * RANK_SLOTS);
  }
  into.unused.set(pool);
  into.center.set(o.center);
  into.centerCount = o.centerCount;
  into.bids.set(o.bids);
  syncMasks(into);
  into.known.set(o.known);
  into.discard.set(o.discard);
  into.totals.set(o.totals);
  into.roundScores.fill(0);
  into.dealer = o.dealer;
  into.round = o.round;
  into.turn = o.turn;
  into.turnInRound = o.turnInRound;
  into.phase = o.phase;
  into.caller = o.caller;
  into.roundCapped = o.roundCapped;
  into.capped = o.capped;
  into.winners = NO_WINNERS;
  into.statBytes.fill(0);
  into.statCall.fill(-1);
  return into;
}
