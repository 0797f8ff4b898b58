/**
 * The observation tensor of Multiples of Nine (`src/core/tensor.ts`; the
 * fields, in order, are tabled in this folder's README, "Observation
 * tensor"). It is written from a {@link MultiplesOfNineObservation} alone,
 * seat-relative: a per-seat field named `x[seat+k]` (or entry k of a
 * per-seat field) is about seat `(observer + k) % P`, so the observer's own
 * entries come first and absolute seats (turn, winner) become one-hot
 * offsets from it. Counts of a value are divided by 4 (its copies in the
 * deck); every entry is in [0, 1]. The per-action features are in
 * `features.ts`.
 */
import { intParam, layoutCache, layoutSize, relativeSeat, writeOneHot, type ObservationTensor, type Variant } from '../../core/index.js';
import { DECK_SIZE, isSplittable, NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import type { MultiplesOfNineObservation } from './observation.js';
import { Phase, TURNS_PER_SEAT_CAP } from './state.js';

/**
 * Cards that scale a hand's size: `handCount / HAND_SCALE`, clipped to 1.
 * Half the deck: 300 games of two greedy seats held at most 24 cards, of
 * two random seats 15.
 */
export const HAND_SCALE = 26;

/** The name of the field of seat `observer + k`: `name[seat]`, `name[seat+1]`, ... */
const seatField = (name: string, k: number): string => (k === 0 ? `${name}[seat]` : `${name}[seat+${k}]`);

/** The layout for P players (see the README's table). */
function fields(P: number): [string, number][] {
  const discarded = Array.from({ length: P }, (_, k) => [seatField('discarded', k), TOP_RANK] as [string, number]);
  return [
    ['phase', 3],
    ['turn', P],
    ['winner', P],
    ['started', P],
    ['hand', TOP_RANK],
    ['handMod9', 9],
    ['canGoOut', 1],
    ['outs', TOP_RANK],
    ['pile', TOP_RANK],
    ['unseen', TOP_RANK],
    ['handCount', P],
    ...discarded,
    ['stockCount', 1],
    ['pileCount', 1],
    ['turns', 1],
    ['capped', 1],
    ['nineAloneOnlyToGoOut', 1],
  ];
}

/** The layout of a resolved variant (cached per variant object). */
const layout = layoutCache((v) => fields(intParam(v, 'players')));

/** Scratch of {@link writeOuts}: the hand with one more card. */
const PLUS_ONE = new Uint8Array(NINES_SLOTS);

/**
 * The outs of a hand (`multiples-of-nine.md`, "Groups and legal discards":
 * going out needs the whole hand to split into groups): entry v - 1 of
 * `into[at, at + 13)` is the value-v cards the observer of `o` has not seen
 * (`4 - o.hand[v] - o.pile[v]`: in other hands or the stock) divided by 4
 * when `counts[1..13]` plus one card of value v splits into groups, else 0.
 * Its sum over v, times 4, counts the unseen cards whose draw would let the
 * hand go out. Only the values v with `(total + v) % 9 == 0` can (at most
 * two), so it asks the nines solver at most twice. Allocates nothing.
 * @returns at + 13.
 */
export function writeOuts(into: Float32Array, at: number, counts: Uint8Array, o: MultiplesOfNineObservation): number {
  let total = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    PLUS_ONE[v] = counts[v]!;
    total += v * counts[v]!;
  }
  for (let v = 1; v <= TOP_RANK; v++) {
    let x = 0;
    if ((total + v) % 9 === 0 && counts[v]! < SUITS) {
      PLUS_ONE[v]!++;
      if (isSplittable(PLUS_ONE)) x = (SUITS - o.hand[v]! - o.pile[v]!) / SUITS;
      PLUS_ONE[v]!--;
    }
    into[at + v - 1] = x;
  }
  return at + TOP_RANK;
}

/**
 * Writes the tensor of `o` into `into[0, size)`, every entry, in layout
 * order (`multiples-of-nine.md`, "Hidden information": nothing the
 * observation does not hold). Allocates nothing.
 */
function write(o: MultiplesOfNineObservation, _v: Variant, into: Float32Array): void {
  const P = o.players;
  const me = o.seat;
  let at = writeOneHot(into, 0, 3, o.phase);
  at = writeOneHot(into, at, P, o.phase === Phase.Over ? -1 : relativeSeat(o.turn, me, P));
  at = writeOneHot(into, at, P, relativeSeat(o.winner, me, P));
  for (let k = 0, q = me; k < P; k++, q = q + 1 === P ? 0 : q + 1) into[at++] = o.started[q]!;
  let total = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    into[at++] = o.hand[v]! / SUITS;
    total += v * o.hand[v]!;
  }
  at = writeOneHot(into, at, 9, total % 9);
  into[at++] = isSplittable(o.hand) ? 1 : 0;
  at = writeOuts(into, at, o.hand, o);
  for (let v = 1; v <= TOP_RANK; v++) into[at++] = o.pile[v]! / SUITS;
  for (let v = 1; v <= TOP_RANK; v++) into[at++] = (SUITS - o.hand[v]! - o.pile[v]!) / SUITS;
  for (let k = 0, q = me; k < P; k++, q = q + 1 === P ? 0 : q + 1) into[at++] = Math.min(o.handCount[q]! / HAND_SCALE, 1);
  // Cumulative over reshuffles, so unbounded but by the game's length: d / (d + 4), 0.5 at one deck's worth.
  for (let k = 0, q = me; k < P; k++, q = q + 1 === P ? 0 : q + 1) {
    for (let v = 1; v <= TOP_RANK; v++) {
      const d = o.discarded[q * NINES_SLOTS + v]!;
      into[at++] = d / (d + SUITS);
    }
  }
  into[at++] = o.stockCount / DECK_SIZE;
  into[at++] = o.pileCount / DECK_SIZE;
  into[at++] = Math.min(o.turns / (TURNS_PER_SEAT_CAP * P), 1);
  into[at++] = o.capped ? 1 : 0;
  into[at++] = o.nineAloneOnlyToGoOut ? 1 : 0;
}

/**
 * Multiples of Nine's observation tensor: `17 P + 70` entries for P
 * players, 104 at the default variant (2 players); the fields are in
 * {@link fields} and the README. Seat-relative, every entry in [0, 1].
 */
export const multiplesOfNineTensor: ObservationTensor<MultiplesOfNineObservation> = {
  layout,
  size: (v) => layoutSize(layout(v)),
  write,
};
