/**
 * The observation tensor of Nine Virtues (`src/core/tensor.ts`; the fields,
 * in order, are tabled in this folder's README, "Observation tensor"). It is
 * written from a {@link NineVirtuesObservation} alone, seat-relative: a
 * per-seat field named `x[seat+k]` (or entry k of a per-seat field) is about
 * seat `(observer + k) % P`, so the observer's own entries come first and
 * absolute seats (dealer, turn, caller) become one-hot offsets from it.
 * Counts of rank r are divided by r (the PAIRS deck holds r cards of rank r),
 * so every entry is in [0, 1] but the scores, in [-1, 1].
 */
import { intParam, layoutCache, layoutSize, relativeSeat, writeOneHot, type ObservationTensor, type Variant } from '../../core/index.js';
import { PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import { type NineVirtuesObservation, unseenCount } from './observation.js';
import { Phase } from './state.js';

/**
 * Points per round that scale the game scores: a seat's total is divided by
 * `SCORE_PER_ROUND x rounds` and clipped to [-1, 1]. Measured over 300 games
 * of 4 greedy seats (4 rounds): totals reach 184, differences between two
 * seats 114, 99% of them within 53; so 100 at the default clips only the
 * rarest games.
 */
export const SCORE_PER_ROUND = 25;

/** The name of the field of seat `observer + k`: `name[seat]`, `name[seat+1]`, ... */
const seatField = (name: string, k: number): string => (k === 0 ? `${name}[seat]` : `${name}[seat+${k}]`);

/** The layout for P players and R rounds (see the README's table). */
function fields(P: number, R: number): [string, number][] {
  const perSeat = (name: string): [string, number][] => Array.from({ length: P }, (_, k) => [seatField(name, k), PAIRS_RANKS] as [string, number]);
  return [
    ['phase', 3],
    ['round', R],
    ['dealer', P],
    ['turn', P],
    ['caller', P],
    ['firstLap', 1],
    ['turnInRound', 1],
    ['hand', PAIRS_RANKS],
    ['center', PAIRS_RANKS],
    ['centerCount', 1],
    ['discard', PAIRS_RANKS],
    ['unseen', PAIRS_RANKS],
    ...perSeat('bids'),
    ...perSeat('known'),
    ['scores', P],
    ['roundCapped', 1],
    ['bidPenalty', 3],
    ['wildOne', 1],
    ['killAfterFirstLap', 1],
  ];
}

/** The layout of a resolved variant (cached per variant object). */
const layout = layoutCache((v) => fields(intParam(v, 'players'), intParam(v, 'rounds')));

/**
 * Writes ranks 1..10 of `counts[off + r]`, each divided by r (its copies in
 * the deck), into `into[at, at + 10)`.
 * @returns at + 10.
 */
function byRank(into: Float32Array, at: number, counts: Uint8Array, off: number): number {
  for (let r = 1; r <= PAIRS_RANKS; r++) into[at + r - 1] = counts[off + r]! / r;
  return at + PAIRS_RANKS;
}

/** x clipped to [-1, 1] (the scores here, the points in `features.ts`). */
export const clip = (x: number): number => (x > 1 ? 1 : x < -1 ? -1 : x);

/**
 * Writes the tensor of `o` into `into[0, size)`, every entry, in layout
 * order (`nine-virtues.md`, "Hidden information": nothing the observation
 * does not hold). Allocates nothing.
 */
function write(o: NineVirtuesObservation, _v: Variant, into: Float32Array): void {
  const P = o.players;
  const me = o.seat;
  let at = writeOneHot(into, 0, 3, o.phase);
  at = writeOneHot(into, at, o.rounds, o.round);
  at = writeOneHot(into, at, P, relativeSeat(o.dealer, me, P));
  at = writeOneHot(into, at, P, o.phase === Phase.Turn ? relativeSeat(o.turn, me, P) : -1);
  at = writeOneHot(into, at, P, o.phase === Phase.Call ? relativeSeat(o.caller, me, P) : -1);
  // "A round", 3: no kill during the round's first P turns.
  into[at++] = o.phase === Phase.Turn && o.killAfterFirstLap && o.turnInRound < P ? 1 : 0;
  into[at++] = Math.min(o.turnInRound / (100 * P), 1);
  at = byRank(into, at, o.hand, 0);
  at = byRank(into, at, o.center, 0);
  into[at++] = Math.min(o.centerCount / (o.centerPerPlayer * P), 1);
  at = byRank(into, at, o.discard, 0);
  // Unseen: the cards of rank r in no place the observer sees (other hands beyond `known`, the unused deck).
  for (let r = 1; r <= PAIRS_RANKS; r++) into[at++] = unseenCount(o, r) / r;
  for (let k = 0, q = me; k < P; k++, q = q + 1 === P ? 0 : q + 1) at = byRank(into, at, o.bids, q * RANK_SLOTS);
  for (let k = 0, q = me; k < P; k++, q = q + 1 === P ? 0 : q + 1) at = byRank(into, at, o.known, q * RANK_SLOTS);
  const scale = SCORE_PER_ROUND * o.rounds;
  const own = o.totals[me]!;
  into[at++] = clip(own / scale);
  for (let k = 1, q = me + 1 === P ? 0 : me + 1; k < P; k++, q = q + 1 === P ? 0 : q + 1) into[at++] = clip((o.totals[q]! - own) / scale);
  into[at++] = o.roundCapped ? 1 : 0;
  at = writeOneHot(into, at, 3, o.bidPenalty === 'zero' ? 0 : o.bidPenalty === 'face' ? 1 : 2);
  into[at++] = o.wildOne ? 1 : 0;
  into[at++] = o.killAfterFirstLap ? 1 : 0;
}

/**
 * Nine Virtues' observation tensor: `24 P + R + 52` entries for P players
 * and R rounds, 152 at the default variant (4 players, 4 rounds); the fields
 * are in {@link fields} and the README. Seat-relative, every entry in [-1, 1].
 */
export const nineVirtuesTensor: ObservationTensor<NineVirtuesObservation> = {
  layout,
  size: (v) => layoutSize(layout(v)),
  write,
};
