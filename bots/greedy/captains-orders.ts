import type { Bot } from '../../src/core/index.js';
import { actions, type CaptainsOrdersObservation, Phase } from '../../src/games/captains-orders/index.js';

const { A_DECLARE_YES, belayId, discardId, discoverId, followId, giveId, orderId } = actions;

/**
 * Rank-r cards that may be in another seat's hand, as far as `o` can tell:
 * everything not in its own hand, not face up, not its own face-down discard.
 */
function possiblyElsewhere(o: CaptainsOrdersObservation, r: number): number {
  return r - o.hand[r]! - o.discardUp[r]! - o.ownDown[r]! - (o.orderRank === r ? 1 : 0);
}

function lowest(o: CaptainsOrdersObservation): number {
  for (let r = 1; r <= 10; r++) if (o.hand[r]! > 0) return r;
  return 0;
}

/** True when no other hand can hold a card below rank r. */
function nothingBelowElsewhere(o: CaptainsOrdersObservation, r: number): boolean {
  for (let x = 1; x < r; x++) if (possiblyElsewhere(o, x) > 0) return false;
  return true;
}

function has(legal: Int32Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}

/**
 * A seat that `o` knows for certain is a Captain while `o` is not: it holds a
 * card (known from a pass, a follow or a give) of rank k below every card of
 * `o`, and no card below k can be in any hand. Returns -1 when none.
 */
function certainCaptain(o: CaptainsOrdersObservation): number {
  const mine = lowest(o);
  for (let q = 0; q < o.players; q++) {
    if (q === o.seat) continue;
    for (let k = 1; k <= 10; k++) {
      if (o.known[q * 11 + k] === 0) continue;
      if (k < mine && nothingBelowElsewhere(o, k)) return q;
      break;
    }
  }
  return -1;
}

/**
 * The Captain's Orders heuristic (`captains-orders.md`):
 * - always declare after a run-out (a wrong declaration costs nothing more
 *   than not declaring: "Ending a round", Run-out);
 * - discover a seat known for certain to be a Captain while not being one;
 * - otherwise play for points as a Mutineer: order or belay with the lowest
 *   card (others must then follow with cards at least as high, which come to
 *   the owner), follow with the lowest card allowed, give and discard the
 *   lowest card. Shedding low cards first also means a last card is usually
 *   low enough for the run-out declaration to be right.
 */
export function captainsOrdersGreedy(): Bot {
  return {
    act(obsIn, legal, n) {
      const o = obsIn as CaptainsOrdersObservation;
      if (has(legal, n, A_DECLARE_YES)) return A_DECLARE_YES;
      const low = lowest(o);
      if (o.phase === Phase.Discard) return discardId(low);
      if (o.phase === Phase.Give) return giveId(low);
      const target = certainCaptain(o);
      if (target >= 0 && has(legal, n, discoverId(target))) return discoverId(target);
      if (o.orderRank === 0) return orderId(low);
      if (low < o.orderRank) return belayId(low);
      for (let r = o.orderRank; r <= 10; r++) if (has(legal, n, followId(r))) return followId(r);
      return legal[0]!;
    },
  };
}
