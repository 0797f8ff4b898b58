/**
 * The observation tensor of Captain's Orders (`src/core/tensor.ts`; the
 * fields, in order, are tabled in this folder's README, "Observation
 * tensor"). It is written from a {@link CaptainsOrdersObservation} alone,
 * seat-relative: a per-seat field named `x[seat+k]` (or entry k of a
 * per-seat field) is about seat `(observer + k) % P`, so the observer's own
 * entries come first and absolute seats (dealer, turn, Order owner, ...)
 * become one-hot offsets from it. Counts of rank r are divided by r (the
 * PAIRS deck holds r cards of rank r); every entry is in [0, 1].
 */
import { intParam, layoutCache, layoutSize, relativeSeat, writeOneHot, type ObservationTensor, type Variant } from '../../core/index.js';
import { PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import type { CaptainsOrdersObservation } from './observation.js';
import { ROUND_CAP } from './rules.js';
import { LastKind, Phase } from './state.js';

/** Largest `handSize` (variant range), which scales the constant `handSize` input. */
const MAX_HAND_SIZE = 11;
/** Largest `winsToWin` (variant range), which scales the constant `winsToWin` input. */
const MAX_WINS_TO_WIN = 20;

/** The name of the field of seat `observer + k`: `name[seat]`, `name[seat+1]`, ... */
const seatField = (name: string, k: number): string => (k === 0 ? `${name}[seat]` : `${name}[seat+${k}]`);

/** The layout for P players (see the README's table). */
function fields(P: number): [string, number][] {
  const others = Array.from({ length: P - 1 }, (_, k) => [seatField('known', k + 1), PAIRS_RANKS] as [string, number]);
  return [
    ['phase', 5],
    ['dealer', P],
    ['turn', P],
    ['pending', P],
    ['runout', P],
    ['order', PAIRS_RANKS],
    ['orderOwner', P],
    ['hand', PAIRS_RANKS],
    ['discardUp', PAIRS_RANKS],
    ['ownDown', PAIRS_RANKS],
    ['unseen', PAIRS_RANKS],
    ['handCount', P],
    ['downCount', P],
    ...others,
    ['roundWins', P],
    ['lastRank', PAIRS_RANKS],
    ['lastTo', P],
    ['lastKind', 5],
    ['round', 1],
    ['winsToWin', 1],
    ['handSize', 1],
  ];
}

/** The layout of a resolved variant (cached per variant object). */
const layout = layoutCache((v) => fields(intParam(v, 'players')));

/**
 * Writes ranks 1..10 of `counts[off + r]`, each divided by r (its copies in
 * the deck), into `into[at, at + 10)`.
 * @returns at + 10.
 */
function byRank(into: Float32Array, at: number, counts: Uint8Array, off: number): number {
  for (let r = 1; r <= PAIRS_RANKS; r++) into[at + r - 1] = counts[off + r]! / r;
  return at + PAIRS_RANKS;
}

/**
 * Writes `counts[q]` of every seat q, observer first, each divided by
 * `scale` and clipped to 1, into `into[at, at + P)`.
 * @returns at + P.
 */
function perSeat(into: Float32Array, at: number, counts: Uint8Array, me: number, scale: number): number {
  const P = counts.length;
  for (let k = 0, q = me; k < P; k++, q = q + 1 === P ? 0 : q + 1) into[at + k] = Math.min(counts[q]! / scale, 1);
  return at + P;
}

/**
 * Writes the tensor of `o` into `into[0, size)`, every entry, in layout
 * order (`captains-orders.md`, "Hidden information": nothing the
 * observation does not hold). Allocates nothing.
 */
function write(o: CaptainsOrdersObservation, _v: Variant, into: Float32Array): void {
  const P = o.players;
  const me = o.seat;
  const over = o.phase === Phase.Over;
  const declare = o.phase === Phase.Declare;
  let at = writeOneHot(into, 0, 5, o.phase);
  at = writeOneHot(into, at, P, relativeSeat(o.dealer, me, P));
  at = writeOneHot(into, at, P, over ? -1 : relativeSeat(o.turn, me, P));
  at = writeOneHot(into, at, P, relativeSeat(o.pending, me, P));
  at = writeOneHot(into, at, P, relativeSeat(o.runout, me, P));
  at = writeOneHot(into, at, PAIRS_RANKS, o.orderRank - 1);
  at = writeOneHot(into, at, P, o.orderRank === 0 ? -1 : relativeSeat(o.orderOwner, me, P));
  at = byRank(into, at, o.hand, 0);
  at = byRank(into, at, o.discardUp, 0);
  at = byRank(into, at, o.ownDown, 0);
  // Unseen: the cards of rank r the observer cannot place (determinize's pool): other hands beyond `known`,
  // other seats' face-down discards, the unused deck.
  const inTransit = declare && o.lastKind !== LastKind.Order && o.lastKind !== LastKind.Belay ? o.lastRank : 0;
  for (let r = 1; r <= PAIRS_RANKS; r++) {
    let c = r - o.hand[r]! - o.discardUp[r]! - o.ownDown[r]! - (o.orderRank === r ? 1 : 0) - (inTransit === r ? 1 : 0);
    for (let q = 0; q < P; q++) if (q !== me) c -= o.known[q * RANK_SLOTS + r]!;
    into[at++] = c / r;
  }
  at = perSeat(into, at, o.handCount, me, 2 * o.handSize);
  at = perSeat(into, at, o.downCount, me, o.handSize);
  for (let k = 1, q = me + 1 === P ? 0 : me + 1; k < P; k++, q = q + 1 === P ? 0 : q + 1) at = byRank(into, at, o.known, q * RANK_SLOTS);
  at = perSeat(into, at, o.roundWins, me, o.winsToWin);
  at = writeOneHot(into, at, PAIRS_RANKS, declare ? o.lastRank - 1 : -1);
  at = writeOneHot(into, at, P, declare ? relativeSeat(o.lastTo, me, P) : -1);
  at = writeOneHot(into, at, 5, declare ? o.lastKind : -1);
  into[at++] = Math.min(o.round / ROUND_CAP, 1);
  into[at++] = o.winsToWin / MAX_WINS_TO_WIN;
  into[at++] = o.handSize / MAX_HAND_SIZE;
}

/**
 * Captain's Orders' observation tensor: `19 P + 63` entries for P players,
 * 158 at the default variant (5 players); the fields are in {@link fields}
 * and the README. Seat-relative, every entry in [0, 1].
 */
export const captainsOrdersTensor: ObservationTensor<CaptainsOrdersObservation> = {
  layout,
  size: (v) => layoutSize(layout(v)),
  write,
};
