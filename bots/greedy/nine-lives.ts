import type { Bot } from '../../src/core/index.js';
import { actions, cards, NineLivesObservation, Phase, trickWinner } from '../../src/games/nine-lives/index.js';

const { A_CROWN, A_PLAY, DECLARABLE } = actions;
const { FIRST_CROWN, NUM_CARDS, NUM_SUITS, numberOf, suitOf } = cards;

/** The weights of the Nine Lives heuristic. */
export interface NineLivesGreedyWeights {
  /**
   * Expected tricks from one hand card of number n (index n) that is neither
   * of the bid suit (ignored) nor a crown, at 4 players; scaled by 4/P.
   */
  readonly cardTricks: readonly number[];
  /** Expected tricks from one Black Cat crown, at 4 players. */
  readonly crownTricks: number;
  /**
   * When non-empty, replaces `cardTricks`: expected tricks from a hand card
   * (not of the bid suit, not a crown) by how many higher cards of its suit
   * are still unseen (index 0..8), at 4 players; scaled by 4/P.
   */
  readonly higherTricks: readonly number[];
  /** Expected tricks of any hand, before its cards (the Kittykeeper's default wins). */
  readonly baseTricks: number;
  /** Spread (in tricks) of the bid estimate: a bid n scores n * exp(-(E - n)^2 / (2 spread^2)). */
  readonly spread: number;
  /**
   * How likely leading a card of one's own bid suit keeps the trick, on the
   * number scale: it is ignored, but it makes the Kittykeeper's trump the
   * leading suit, and the Kittykeeper wins when nobody else plays a counted card of it.
   */
  readonly ownLead: number;
  /** The same with Black Cat (any crown can be declared that suit, so it is less safe). */
  readonly ownLeadBlackCat: number;
  /** What an own-bid-suit card is worth kept for winning, on the number scale (it never wins, but helps losing later). */
  readonly ownKeep: number;
  /** Once its own count is out of reach, play for the team sum. */
  readonly teamPlay: boolean;
}

/**
 * The weights of `greedy`, calibrated against random opponents by
 * `scripts/nine-lives-bench.ts` (see `src/games/nine-lives/README.md`).
 */
export const GREEDY_WEIGHTS: NineLivesGreedyWeights = {
  cardTricks: [0, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.3, 0.45, 0.65],
  crownTricks: 0.3,
  higherTricks: [],
  baseTricks: 0.3,
  spread: 0.9,
  ownLead: 10,
  ownLeadBlackCat: 3.5,
  ownKeep: 2.5,
  teamPlay: true,
};

// Scratch buffers (one decision at a time; nothing is allocated per decision).
const CARDS = new Int8Array(NUM_SUITS + 1);
const SUITS = new Int8Array(NUM_SUITS + 1);
const BIDSUITS = new Int8Array(NUM_SUITS + 1);
const UNSEEN = new Int32Array(NUM_SUITS);

/** The card of a play action. */
function cardOfPlay(a: number): number {
  return a < A_CROWN ? a - A_PLAY : FIRST_CROWN + (((a - A_CROWN) / DECLARABLE) | 0);
}

/** The suit a play action's card counts as. */
function suitOfPlay(a: number): number {
  return a < A_CROWN ? suitOf(a - A_PLAY) : (a - A_CROWN) % DECLARABLE;
}

/** Expected tricks of `o`'s hand without card `bid`, with `bid`'s suit as the bid suit. */
export function expectedTricks(o: NineLivesObservation, bid: number, w: NineLivesGreedyWeights = GREEDY_WEIGHTS): number {
  const x = suitOf(bid);
  const scale = 4 / o.players;
  const relative = w.higherTricks.length > 0;
  let e = w.baseTricks;
  let higher = 0;
  let suit = -1;
  // Cards ascend by suit then number: walk each suit from its 9 down, counting unseen higher cards.
  for (let c = NUM_CARDS - 1; c >= 0; c--) {
    if (suitOf(c) !== suit) {
      suit = suitOf(c);
      higher = 0;
    }
    if (o.hand[c] === 0 || c === bid) {
      if (o.inGame[c] === 1 && o.leftover[c] === 0 && o.hand[c] === 0) higher++;
      continue;
    }
    if (o.blackCat && c >= FIRST_CROWN) e += w.crownTricks * scale;
    else if (suitOf(c) !== x) e += (relative ? w.higherTricks[Math.min(higher, w.higherTricks.length - 1)]! : w.cardTricks[numberOf(c)]!) * scale;
  }
  return e;
}

