import type { Bot, BotParam } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import {
  actions,
  C_DECL_SUIT,
  cards,
  type NineLivesObservation,
  Phase,
  POWER_KEYS,
  PW_CHOICE,
  PW_LEAD,
  PW_RANK,
  RANK_LOW,
  trickWinner,
} from '../../src/games/nine-lives/index.js';
import { isOn, onOffSwitch, parseNameSet, setSwitch } from './switches.js';

const { A_CARD, A_CROWN, A_GOPLAY, A_NUM, A_PLAY, A_SEAT, A_SLOT, A_SPEND, A_SUIT, DECLARABLE } = actions;
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
  /**
   * What a Black Cat crown is worth kept for winning, on the number scale;
   * the same value makes it the card shed first when ducking.
   */
  readonly crownKeep: number;
  /**
   * Leading a crown (Black Cat): per unseen card of the declared suit, how
   * much the lead's strength falls when the trick is wanted (rises when not),
   * so a winning lead is declared in the suit others can least follow. The
   * default only breaks ties (9 unseen cards make 0.09, under one number).
   */
  readonly leadUnseen: number;
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
  crownKeep: 5,
  leadUnseen: 0.01,
  teamPlay: true,
};

/**
 * The strategic elements the heuristic may use beyond bidding and following
 * (Black Cat's crowns, the Powers variant's powers): counterfactual switches
 * (`greedy:power=none`), see `switches.ts`. The team rule's element is the
 * weight `teamPlay`. A barred action is chosen only when every legal action is barred.
 */
export interface NineLivesSwitches {
  /** Per power index (`POWER_KEYS`), 1: the bot may spend a row card carrying that power ("Using a power"). */
  readonly power: Uint8Array;
  /** Whether the bot plays a Black Cat crown while a plain card is legal. */
  readonly crown: boolean;
}

/** Every element on: the heuristic as written. */
export const ALL_ELEMENTS: NineLivesSwitches = { power: new Uint8Array(POWER_KEYS.length).fill(1), crown: true };

