import type { Bot } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { decodeDiscard, isSplittable, NINES_SLOTS, SUITS, TOP_RANK } from '../../src/cards/nines.js';
import { actions, type MultiplesOfNineObservation } from '../../src/games/multiples-of-nine/index.js';
import { isOn, onOffSwitch } from './switches.js';

const { A_DISCARD, A_GO_OUT, A_STAY, discardList, listFor } = actions;

/**
 * Cards the bot holds before it discards anything. Holding never lowers the
 * chance of going out later (if the kept part plus future draws splits, so
 * does the whole hand, the discard being splittable), but larger hands make
 * every turn slower to enumerate; 15 measured best for strength per second
 * (2 players vs random: 80% at 12, 84% at 15, 87% at 18 at half the speed).
 */
export const HOLD_LIMIT = 15;

/** The parameters of the Multiples of Nine heuristic (`greedy:holdLimit=12`). */
export interface MultiplesOfNineGreedyParams {
  /** Stay (discard nothing) while the hand holds at most this many cards. */
  readonly holdLimit: number;
  /**
   * Above `holdLimit`, the discards keeping at most this many cards are
   * scored by the chance of going out on the next draw; when none gets that
   * low, the one keeping the fewest cards.
   */
  readonly keepLimit: number;
}

/** The parameters of `greedy`: both limits {@link HOLD_LIMIT}. */
export const GREEDY_PARAMS: MultiplesOfNineGreedyParams = { holdLimit: HOLD_LIMIT, keepLimit: HOLD_LIMIT };

/** Scratch: the hand kept after a candidate discard, and the discard. */
const KEEP = new Uint8Array(NINES_SLOTS);
const DISCARD = new Uint8Array(NINES_SLOTS);
/** Cards this seat has not seen, by value. */
const UNSEEN = new Uint8Array(NINES_SLOTS);

/**
 * The unseen cards whose draw lets hand `keep` (value total `sum`) go out:
 * those of the values v with keep + v splittable. keep + v totals a multiple
 * of 9 only for the one or two values v ≡ -sum (mod 9), so at most two
 * splittability checks. A count, not the chance (count / unseen): V8 boxes
 * a double returned from a call it does not inline, 16 bytes for each
 * discard weighed (6.7 KB an iteration of ismcts with greedy playouts).
 */
function goOutDraws(keep: Uint8Array, sum: number): number {
  let hits = 0;
  for (let v = (9 - (sum % 9)) % 9 || 9; v <= TOP_RANK; v += 9) {
    if (UNSEEN[v] === 0 || keep[v] === SUITS) continue;
    keep[v]!++;
    if (isSplittable(keep)) hits += UNSEEN[v]!;
    keep[v]!--;
  }
  return hits;
}

/**
 * The Multiples of Nine heuristic (`multiples-of-nine.md`, and the seed's note
 * that holding cards until the whole hand goes out is stronger): go out
 * whenever possible; otherwise stay while the hand holds at most `holdLimit`
 * cards; above it, simplify: make the discard that keeps at most `keepLimit`
 * cards with the best chance of going out on the next draw (cards not in its
 * hand nor face up count as unseen), keeping as many cards as possible among
 * equals; when no discard gets that low, the one keeping the fewest cards.
 * @param p the limits; {@link GREEDY_PARAMS} (both {@link HOLD_LIMIT}) by default.
 * @param discard whether it makes early discards, of part of the hand ("Play", 3; a counterfactual
 *   switch, see `switches.ts`); false: it stays until the whole hand goes out.
 */
export function multiplesOfNineGreedy(p: MultiplesOfNineGreedyParams = GREEDY_PARAMS, discard = true): Bot<MultiplesOfNineObservation> {
  const { holdLimit, keepLimit } = p;
  return {
    act(o, legal, n) {
      for (let i = 0; i < n; i++) if (legal[i] === A_GO_OUT) return A_GO_OUT;
      // Staying is always legal ("A player is never obliged to discard").
      if (!discard) return A_STAY;
      let handCards = 0;
      let unseenTotal = 0;
      for (let v = 1; v <= TOP_RANK; v++) {
        handCards += o.hand[v]!;
        UNSEEN[v] = SUITS - o.hand[v]! - o.pile[v]!;
        unseenTotal += UNSEEN[v]!;
      }
      if (handCards <= holdLimit) return A_STAY;
      // Score: the go-out chance for a kept hand within keepLimit, else -1/size (fewer cards kept is better).
      let best = A_STAY;
      let bestScore = -1 / handCards;
      let bestKeep = handCards;
      const count = listFor(o.hand, 0, o.nineAloneOnlyToGoOut);
      const list = discardList();
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        if (a < A_DISCARD || a - A_DISCARD >= count) continue;
        decodeDiscard(list[a - A_DISCARD]!, DISCARD);
        let sum = 0;
        let cards = 0;
        for (let v = 1; v <= TOP_RANK; v++) {
          const k = o.hand[v]! - DISCARD[v]!;
          KEEP[v] = k;
          sum += v * k;
          cards += k;
        }
        // The chance that the next draw lets the kept hand go out.
        const score = cards <= keepLimit ? (unseenTotal === 0 ? 0 : goOutDraws(KEEP, sum) / unseenTotal) : -1 / cards;
        if (score > bestScore + 1e-12 || (score > bestScore - 1e-12 && cards > bestKeep)) {
          best = a;
          bestScore = score;
          bestKeep = cards;
        }
      }
      return best;
    },
  };
}

/**
 * `greedy` in Multiples of Nine: the two limits as parameters
 * (`greedy:holdLimit=12,keepLimit=9`), defaults {@link GREEDY_PARAMS}. Both
 * count cards in hand; a hand holds at most 52. The tuning ranges span the
 * limits measured by hand (12 to 18) and a discard down to a small hand.
 */
export const multiplesOfNineHeuristic: GreedyHeuristic<MultiplesOfNineObservation> = {
  params: [
    {
      key: 'holdLimit',
      kind: 'int',
      min: 1,
      max: 52,
      default: GREEDY_PARAMS.holdLimit,
      doc: 'stay (discard nothing) while the hand holds at most this many cards; larger hands go out more often but list slower',
      tune: { min: 6, max: 24 },
    },
    {
      key: 'keepLimit',
      kind: 'int',
      min: 1,
      max: 52,
      default: GREEDY_PARAMS.keepLimit,
      doc: 'above holdLimit, discard to keep at most this many cards, the discard with the best chance of going out on the next draw',
      tune: { min: 4, max: 24 },
    },
    onOffSwitch('discard', 'all, or none: no early discards, of part of the hand: stay until the whole hand goes out'),
  ],
  create: (p) => multiplesOfNineGreedy({ holdLimit: Number(p.holdLimit), keepLimit: Number(p.keepLimit) }, isOn(p.discard)),
};
