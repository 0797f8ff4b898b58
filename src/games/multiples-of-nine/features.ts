/**
 * The per-action features of Multiples of Nine (`src/core/tensor.ts`,
 * `ActionFeatures`; tabled in this folder's README, "Observation tensor"):
 * the action ids are 65 536 (a discard is an index into its hand's list of
 * legal discards), too many for one network output each, so a network scores
 * every legal action from `[observation tensor, these features]` (DouZero's
 * design). An action is described by what it does: its kind, the cards it
 * discards by value, its size, and the outs of the hand it keeps. A function
 * of the deciding seat's observation and the action alone.
 */
import { layoutSize, type ActionFeatures, type TensorField, tensorLayout, type Variant } from '../../core/index.js';
import { decodeDiscard, NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { A_DISCARD, A_GO_OUT, A_STAY, handDiscard, handMeta } from './actions.js';
import type { MultiplesOfNineObservation } from './observation.js';
import { HAND_SCALE, writeOuts } from './tensor.js';

/** The layout, the same at every variant (see the README's table). */
const LAYOUT: TensorField[] = tensorLayout([
  ['kind', 3],
  ['cards', TOP_RANK],
  ['size', 1],
  ['kept', 1],
  ['keptOuts', TOP_RANK],
]);

/** Scratch: the cards the action discards, then the hand it keeps, by value. */
const DISCARD = new Uint8Array(NINES_SLOTS);
const KEPT = new Uint8Array(NINES_SLOTS);

/**
 * Writes the features of `action` (a legal action of the observer of `o`,
 * the seat to act) into `into[offset, offset + 31)`:
 * `kind` (one-hot: stay, go out, another discard), `cards` (value-v cards
 * discarded / 4), `size` (cards discarded / cards in hand), `kept` (cards
 * kept / 26, clipped), `keptOuts` (the outs of the kept hand, as the
 * tensor's `outs`; all 0 after going out, which wins). Allocates nothing
 * (the hand's discard list is the rules' memo, `actions.ts`).
 * @throws RangeError when `action` is not a listed discard of the hand.
 */
function write(o: MultiplesOfNineObservation, _v: Variant, action: number, into: Float32Array, offset: number): void {
  let held = 0;
  for (let v = 1; v <= TOP_RANK; v++) held += o.hand[v]!;
  if (action === A_STAY) DISCARD.fill(0);
  else if (action === A_GO_OUT) DISCARD.set(o.hand);
  else {
    const i = action - A_DISCARD;
    if (!(i >= 0 && i < handMeta(o.hand, 0, o.nineAloneOnlyToGoOut) >>> 1))
      throw new RangeError(`multiples-of-nine: action ${action} is not a listed discard of the hand`);
    decodeDiscard(handDiscard(i), DISCARD);
  }
  let at = offset;
  into[at++] = action === A_STAY ? 1 : 0;
  into[at++] = action === A_GO_OUT ? 1 : 0;
  into[at++] = action >= A_DISCARD ? 1 : 0;
  let n = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    const d = DISCARD[v]!;
    into[at++] = d / SUITS;
    KEPT[v] = o.hand[v]! - d;
    n += d;
  }
  into[at++] = held === 0 ? 0 : n / held;
  into[at++] = Math.min((held - n) / HAND_SCALE, 1);
  if (action === A_GO_OUT) into.fill(0, at, at + TOP_RANK);
  else writeOuts(into, at, KEPT, o);
}

/** Multiples of Nine's action features: 31 entries at every variant. */
export const multiplesOfNineFeatures: ActionFeatures<MultiplesOfNineObservation> = {
  layout: () => LAYOUT,
  size: () => layoutSize(LAYOUT),
  write,
};
