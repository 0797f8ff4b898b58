import { NO_WINNERS, RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { A_CROWN, A_PLAY, DECLARABLE, NUM_ACTIONS } from './actions.js';
import { cardName, FIRST_CROWN, NUM_CARDS, NUM_SUITS, numberOf, suitOf } from './cards.js';
import { encodeAction } from './codec.js';
import { type NineLivesState, Phase, ROUND_CAP, W_BID, W_DECK, W_HAND, W_LEFTOVER, W_OUT, W_PLAYED } from './state.js';
import { powersApply, powersApplyLegal, powersGains, powersLegal, powersMap, resetPowersRound, ROUND_END } from './powers.js';
import { dealPowers } from './powers-list.js';
import { placeBid } from './bid.js';

/** True when card `c` is a wildcard crown (Black Cat only; with 9 players crowns are plain). */
export const isWild = (blackCat: boolean, c: number): boolean => blackCat && c >= FIRST_CROWN;

/** The seat that decides now (-1 once the game is over). */
export function currentSeat(s: NineLivesState): number {
  return s.phase === Phase.Over ? -1 : s.turn;
}

/**
 * Writes the legal actions ascending into `into`; returns the count.
 * Bidding: any plain hand card ("A round", 2; a crown is never a bid).
 * Playing: any hand card when leading; else a plain card of the leading suit
 * or a crown declared as it when the seat holds a plain card of the leading
 * suit, any card otherwise ("A round", 3; "Black Cat variant").
 */
export function legalActions(s: NineLivesState, into: Int32Array): number {
  if (s.powers) return powersLegal(s, into);
  if (s.phase === Phase.Over) return 0;
  const t = s.turn;
  const mine = W_HAND + t;
  const where = s.where;
  let n = 0;
  if (s.phase === Phase.Bid) {
    const end = s.blackCat ? FIRST_CROWN : NUM_CARDS;
    for (let c = 0; c < end; c++) if (where[c] === mine) into[n++] = c;
    return n;
  }
  const lead = s.trickLen > 0 ? s.trickSuit[0]! : -1;
  const follow = lead >= 0 && s.suitCount[t * NUM_SUITS + lead]! > 0;
  const plainEnd = s.blackCat ? FIRST_CROWN : NUM_CARDS;
  if (follow) {
    for (let c = lead * 9; c < lead * 9 + 9; c++) if (where[c] === mine) into[n++] = A_PLAY + c;
  } else {
    for (let c = 0; c < plainEnd; c++) if (where[c] === mine) into[n++] = A_PLAY + c;
  }
  if (s.blackCat) {
    for (let c = FIRST_CROWN; c < NUM_CARDS; c++) {
      if (where[c] !== mine) continue;
      const base = A_CROWN + (c - FIRST_CROWN) * DECLARABLE;
      if (follow) into[n++] = base + lead;
      else for (let d = 0; d < s.players; d++) into[n++] = base + d;
    }
  }
  return n;
}

/** Starts a new game: every card of the game's suits in, no lives, seat 0 is the first Kittykeeper ("A round", 5). */
export function deal(s: NineLivesState, rng: Rng): void {
  s.rng = rng;
  s.where.fill(W_OUT);
  for (let x = 0; x < s.players; x++) s.where.fill(W_DECK, x * 9, x * 9 + 9);
  if (s.blackCat) s.where.fill(W_DECK, FIRST_CROWN, NUM_CARDS);
  s.lives.fill(0);
  s.gains.fill(0);
  s.histBid.fill(-1);
  s.histTricks.fill(0);
  s.histGain.fill(0);
  s.histHand.fill(0);
  s.round = 0;
  s.keeper = 0;
  s.capped = false;
  s.winners = NO_WINNERS;
  // Powers, section 1: the power deal draws from the game's generator before the first deal.
  if (s.powers) dealPowers(s.powerOf, s.where, s.powersOff, s.uniformDeal, s.rng);
  s.pwUses.fill(0);
  s.pwAvail.fill(0);
  startRound(s);
}

/** True when every hand of the shuffled `deck` (hands of `h` cards) holds a plain card. */
function everyHandPlain(deck: Uint8Array, players: number, h: number): boolean {
  for (let q = 0; q < players; q++) {
    let ok = false;
    for (let i = q * h; i < q * h + h && !ok; i++) ok = deck[i]! < FIRST_CROWN;
    if (!ok) return false;
  }
  return true;
}

/**
 * "A round", 1: shuffles the cards still in the game and deals floor(N/P) to
 * each seat, the rest being the revealed leftover; with Black Cat, a deal that
 * leaves a hand only crowns is shuffled and dealt again. Exported for tests.
 * @throws RuleError when fewer than 2P cards are in the game (the game should have ended).
 */
export function startRound(s: NineLivesState): void {
  const P = s.players;
  const where = s.where;
  const deck = s.deck;
  let N = 0;
  for (let c = 0; c < NUM_CARDS; c++) if (where[c] !== W_OUT) deck[N++] = c;
  const h = (N / P) | 0;
  if (h < 2) throw new RuleError(`nine-lives: ${N} cards cannot be dealt to ${P} seats`);
  do shuffleInPlace(deck, s.rng, N);
  while (s.blackCat && !everyHandPlain(deck, P, h));
  s.suitCount.fill(0);
  for (let q = 0; q < P; q++) {
    for (let i = q * h; i < q * h + h; i++) {
      const c = deck[i]!;
      where[c] = W_HAND + q;
      if (!isWild(s.blackCat, c)) s.suitCount[q * NUM_SUITS + suitOf(c)]!++;
    }
  }
  for (let i = P * h; i < N; i++) where[deck[i]!] = W_LEFTOVER;
  s.handCount.fill(h);
  s.handSize = h;
  s.bid.fill(-1);
  s.tricksWon.fill(0);
  s.voids.fill(0);
  s.trickCard.fill(-1);
  s.trickSuit.fill(-1);
  s.trickLen = 0;
  s.tricksLeft = h - 1;
  s.phase = Phase.Bid;
  s.turn = 0;
  if (s.powers) resetPowersRound(s);
  if (s.recorder) {
    const hands: string[][] = [];
    for (let q = 0; q < P; q++) hands.push(cardsWhere(s, W_HAND + q));
    const deal: Record<string, unknown> = { hands, leftover: cardsWhere(s, W_LEFTOVER), keeper: s.keeper };
    if (s.powers && s.round === 0) deal.powers = powersMap(s);
    s.recorder.startRound({ deal });
  }
}

/** The record strings of the cards at `w`, ascending by id (recording only). */
function cardsWhere(s: NineLivesState, w: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < NUM_CARDS; c++) if (s.where[c] === w) out.push(cardName(c));
  return out;
}