/** Whether action `a` plays a Black Cat crown (its card chosen, not drawn by a random play). */
function playsCrown(a: number): boolean {
  return a >= A_CROWN && a < A_SPEND;
}

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
export function nineLivesGreedy(
  w: NineLivesGreedyWeights = GREEDY_WEIGHTS,
  pw: NineLivesPowersWeights = POWERS_WEIGHTS,
  sw: NineLivesSwitches = ALL_ELEMENTS,
): Bot<NineLivesObservation> {
  const crownOn = sw.crown;
  return {
    act(o, legal, n) {
      if (o.phase === Phase.Bid) return chooseBid(o, legal, n, w);
      if (o.powers) return actPowers(o, legal, n, w, pw, sw);
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
        let bestBarred = true;
        for (let i = 0; i < n; i++) {
          const a = legal[i]!;
          const barred = !crownOn && playsCrown(a);
          let score = leadStrength(o, a, own, w);
          if (a >= A_CROWN) score += (wantWin ? -w.leadUnseen : w.leadUnseen) * UNSEEN[suitOfPlay(a)]!;
          if (!wantWin) score = -score;
          if ((bestBarred && !barred) || (barred === bestBarred && score > bestScore)) {
            bestScore = score;
            best = a;
            bestBarred = barred;
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
      let bestBarred = true;
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        const barred = !crownOn && playsCrown(a);
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
        const keepValue = x === own && !isCrown ? w.ownKeep : isCrown ? w.crownKeep : num;
        let score: number;
        if (wantWin) {
          if (wins) score = 100 + (last ? -strength : strength);
          else score = -keepValue;
        } else if (!wins) {
          // Duck: shed the most dangerous card, keep own-suit cards for later.
          score = 100 + (x === own && !isCrown ? 0 : isCrown ? w.crownKeep : num);
        } else score = -strength;
        if ((bestBarred && !barred) || (barred === bestBarred && score > bestScore)) {
          bestScore = score;
          best = a;
          bestBarred = barred;
        }
      }
      return best;
    },
  };
}

/** The tunable numbers of the Powers heuristic (`nine-lives-powers.md`). */
export interface NineLivesPowersWeights {
  /**
   * Spend a powered row card that is not the bid when the row holds this many
   * tricks more than the bid's number (section 2.4: each spent card gives a
   * trick back); a large value never spends for this reason.
   */
  readonly overSpend: number;
  /**
   * Above 0: once `overSpend` is reached the bid card may be spent like any
   * other powered row card (the first one offered is spent); 0: never the bid card.
   */
  readonly spendBid: number;
  /** Bonus, on the number scale, for placing a powered card in the row (a power to use later) rather than a plain one. */
  readonly rowPowered: number;
}

/**
 * The weights of `greedy` with Powers, measured in self-play at 4 players
 * (2 seats each, 400 games): `overSpend` 1 against never spending wins 55.5%
 * (60.5% with Black Cat); `overSpend` 0 (spending at the bid) loses badly
 * (31%); spending the bid card too is no better (48%). `rowPowered` changes
 * nothing at 4 players (every card but the 9s carries a power there).
 */
export const POWERS_WEIGHTS: NineLivesPowersWeights = { overSpend: 1, spendBid: 0, rowPowered: 5 };

const C_DECL_NUM = 8;
const C_DN_TAKE = 3;
const C_ROW = 15;
const C_KEEPER = 16;
const C_STEAL_TAKE = 13;

/** Whether `o`'s seat wants tricks now (Powers): its bid's number above its row's tricks. */
function needsTricks(o: NineLivesObservation): boolean {
  const b = o.bids[o.seat]!;
  return b >= 0 && numberOf(b) > o.tricksWon[o.seat]!;
}

/** How strongly card c, counting as suit x, contends for the current trick (Powers; higher wins more often). */
function contention(o: NineLivesObservation, c: number, x: number): number {
  const lead = o.pw[PW_LEAD]!;
  const own = o.bids[o.seat]! >= 0 ? suitOf(o.bids[o.seat]!) : -1;
  const keeperBid = o.bids[o.keeper]!;
  const trump = keeperBid >= 0 ? suitOf(keeperBid) : -1;
  if (x === own) return 0; // ignored
  const low = o.pw[PW_RANK] === RANK_LOW || (o.blackCat && c >= FIRST_CROWN);
  const num = numberOf(c);
  const rank = low ? 10 - num : num;
  if (x === trump) return 20 + rank;
  if (lead < 0 || x === lead) return 10 + rank;
  return 0;
}

/**
 * The Powers heuristic: the base bid; a power only to shed tricks over the
 * bid (`overSpend`); plays that contend for the trick while tricks are
 * needed and duck otherwise; row picks that keep powered cards; other
 * choices by simple rules (keep the Kittykeeper role, give away low cards
 * when tricks are needed and high ones otherwise, declare to win or to be
 * ignored).
 */
function actPowers(
  o: NineLivesObservation,
  legal: Int32Array,
  n: number,
  w: NineLivesGreedyWeights,
  pw: NineLivesPowersWeights,
  sw: NineLivesSwitches,
): number {
  void w;
  const me = o.seat;
  const want = needsTricks(o);
  if (o.phase === Phase.Play) {
    const b = o.bids[me]!;
    const over = b >= 0 ? o.tricksWon[me]! - numberOf(b) : 0;
    if (over >= pw.overSpend) {
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        if (a < A_SPEND || a >= A_CARD || sw.power[o.powerOf[a - A_SPEND]!] !== 1) continue;
        if (a - A_SPEND !== b) return a;
        if (pw.spendBid > 0) return a;
      }
    }
  }
  const choice = o.phase === Phase.Choice ? o.pw[PW_CHOICE]! : 0;
  let best = legal[0]!;
  let bestScore = -Infinity;
  let bestBarred = true;
  for (let i = 0; i < n; i++) {
    const a = legal[i]!;
    const barred = (!sw.crown && playsCrown(a)) || (a >= A_SPEND && a < A_CARD && sw.power[o.powerOf[a - A_SPEND]!] !== 1);
    let score = 0;
    if (a < A_SPEND) {
      const c = cardOfPlay(a);
      const x = suitOfPlay(a);
      const k = contention(o, c, x);
      score = want ? k * 10 - numberOf(c) : -k * 10 + numberOf(c);
    } else if (a === A_GOPLAY) score = 0;
    else if (a >= A_SPEND && a < A_CARD)
      score = -1e6; // spends only as above
    else if (a >= A_CARD && a < A_SEAT) {
      const c = a - A_CARD;
      const num = numberOf(c);
      score = choice === C_DN_TAKE ? (want ? num : -num) : want ? -num : num; // take what helps; give the least useful
    } else if (a >= A_SEAT && a < A_SUIT) score = choice === C_KEEPER ? (a - A_SEAT === me ? 1 : 0) : -(a - A_SEAT);
    else if (a >= A_SUIT && a < A_NUM) {
      const x = a - A_SUIT;
      const own = o.bids[me]! >= 0 ? suitOf(o.bids[me]!) : -1;
      if (choice === C_DECL_SUIT) score = want ? (x === o.pw[PW_LEAD] ? 2 : x === own ? -2 : 0) : x === own ? 2 : 0;
      else score = -x;
    } else if (a >= A_NUM && a < A_GOPLAY) {
      const k = a - A_NUM + 1;
      const low = o.pw[PW_RANK] === RANK_LOW;
      score = choice === C_DECL_NUM ? (want !== low ? k : -k) : -k;
    } else if (a >= A_SLOT) {
      const i2 = a - A_SLOT;
      const c = o.slotCard[i2]!;
      if (choice === C_ROW) score = c < 0 ? 0 : (o.powerOf[c]! >= 0 ? pw.rowPowered : 0) + (9 - numberOf(c)) * 0.01;
      else if (choice === C_STEAL_TAKE) score = c < 0 ? 0 : numberOf(c);
      else score = -i2;
    }
    if ((bestBarred && !barred) || (barred === bestBarred && score > bestScore)) {
      bestScore = score;
      best = a;
      bestBarred = barred;
    }
  }
  return best;
}

