import { FIRST_CROWN, NUM_CARDS, NUM_SUITS, numberOf, parseCard, suitOf } from './cards.js';
import { PW_USER, refreshBid, resetPowersRound } from './powers.js';
import { powerIndex } from './powers-list.js';
import { isWild } from './rules.js';
import { type NineLivesState, Phase, ROUND_CAP, ROW_CAPACITY, W_BID, W_DISCARD, W_HAND, W_LEFTOVER, W_OUT, W_PLAYED, W_ROW } from './state.js';

/**
 * A position by record card strings (`'he7'`, `'cr2'`: suit code and number).
 * Hands, bids, rows, piles, leftovers and out cards are disjoint.
 */
export interface NineLivesPosition {
  /**
   * Each seat's hand, one list per seat, all of one length (unless
   * `loose`): the start of a trick (with `bids` or `rows`; at least one card
   * each) or of the bidding (without; at least two).
   */
  readonly hands: readonly (readonly string[])[];
  /** Without Powers: each seat's bid card, one per seat; given, the round is in play, else seats bid, from seat 0. */
  readonly bids?: readonly string[];
  /** With Powers: each seat's row, left to right (its bid the left-most card that is not a Black Cat crown); given, the round is in play. */
  readonly rows?: readonly (readonly string[])[];
  /** With Powers: the power key each card carries (`{ sp4: 'no_trump' }`); every other card carries none. Default: no card carries one. */
  readonly powers?: Readonly<Record<string, string>>;
  /** With Powers: this round's discard pile. */
  readonly discard?: readonly string[];
  /** The Kittykeeper (leads the trick). Default seat 0. */
  readonly keeper?: number;
  /** Cards out of the game (bid cards scored in earlier rounds). */
  readonly out?: readonly string[];
  /** This round's leftovers. Default: derived (see `placePosition`). */
  readonly leftover?: readonly string[];
  /** Without Powers: tricks each seat has won this round. Default 0 each (with Powers, the rows say it). */
  readonly tricksWon?: readonly number[];
  /** Each seat's lives. Default 0 each. */
  readonly lives?: readonly number[];
  /** Rounds finished (0..39). Default 0. */
  readonly round?: number;
  /**
   * Accept cards of suits this game does not use and hands of different
   * sizes: a shortcut for tests of one power, whose cards only carry it (a
   * 3-player test spends a club). `checkInvariants` rejects such a position.
   */
  readonly loose?: boolean;
}

/**
 * Puts an exact position into a dealt state `s`, for tests of the rulings:
 * the cards' places (`where`) from card lists, the Kittykeeper, tricks won,
 * lives and rounds, the phase and turn (the Kittykeeper to lead a new trick
 * when the bids are in, else seat 0 to bid), no trick under way and no void
 * shown; and every field the engine derives from them: hand and suit counts,
 * `bid`, the hand size dealt and the tricks left. With Powers it also resets
 * the round's Powers state (no power used, nothing known, no void shown),
 * gives the cards the powers of `powers` and builds the rows (bids and
 * tricks won from them: `refreshBid`).
 *
 * Every card of the game that the position does not list is placed so that
 * a position needs to list only the cards it uses:
 * - without Powers, the leftovers (when `leftover` is not given) are the
 *   N mod P unlisted cards of the highest ids, N the cards in the game (all
 *   but the out ones); the other unlisted cards were played to this round's
 *   earlier tricks, so the hand size dealt is the hand's length, plus the
 *   bid, plus one per earlier trick;
 * - with Powers, every unlisted card is set aside with the leftovers (the
 *   rules with Powers read the discard pile, and tests pin it and the spent
 *   pile; the leftovers nothing reads); the hand size dealt is the (longest)
 *   hand's length plus one.
 *
 * `checkInvariants` holds afterwards when the facts given agree with the
 * cards: the lives add up to the numbers of the out cards, the tricks won to
 * the earlier tricks, no card is unlisted during the bidding (there are no
 * earlier tricks yet), with Powers fewer than P, and `loose` is not set.
 * Tests of one ruling often leave these apart on purpose (lives with no
 * scored card), and the rules never check them against the cards. The
 * generator and the history (`hist*`) stay. After it, list the legal actions
 * afresh (`legalActions`) before applying one.
 * @throws Error when a card string is not a card (of this game, unless
 *   `loose`) or is listed twice, the hands are not one per seat (of one
 *   length, at least 1 with bids and 2 without, unless `loose`), the bids not
 *   one per seat or a bid is a Black Cat crown, Powers-only parts (`rows`,
 *   `powers`, `discard`) are given without Powers or `bids`/`tricksWon` with
 *   it, a power key is unknown or a 9 carries one, the unlisted cards cannot
 *   be whole earlier tricks (`leftover` given with the wrong count), a seat
 *   is out of range or the round past the cap.
 * @returns `s`.
 */