/** Scratch of `resolve`: the bid suit of the player of each trick position. */
const BID_SUITS = new Int8Array(NUM_SUITS);

/**
 * The winner of a complete trick ("A round", 3, Winner; "Black Cat variant").
 * @param len cards in the trick (P).
 * @param cards the card ids in playing order, index 0 led by the Kittykeeper.
 * @param suits the suit each card counts as (a crown's declared suit).
 * @param bidSuits the bid suit of each card's player (its cards of that suit are ignored).
 * @param trump the suit of the Kittykeeper's bid.
 * @param blackCat whether crown ids are wildcards (any crown played makes the lowest number win).
 * @returns the winning index in playing order; 0 (the Kittykeeper) when no card
 *   that is not ignored is trump or of the leading suit.
 */
export function trickWinner(
  len: number,
  cards: ArrayLike<number>,
  suits: ArrayLike<number>,
  bidSuits: ArrayLike<number>,
  trump: number,
  blackCat: boolean,
): number {
  let low = false;
  if (blackCat) for (let i = 0; i < len; i++) if (cards[i]! >= FIRST_CROWN) low = true;
  const lead = suits[0]!;
  let best = -1;
  let bestTrump = false;
  let bestNum = 0;
  for (let i = 0; i < len; i++) {
    const x = suits[i]!;
    if (x === bidSuits[i]) continue;
    const isTrump = x === trump;
    if (!isTrump && x !== lead) continue;
    const num = numberOf(cards[i]!);
    // Strict comparisons: on equal numbers the card played first keeps the trick.
    if (best < 0 || (isTrump && !bestTrump) || (isTrump === bestTrump && (low ? num < bestNum : num > bestNum))) {
      best = i;
      bestTrump = isTrump;
      bestNum = num;
    }
  }
  return best < 0 ? 0 : best;
}