/** The bid: the plain card whose number best matches the expected tricks of the rest of the hand, weighted by its lives. */
function chooseBid(o: NineLivesObservation, legal: Int32Array, n: number, w: NineLivesGreedyWeights): number {
  let best = legal[0]!;
  let bestScore = -1;
  const tricks = o.handSize - 1;
  for (let i = 0; i < n; i++) {
    const c = legal[i]!;
    const k = numberOf(c);
    if (k > tricks) continue;
    const d = expectedTricks(o, c, w) - k;
    const score = k * Math.exp(-(d * d) / (2 * w.spread * w.spread));
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** Cards of each suit that may still be played by another seat (not seen by `o`). */
function countUnseen(o: NineLivesObservation): void {
  UNSEEN.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    if (o.inGame[c] === 0 || o.hand[c] === 1 || o.played[c] === 1 || o.leftover[c] === 1) continue;
    let bid = false;
    for (let q = 0; q < o.players; q++) if (o.bids[q] === c) bid = true;
    if (!bid) UNSEEN[suitOf(c)]!++;
  }
}

/** How likely a led card is to keep the trick, on the number scale (higher: more likely). */
function leadStrength(o: NineLivesObservation, a: number, own: number, w: NineLivesGreedyWeights): number {
  const c = cardOfPlay(a);
  const x = suitOfPlay(a);
  if (x === own) return o.blackCat ? w.ownLeadBlackCat : w.ownLead;
  if (o.blackCat && c >= FIRST_CROWN) return 10 - numberOf(c);
  return numberOf(c);
}

/**
 * Whether `o`'s seat wants the current trick: while its own exact count can
 * still be made, when it still needs tricks; once that is out of reach (too
 * many or too few left), when its team (same bid suit, team rule on) still
 * needs tricks for the team sum ("A round", 4).
 */
function wantsTrick(o: NineLivesObservation, own: number, w: NineLivesGreedyWeights): boolean {
  const me = o.seat;
  const need = numberOf(o.bids[me]!) - o.tricksWon[me]!;
  if (need >= 0 && need <= o.tricksLeft) return need > 0;
  if (!o.teams || !w.teamPlay) return false;
  let members = 0;
  let teamNeed = 0;
  for (let q = 0; q < o.players; q++) {
    if (suitOf(o.bids[q]!) !== own) continue;
    members++;
    teamNeed += numberOf(o.bids[q]!) - o.tricksWon[q]!;
  }
  return members > 1 && members < o.players && teamNeed > 0 && teamNeed <= o.tricksLeft;
}

/**
 * The Nine Lives heuristic (`nine-lives.md`):
 * - bid the plain card whose number best matches the tricks the rest of the
 *   hand is expected to win (high cards outside the bid suit; cards of the bid
 *   suit are ignored, so they win nothing), preferring higher numbers;
 * - then play to win exactly that many: while tricks are still needed, win
 *   the trick when possible (cheaply when last to play, with the strongest
 *   card otherwise), else throw the least useful card; once the bid is made,
 *   duck with the highest card that does not take the trick, keeping the
 *   own-suit cards (always ignored) as the safest ducks for later. A crown's
 *   declared suit is whichever legal choice the evaluation of the trick
 *   prefers (the trick is re-resolved for each candidate action).
 */
export function nineLivesGreedy(w: NineLivesGreedyWeights = GREEDY_WEIGHTS): Bot {
  return {
    act(obsIn, legal, n) {
      const o = obsIn as NineLivesObservation;
      if (o.phase === Phase.Bid) return chooseBid(o, legal, n, w);
      const P = o.players;
      const me = o.seat;
      const own = suitOf(o.bids[me]!);
      const wantWin = wantsTrick(o, own, w);
      const len = o.trickLen;
      if (len === 0) {
        // Leading: the strongest card to win, the weakest to lose; a crown is declared
        // as the suit with the fewest unseen cards to win, the most to lose.
        countUnseen(o);
        let best = legal[0]!;
        let bestScore = -Infinity;
        for (let i = 0; i < n; i++) {
          const a = legal[i]!;
          let score = leadStrength(o, a, own, w);
          if (a >= A_CROWN) score += (wantWin ? -0.01 : 0.01) * UNSEEN[suitOfPlay(a)]!;
          if (!wantWin) score = -score;
          if (score > bestScore) {
            bestScore = score;
            best = a;
          }
        }
        return best;
      }
      for (let i = 0; i < len; i++) {
        CARDS[i] = o.trickCard[i]!;
        SUITS[i] = o.trickSuit[i]!;
        BIDSUITS[i] = suitOf(o.bids[(o.keeper + i) % P]!);
      }
      BIDSUITS[len] = own;
      const trump = suitOf(o.bids[o.keeper]!);
      const last = len === P - 1;
      let crownIn = false;
      if (o.blackCat) for (let i = 0; i < len; i++) if (CARDS[i]! >= FIRST_CROWN) crownIn = true;
      let best = legal[0]!;
      let bestScore = -Infinity;
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        const c = cardOfPlay(a);
        const x = suitOfPlay(a);
        CARDS[len] = c;
        SUITS[len] = x;
        const wins = trickWinner(len + 1, CARDS, SUITS, BIDSUITS, trump, o.blackCat) === len;
        const isCrown = o.blackCat && c >= FIRST_CROWN;
        const low = crownIn || isCrown;
        const num = numberOf(c);
        // How hard the card is to beat by later players (or, kept, how useful it is for winning later).
        const strength = (x === trump && x !== own ? 20 : 0) + (low ? 10 - num : num);
        const keepValue = x === own && !isCrown ? w.ownKeep : isCrown ? 5 : num;
        let score: number;
        if (wantWin) {
          if (wins) score = 100 + (last ? -strength : strength);
          else score = -keepValue;
        } else if (!wins) {
          // Duck: shed the most dangerous card, keep own-suit cards for later.
          score = 100 + (x === own && !isCrown ? 0 : isCrown ? 5 : num);
        } else score = -strength;
        if (score > bestScore) {
          bestScore = score;
          best = a;
        }
      }
      return best;
    },
  };
}