export function placePosition(s: NineLivesState, p: NineLivesPosition): NineLivesState {
  const P = s.players;
  const fail = (m: string): never => {
    throw new Error(`nine-lives position: ${m}`);
  };
  const perSeat = <T>(what: string, list: readonly T[] | undefined): readonly T[] | undefined => {
    if (list !== undefined && list.length !== P) fail(`${list.length} ${what} for ${P} seats`);
    return list;
  };
  const seat = (q: number, what: string): number => (Number.isInteger(q) && q >= 0 && q < P ? q : fail(`${what} ${q} is not a seat`));
  if (s.powers) {
    if (p.bids || p.tricksWon) fail('with Powers the bids and tricks won are in the rows');
  } else if (p.rows || p.powers || p.discard) fail('rows, powers and the discard pile are Powers only');
  const inPlay = p.bids !== undefined || p.rows !== undefined;
  perSeat('hands', p.hands);
  const k = Math.max(...p.hands.map((h) => h.length));
  if (!p.loose && (k < (inPlay ? 1 : 2) || p.hands.some((h) => h.length !== k))) fail(`hands of ${p.hands.map((h) => h.length).join(', ')} cards`);
  perSeat('bids', p.bids);
  perSeat('rows', p.rows);
  const round = p.round ?? 0;
  if (!Number.isInteger(round) || round < 0 || round >= ROUND_CAP) fail(`round ${round} outside 0..${ROUND_CAP - 1}`);
  const keeper = seat(p.keeper ?? 0, 'keeper');

  // Where every card is: the listed ones first, then the rest.
  const ofGame = (c: number): boolean => suitOf(c) < P || (s.blackCat && c >= FIRST_CROWN);
  const listed = new Uint8Array(NUM_CARDS);
  const card = (name: string): number => {
    let c = -1;
    try {
      c = parseCard(name);
    } catch (e) {
      fail((e as Error).message);
    }
    return ofGame(c) || p.loose ? c : fail(`${name} is not a card of this game`);
  };
  const place = (name: string, w: number): number => {
    const c = card(name);
    if (listed[c] === 1) fail(`${name} is listed twice`);
    listed[c] = 1;
    s.where[c] = w;
    return c;
  };
  s.where.fill(W_OUT);
  s.handCount.fill(0);
  s.suitCount.fill(0);
  p.hands.forEach((h, q) => {
    for (const name of h) {
      const c = place(name, W_HAND + q);
      s.handCount[q]!++;
      if (!isWild(s.blackCat, c)) s.suitCount[q * NUM_SUITS + suitOf(c)]!++;
    }
  });
  s.bid.fill(-1);
  p.bids?.forEach((name, q) => {
    const c = place(name, W_BID);
    if (isWild(s.blackCat, c)) fail(`seat ${q} bids ${name}, a Black Cat crown`);
    s.bid[q] = c;
  });
  for (const name of p.out ?? []) place(name, W_OUT);
  for (const name of p.leftover ?? []) place(name, W_LEFTOVER);
  for (const name of p.discard ?? []) place(name, W_DISCARD);
  s.tricksWon.fill(0);
  if (!s.powers) s.tricksWon.set(perSeat('tricksWon', p.tricksWon) ?? []);
  else {
    resetPowersRound(s);
    p.rows?.forEach((row, q) => {
      row.forEach((name, i) => (s.rowCards[q * ROW_CAPACITY + i] = place(name, W_ROW + q)));
      s.rowLen[q] = row.length;
      refreshBid(s, q);
    });
    s.powerOf.fill(-1);
    for (const [name, key] of Object.entries(p.powers ?? {})) {
      const c = card(name);
      if (numberOf(c) === 9) fail(`${name} is a 9: it carries no power`);
      s.powerOf[c] = powerIndex(key);
    }
  }
  // The cards of the game listed nowhere, ascending; N, the cards in the game (all but the out ones).
  const rest: number[] = [];
  let inGame = 0;
  for (let c = 0; c < NUM_CARDS; c++) {
    if (!ofGame(c)) continue;
    if (listed[c] === 0) rest.push(c);
    if (listed[c] === 0 || s.where[c] !== W_OUT) inGame++;
  }
  const leftovers = s.powers ? rest.length : p.leftover ? 0 : inGame % P;
  rest.forEach((c, i) => (s.where[c] = i >= rest.length - leftovers ? W_LEFTOVER : W_PLAYED));
  const played = rest.length - leftovers;
  let handSize = inPlay ? k + 1 : k;
  if (inPlay && !s.powers) {
    if (played % P !== 0) fail(`${played} cards unlisted: not whole tricks of ${P} (the ${inGame} cards in the game leave ${inGame % P} leftovers)`);
    handSize += played / P;
  }
  s.handSize = handSize;
  s.tricksLeft = inPlay ? k : k - 1;
  s.lives.fill(0);
  s.lives.set(perSeat('lives', p.lives) ?? []);
  s.gains.fill(0);
  s.voids.fill(0);
  s.trickLen = 0;
  s.trickCard.fill(-1);
  s.trickSuit.fill(-1);
  s.keeper = keeper;
  s.phase = inPlay ? Phase.Play : Phase.Bid;
  s.turn = inPlay ? keeper : 0;
  if (s.powers && inPlay) s.pw[PW_USER] = keeper;
  s.round = round;
  s.capped = false;
  s.winners = [];
  return s;
}