/**
 * `Game.applyLegal`: with Powers, `apply` without listing the legal plays
 * again to check `a` (about a fifth of a random Powers game's time); the
 * base game's checks are a few comparisons, so it is `apply`.
 */
export function applyLegal(s: NineLivesState, a: number): void {
  if (s.powers) powersApplyLegal(s, a);
  else apply(s, a);
}

/**
 * Applies a legal action of the current seat, then any automatic step (trick
 * resolution, round scoring, the next deal, the end of the game).
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: NineLivesState, a: number): void {
  if (s.powers) {
    powersApply(s, a);
    return;
  }
  const t = s.turn;
  const mine = W_HAND + t;
  if (s.phase === Phase.Bid) {
    if (a < 0 || a >= A_PLAY || s.where[a] !== mine || isWild(s.blackCat, a)) illegal(s, a);
    s.recorder?.action(encodeAction(s, a));
    placeBid(s, a);
    return;
  }
  if (s.phase !== Phase.Play) illegal(s, a);
  let c: number;
  let x: number;
  if (a >= A_PLAY && a < A_CROWN) {
    c = a - A_PLAY;
    if (isWild(s.blackCat, c)) illegal(s, a);
    x = suitOf(c);
  } else if (a >= A_CROWN && a < NUM_ACTIONS && s.blackCat) {
    c = FIRST_CROWN + (((a - A_CROWN) / DECLARABLE) | 0);
    x = (a - A_CROWN) % DECLARABLE;
    if (x >= s.players) illegal(s, a);
  } else {
    illegal(s, a);
    return;
  }
  if (s.where[c] !== mine) illegal(s, a);
  if (s.trickLen > 0) {
    const lead = s.trickSuit[0]!;
    if (x !== lead) {
      if (s.suitCount[t * NUM_SUITS + lead]! > 0) illegal(s, a);
      s.voids[t * NUM_SUITS + lead] = 1;
    }
  }
  s.recorder?.action(encodeAction(s, a));
  s.where[c] = W_PLAYED;
  s.handCount[t]!--;
  if (!isWild(s.blackCat, c)) s.suitCount[t * NUM_SUITS + suitOf(c)]!--;
  s.trickCard[s.trickLen] = c;
  s.trickSuit[s.trickLen] = x;
  if (++s.trickLen < s.players) {
    s.turn = (t + 1) % s.players;
    return;
  }
  endTrick(s);
}

function illegal(s: NineLivesState, a: number): never {
  throw new RuleError(`nine-lives: action ${a} is not legal for seat ${s.turn} in phase ${s.phase}`);
}

/** "A round", 3: the winner takes the trick and becomes the Kittykeeper; after the last trick the round is scored. */
function endTrick(s: NineLivesState): void {
  const P = s.players;
  for (let i = 0; i < P; i++) BID_SUITS[i] = suitOf(s.bid[(s.keeper + i) % P]!);
  const w = trickWinner(P, s.trickCard, s.trickSuit, BID_SUITS, suitOf(s.bid[s.keeper]!), s.blackCat);
  const winner = (s.keeper + w) % P;
  s.tricksWon[winner]!++;
  s.keeper = winner;
  s.turn = winner;
  s.trickLen = 0;
  s.trickCard.fill(-1);
  s.trickSuit.fill(-1);
  if (--s.tricksLeft === 0) scoreRound(s);
}