/** A 0/1 switch of the heuristic (as an int parameter, so a trainer searches it like the others). */
function flag(key: string, def: number, doc: string): BotParam {
  return { key, kind: 'int', min: 0, max: 1, default: def, doc, tune: { min: 0, max: 1 } };
}

/**
 * `greedy` in Nine Lives: every weight as a parameter (`greedy:spread=1.2`),
 * defaults `GREEDY_WEIGHTS` and `POWERS_WEIGHTS` (the heuristic as shipped).
 * `card1`..`card9`, `crownTricks`, `baseTricks` and `spread` make the bid in
 * every variant; `ownLead` .. `teamPlay` only the base game's play (the
 * crown ones only with Black Cat); `overSpend`, `spendBid` and `rowPowered`
 * only the Powers variant's play. `higherTricks` (an alternative bid
 * estimate, off by default) is not a parameter.
 */
export const nineLivesHeuristic: GreedyHeuristic<NineLivesObservation> = {
  params: [
    ...Array.from(
      { length: 9 },
      (_, i): BotParam => ({
        key: `card${i + 1}`,
        kind: 'float',
        min: 0,
        max: 1,
        default: GREEDY_WEIGHTS.cardTricks[i + 1]!,
        doc: `expected tricks (at 4 players, scaled by 4/P) from a hand card numbered ${i + 1}, not of the bid suit nor a crown`,
        tune: { min: 0, max: 1 },
      }),
    ),
    {
      key: 'crownTricks',
      kind: 'float',
      min: 0,
      max: 1,
      default: GREEDY_WEIGHTS.crownTricks,
      doc: 'expected tricks (at 4 players, scaled by 4/P) from a Black Cat crown in hand',
      tune: { min: 0, max: 1 },
    },
    {
      key: 'baseTricks',
      kind: 'float',
      min: 0,
      max: 9,
      default: GREEDY_WEIGHTS.baseTricks,
      doc: "expected tricks of any hand before its cards (the Kittykeeper's default wins)",
      tune: { min: 0, max: 2 },
    },
    {
      key: 'spread',
      kind: 'float',
      min: 0.05,
      max: 10,
      default: GREEDY_WEIGHTS.spread,
      doc: 'spread (tricks) of the bid estimate E: bid n scores n * exp(-(E - n)^2 / (2 spread^2))',
      tune: { min: 0.3, max: 3, scale: 'log' },
    },
    {
      key: 'ownLead',
      kind: 'float',
      min: 0,
      max: 20,
      default: GREEDY_WEIGHTS.ownLead,
      doc: "strength, on the number scale, of leading a card of one's own (ignored) bid suit: the Kittykeeper's trump then leads",
      tune: { min: 0, max: 10 },
    },
    {
      key: 'ownLeadBlackCat',
      kind: 'float',
      min: 0,
      max: 20,
      default: GREEDY_WEIGHTS.ownLeadBlackCat,
      doc: 'the same with Black Cat (a crown may be declared that suit, so it is less safe)',
      tune: { min: 0, max: 10 },
    },
    {
      key: 'ownKeep',
      kind: 'float',
      min: 0,
      max: 20,
      default: GREEDY_WEIGHTS.ownKeep,
      doc: 'worth, on the number scale, of an own-bid-suit card kept for later (it never wins, but ducks safely)',
      tune: { min: 0, max: 10 },
    },
    {
      key: 'crownKeep',
      kind: 'float',
      min: 0,
      max: 20,
      default: GREEDY_WEIGHTS.crownKeep,
      doc: 'worth, on the number scale, of a Black Cat crown kept for winning later (and so how early it is shed when ducking)',
      tune: { min: 0, max: 10 },
    },
    {
      key: 'leadUnseen',
      kind: 'float',
      min: 0,
      max: 10,
      default: GREEDY_WEIGHTS.leadUnseen,
      doc: 'leading a crown: strength lost (to win) or gained (to lose) per unseen card of the declared suit',
      tune: { min: 0, max: 0.5 },
    },
    flag('teamPlay', GREEDY_WEIGHTS.teamPlay ? 1 : 0, '1: once its own count is out of reach, play for the team sum (team rule); 0: lose every trick'),
    {
      key: 'overSpend',
      kind: 'int',
      min: 0,
      max: 99,
      default: POWERS_WEIGHTS.overSpend,
      doc: 'Powers: spend a powered row card once this many tricks over the bid (each spent card gives a trick back)',
      tune: { min: 0, max: 4 },
    },
    flag('spendBid', POWERS_WEIGHTS.spendBid, 'Powers: 1 lets the bid card itself be spent when over the bid; 0 never'),
    {
      key: 'rowPowered',
      kind: 'float',
      min: -10,
      max: 10,
      default: POWERS_WEIGHTS.rowPowered,
      doc: 'Powers: bonus, on the number scale, for placing a powered card in the row rather than a plain one',
      tune: { min: -5, max: 5 },
    },
    setSwitch('power', "Powers: the powers the bot may use (spend a row card for): all, none, or power keys joined by '+' (power=new_trump+wildcard)"),
    onOffSwitch('crown', 'Black Cat: all, or none: never play a crown while a plain card is legal'),
  ],
  create: (p) =>
    nineLivesGreedy(
      {
        cardTricks: [0, ...Array.from({ length: 9 }, (_, i) => Number(p[`card${i + 1}`]))],
        crownTricks: Number(p.crownTricks),
        higherTricks: GREEDY_WEIGHTS.higherTricks,
        baseTricks: Number(p.baseTricks),
        spread: Number(p.spread),
        ownLead: Number(p.ownLead),
        ownLeadBlackCat: Number(p.ownLeadBlackCat),
        ownKeep: Number(p.ownKeep),
        crownKeep: Number(p.crownKeep),
        leadUnseen: Number(p.leadUnseen),
        teamPlay: Number(p.teamPlay) === 1,
      },
      { overSpend: Number(p.overSpend), spendBid: Number(p.spendBid), rowPowered: Number(p.rowPowered) },
      { power: parseNameSet('power', p.power, POWER_KEYS), crown: isOn(p.crown) },
    ),
};
