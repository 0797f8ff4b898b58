import type { Bot } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { actions, type CaptainsOrdersObservation, Phase } from '../../src/games/captains-orders/index.js';
import { isOn, onOffSwitch } from './switches.js';

const { A_DECLARE_NO, A_DECLARE_YES, A_DISCOVER, A_FOLLOW, belayId, discardId, discoverId, followId, giveId, orderId, passId } = actions;

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

/** How many cards below rank r may be in another hand (or the unused deck), as far as `o` can tell. */
function unseenBelow(o: CaptainsOrdersObservation, r: number): number {
  let n = 0;
  for (let x = 1; x < r; x++) n += possiblyElsewhere(o, x);
  return n;
}

function has(legal: Int32Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}

/**
 * A seat that `o` takes for a Captain while not being one: it holds a card
 * (known from a pass, a follow or a give) of rank k below every card of `o`,
 * and at most `doubt` cards below k may be in another hand or the unused
 * deck; with 0 it is a Captain for certain. Among such seats, the one with
 * the fewest such cards (the first in seat order among equals). Returns -1
 * when none.
 */
function likelyCaptain(o: CaptainsOrdersObservation, doubt: number): number {
  const mine = lowest(o);
  let best = -1;
  let bestBelow = doubt + 1;
  for (let q = 0; q < o.players; q++) {
    if (q === o.seat) continue;
    for (let k = 1; k <= 10; k++) {
      if (o.known[q * 11 + k] === 0) continue;
      if (k < mine) {
        const below = unseenBelow(o, k);
        if (below < bestBelow) {
          best = q;
          bestBelow = below;
        }
      }
      break;
    }
  }
  return best;
}

/** The parameters of the Captain's Orders heuristic (`greedy:discoverDoubt=1`). */
export interface CaptainsOrdersGreedyParams {
  /**
   * Discover a seat whose lowest known card is below every card of the bot
   * when at most this many cards below that one are unseen (in another hand
   * or the unused deck); 0: only a Captain known for certain.
   */
  readonly discoverDoubt: number;
}

/** The parameters of `greedy`: discover only a certain Captain. */
export const GREEDY_PARAMS: CaptainsOrdersGreedyParams = { discoverDoubt: 0 };

/**
 * The strategic elements of a turn the heuristic may use ("A round", 3-4, and
 * "Ending a round", Run-out): counterfactual switches (`greedy:order=none`),
 * see `switches.ts`. A switched-off element is used only when no other
 * legal action is left.
 */
export interface CaptainsOrdersSwitches {
  /** Whether the bot plays an Order; off: with no Order standing it passes its lowest card to the next seat. */
  readonly order: boolean;
  /** Whether the bot belays; off: it follows when it can, else discovers. */
  readonly belay: boolean;
  /** Whether the bot discovers. */
  readonly discover: boolean;
  /** Whether the bot declares itself the Captain after a run-out. */
  readonly declare: boolean;
}

/** Every element on: the heuristic as written. */
export const ALL_ELEMENTS: CaptainsOrdersSwitches = { order: true, belay: true, discover: true, declare: true };

/**
 * The Captain's Orders heuristic (`captains-orders.md`):
 * - always declare after a run-out (a wrong declaration costs nothing more
 *   than not declaring: "Ending a round", Run-out);
 * - discover a seat known for certain to be a Captain while not being one
 *   (with `discoverDoubt` > 0, also one that is likely a Captain: its lowest
 *   known card is below the bot's and few unseen cards are below that);
 * - otherwise play for points as a Mutineer: order or belay with the lowest
 *   card (others must then follow with cards at least as high, which come to
 *   the owner), follow with the lowest card allowed, give and discard the
 *   lowest card. Shedding low cards first also means a last card is usually
 *   low enough for the run-out declaration to be right.
 * @param s the elements it may use; {@link ALL_ELEMENTS} (every one) by default.
 */
export function captainsOrdersGreedy(p: CaptainsOrdersGreedyParams = GREEDY_PARAMS, s: CaptainsOrdersSwitches = ALL_ELEMENTS): Bot<CaptainsOrdersObservation> {
  const { discoverDoubt } = p;
  const { order, belay, discover, declare } = s;
  return {
    act(o, legal, n) {
      if (has(legal, n, A_DECLARE_YES)) return declare || !has(legal, n, A_DECLARE_NO) ? A_DECLARE_YES : A_DECLARE_NO;
      const low = lowest(o);
      if (o.phase === Phase.Discard) return discardId(low);
      if (o.phase === Phase.Give) return giveId(low);
      const target = discover ? likelyCaptain(o, discoverDoubt) : -1;
      if (target >= 0 && has(legal, n, discoverId(target))) return discoverId(target);
      if (o.orderRank === 0) {
        if (order) return orderId(low);
        const pass = passId(low, (o.seat + 1) % o.players);
        return has(legal, n, pass) ? pass : orderId(low);
      }
      if (low < o.orderRank && belay) return belayId(low);
      for (let r = o.orderRank; r <= 10; r++) if (has(legal, n, followId(r))) return followId(r);
      if (low < o.orderRank) {
        // Belaying is off and nothing follows: the rules leave only a discovery (the likeliest Captain), unless that is off too.
        if (!discover) return belayId(low);
        const q = likelyCaptain(o, Number.MAX_SAFE_INTEGER);
        if (q >= 0 && has(legal, n, discoverId(q))) return discoverId(q);
        for (let i = 0; i < n; i++) if (legal[i]! >= A_DISCOVER && legal[i]! < A_FOLLOW) return legal[i]!;
        return belayId(low);
      }
      return legal[0]!;
    },
  };
}

/**
 * `greedy` in Captain's Orders (`greedy:discoverDoubt=3`), defaults
 * {@link GREEDY_PARAMS}; at most 45, every card below rank 10. Its other
 * choices have no threshold to tune: a declaration after a run-out costs
 * nothing when wrong, and shedding the lowest card (to order, belay,
 * follow, give or discard) keeps the most points and the least chance of
 * being the Captain. A discovery is the one gamble: a right one wins the
 * round, a wrong one forfeits it. The default (certain Captains only) is
 * timid: against four default greedy bots (`npm run match`, 4 000 games,
 * seed 3) discoverDoubt=3 wins 51.6% of its seat-games against the
 * default's 20.0%, 10 wins 86.9% and 20 wins 94.0%; hence the whole range
 * is tuned.
 */
export const captainsOrdersHeuristic: GreedyHeuristic<CaptainsOrdersObservation> = {
  params: [
    {
      key: 'discoverDoubt',
      kind: 'int',
      min: 0,
      max: 45,
      default: GREEDY_PARAMS.discoverDoubt,
      doc: "discover a seat whose lowest known card is below all the bot's cards when at most this many unseen cards (another hand or the unused deck) rank below it; 0 = only a certain Captain",
      tune: { min: 0, max: 45 },
    },
    onOffSwitch('order', 'all, or none: never play an Order; with none standing, pass the lowest card to the next seat instead'),
    onOffSwitch('belay', 'all, or none: never belay; follow when possible, else discover the likeliest Captain'),
    onOffSwitch('discover', 'all, or none: never discover (accuse) a Captain'),
    onOffSwitch('declare', 'all, or none: never declare itself the Captain after a run-out'),
  ],
  create: (p) =>
    captainsOrdersGreedy(
      { discoverDoubt: Number(p.discoverDoubt) },
      { order: isOn(p.order), belay: isOn(p.belay), discover: isOn(p.discover), declare: isOn(p.declare) },
    ),
};