/**
 * Marks in `gains` the lives each seat scores this round ("A round", 4): its
 * bid number when it won exactly that many tricks, or when its team (the seats
 * whose bids share its suit, unless every seat is in one team, and only with
 * `teams`) won exactly the team's summed bid numbers.
 */
export function scoreGains(s: NineLivesState): void {
  const P = s.players;
  let oneTeam = true;
  const suit0 = suitOf(s.bid[0]!);
  for (let q = 1; q < P; q++) if (suitOf(s.bid[q]!) !== suit0) oneTeam = false;
  for (let q = 0; q < P; q++) {
    const b = numberOf(s.bid[q]!);
    let scored = s.tricksWon[q] === b;
    if (!scored && s.teams && !oneTeam) {
      const x = suitOf(s.bid[q]!);
      let bids = 0;
      let tricks = 0;
      let members = 0;
      for (let m = 0; m < P; m++) {
        if (suitOf(s.bid[m]!) !== x) continue;
        members++;
        bids += numberOf(s.bid[m]!);
        tricks += s.tricksWon[m]!;
      }
      scored = members > 1 && bids === tricks;
    }
    s.gains[q] = scored ? b : 0;
  }
}

/** Scores the round, then ends the game or deals the next round ("A round", 4; "The game"). */
function scoreRound(s: NineLivesState): void {
  const P = s.players;
  if (s.powers) powersGains(s);
  else scoreGains(s);
  const r = s.round;
  s.histHand[r] = s.handSize;
  let most = 0;
  for (let q = 0; q < P; q++) {
    s.histBid[r * P + q] = s.bid[q]!;
    s.histTricks[r * P + q] = s.tricksWon[q]!;
    s.histGain[r * P + q] = s.gains[q]!;
    if (s.gains[q]! > 0) {
      s.where[s.bid[q]!] = W_OUT;
      s.lives[q]! += s.gains[q]!;
    }
    if (s.lives[q]! > most) most = s.lives[q]!;
  }
  s.round++;
  let inGame = 0;
  let plain = 0;
  for (let c = 0; c < NUM_CARDS; c++) {
    if (s.where[c] === W_OUT) continue;
    inGame++;
    if (!isWild(s.blackCat, c)) plain++;
  }
  // Checked in the rule file's order: lives, cards left to deal, the round cap.
  let over = true;
  let capped = false;
  if (most >= s.livesToWin) over = true;
  else if (inGame < 2 * P) over = true;
  else if (s.blackCat && plain < P)
    over = true; // README ruling: no deal can give every seat a plain card.
  else if (s.round >= ROUND_CAP) capped = true;
  else over = false;
  if (s.recorder) s.recorder.endRound(Array.from(s.gains), capped);
  if (!over) {
    startRound(s);
    return;
  }
  s.phase = Phase.Over;
  s.turn = -1;
  s.capped = capped;
  const w: number[] = [];
  for (let q = 0; q < P; q++) if (s.lives[q] === most) w.push(q);
  s.winners = w;
}

ROUND_END.fn = scoreRound;

/** Where a card is, for readers outside this module (tests, statistics). */
export { W_BID, W_DECK, W_HAND, W_LEFTOVER, W_OUT, W_PLAYED };

/** An upper bound on decisions in a game: a round takes one decision per dealt card, at most 81, for at most 40 rounds. */
export function maxDecisions(players: number, blackCat: boolean, powers = false): number {
  // Powers (section 8): at most h + 1 tricks of at most 2P plays, each play at most 4 decisions, and at most
  // 81 powers a round, each with at most 2P + 4 decisions of its own (a carousel: two cards a seat).
  if (powers) return ROUND_CAP * (players + 28 * 2 * players * 4 + 81 * (2 * players + 4) + 28 * (2 * players + 4));
  return ROUND_CAP * (players * 9 + (blackCat ? 9 : 0));
}
