import { RuleError } from '../../core/index.js';
import { FIRST_CROWN, NUM_CARDS, NUM_SUITS, numberOf, suitOf } from './cards.js';
import { isWild } from './rules.js';
import {
  type NineLivesState,
  Phase,
  ROUND_CAP,
  ROW_CAPACITY,
  W_BID,
  W_DECK,
  W_DISCARD,
  W_DOWN,
  W_GIVING,
  W_HAND,
  W_LEFTOVER,
  W_OUT,
  W_PLAYED,
  W_PROMISE,
  W_ROW,
  W_SPENT,
} from './state.js';
import { C_NONE, PW_CHOICE, PW_USED, refreshBid } from './powers.js';

// Scratch counts (the fuzzer calls this after every action).
const HAND = new Int32Array(NUM_SUITS);
const SUITS = new Int32Array(NUM_SUITS * NUM_SUITS);

/**
 * Nine Lives invariants: every card of the game's suits is in exactly one
 * place and no other card is in the game; the cards out of the game are
 * exactly the scored bids (their numbers add up to the lives); hand and suit
 * counts match the cards; while a round runs, every dealt card is in a hand,
 * a bid, a trick or the leftovers, the tricks won add up to the tricks played
 * and each hand holds what its tricks leave; rounds stay within the cap; a
 * finished game's winners have the most lives.
 * @throws RuleError naming the first broken invariant.
 */
export function checkInvariants(s: NineLivesState): void {
  if (s.powers) {
    checkPowersInvariants(s);
    return;
  }
  const P = s.players;
  const fail = (m: string): never => {
    throw new RuleError(`nine-lives: ${m}`);
  };
  HAND.fill(0);
  SUITS.fill(0);
  let inGame = 0;
  let left = 0;
  let played = 0;
  let bids = 0;
  let scored = 0;
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = s.where[c]!;
    const ofGame = suitOf(c) < P || (s.blackCat && c >= FIRST_CROWN);
    if (w === W_OUT) {
      if (ofGame) scored += numberOf(c);
      continue;
    }
    if (!ofGame) fail(`card ${c} is not of this game's suits`);
    inGame++;
    if (w >= W_HAND) {
      const q = w - W_HAND;
      if (q >= P) fail(`card ${c} is in the hand of seat ${q}`);
      HAND[q]!++;
      if (!isWild(s.blackCat, c)) SUITS[q * NUM_SUITS + suitOf(c)]!++;
    } else if (w === W_PLAYED) played++;
    else if (w === W_BID) bids++;
    else if (w === W_LEFTOVER) left++;
    else if (w === W_DECK) fail(`card ${c} is undealt during a round`);
  }
  let lives = 0;
  for (let q = 0; q < P; q++) {
    lives += s.lives[q]!;
    if (HAND[q] !== s.handCount[q]) fail(`seat ${q} counts ${s.handCount[q]} cards but holds ${HAND[q]}`);
    for (let x = 0; x < NUM_SUITS; x++) if (SUITS[q * NUM_SUITS + x] !== s.suitCount[q * NUM_SUITS + x]) fail(`seat ${q}'s count of suit ${x} is wrong`);
  }
  if (scored !== lives) fail(`the cards out of the game add up to ${scored}, the lives to ${lives}`);
  if (s.round > ROUND_CAP) fail(`${s.round} rounds, past the cap of ${ROUND_CAP}`);
  if (s.phase === Phase.Over) {
    let most = 0;
    for (let q = 0; q < P; q++) most = Math.max(most, s.lives[q]!);
    for (let q = 0; q < P; q++)
      if ((s.lives[q] === most) !== s.winners.includes(q)) fail(`seat ${q} ${s.winners.includes(q) ? 'wins without' : 'does not win with'} the most lives`);
    if (s.capped && s.round !== ROUND_CAP) fail(`capped after ${s.round} rounds`);
    return;
  }
  if (inGame !== s.handSize * P + left) fail(`${inGame} cards in the game for ${P} hands of ${s.handSize} and ${left} leftovers`);
  if (left >= P) fail(`${left} leftovers for ${P} seats`);
  if (s.phase === Phase.Bid) {
    if (bids !== s.turn) fail(`${bids} bids before seat ${s.turn} bids`);
    return;
  }
  if (bids !== P) fail(`${bids} bids in play`);
  for (let q = 0; q < P; q++) if (s.where[s.bid[q]!] !== W_BID || isWild(s.blackCat, s.bid[q]!)) fail(`seat ${q}'s bid is not a plain bid card`);
  const done = s.handSize - 1 - s.tricksLeft;
  if (played !== done * P + s.trickLen) fail(`${played} cards played after ${done} tricks and ${s.trickLen} cards`);
  let won = 0;
  for (let q = 0; q < P; q++) won += s.tricksWon[q]!;
  if (won !== done) fail(`${won} tricks won after ${done} tricks`);
  for (let q = 0; q < P; q++) {
    const inTrick = s.trickLen > (q - s.keeper + P) % P ? 1 : 0;
    if (s.handCount[q] !== s.handSize - 1 - done - inTrick) fail(`seat ${q} holds ${s.handCount[q]} cards after ${done} tricks`);
  }
}

const PLACES = new Int32Array(8);

/**
 * Powers invariants (`nine-lives-powers.md`, sections 2, 5, 6 and 8): every
 * card of the game is in exactly one place, and while a round runs the dealt
 * cards are all in hands, bids, rows, the spent pile, the discard, promises,
 * cards being given and the trick (card conservation); rows agree with
 * `where`, bids and trick counts with the rows; the trick's slots hold exactly
 * the played cards; hand and suit counts match; at the start of every trick
 * all hands hold as many cards, and either every seat or none holds a promise.
 * @throws RuleError naming the first broken invariant.
 */
export function checkPowersInvariants(s: NineLivesState): void {
  const P = s.players;
  const fail = (m: string): never => {
    throw new RuleError(`nine-lives powers: ${m}`);
  };
  HAND.fill(0);
  SUITS.fill(0);
  PLACES.fill(0);
  let inGame = 0;
  let left = 0;
  let scored = 0;
  let dealt = 0;
  let promises = 0;
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = s.where[c]!;
    const ofGame = suitOf(c) < P || (s.blackCat && c >= FIRST_CROWN);
    if (w === W_OUT) {
      if (ofGame) scored += numberOf(c);
      continue;
    }
    if (!ofGame) fail(`card ${c} is not of this game's suits`);
    if (s.powerOf[c]! >= 0 && numberOf(c) === 9) fail(`the 9 ${c} carries a power`);
    inGame++;
    if (w === W_LEFTOVER) left++;
    else if (w === W_DECK) fail(`card ${c} is undealt during a round`);
    else dealt++;
    if (w >= W_HAND && w < W_HAND + P) {
      const q = w - W_HAND;
      HAND[q]!++;
      if (!isWild(s.blackCat, c)) SUITS[q * NUM_SUITS + suitOf(c)]!++;
    } else if (w >= W_PROMISE && w < W_PROMISE + P) promises++;
    else if (w >= W_ROW && w < W_ROW + P) {
      const q = w - W_ROW;
      let found = false;
      for (let i = 0; i < s.rowLen[q]!; i++) if (s.rowCards[q * ROW_CAPACITY + i] === c) found = true;
      if (!found) fail(`card ${c} is marked in seat ${q}'s row but is not in it`);
    } else if (w === W_PLAYED || w === W_DOWN) {
      let found = false;
      for (let i = 0; i < s.trickLen; i++) if (s.slotCard[i] === c) found = true;
      if (!found) fail(`card ${c} is played but in no slot`);
      if ((w === W_DOWN) !== (s.slotDown[slotOf(s, c)] === 1)) fail(`card ${c}: face down and its slot disagree`);
    } else if (!(w === W_LEFTOVER || w === W_SPENT || w === W_DISCARD || w === W_BID || (w >= W_GIVING && w < W_GIVING + P)))
      fail(`card ${c} is in unknown place ${w}`);
  }
  let lives = 0;
  for (let q = 0; q < P; q++) {
    lives += s.lives[q]!;
    if (HAND[q] !== s.handCount[q]) fail(`seat ${q} counts ${s.handCount[q]} cards but holds ${HAND[q]}`);
    for (let x = 0; x < NUM_SUITS; x++) if (SUITS[q * NUM_SUITS + x] !== s.suitCount[q * NUM_SUITS + x]) fail(`seat ${q}'s count of suit ${x} is wrong`);
  }
  if (scored !== lives) fail(`the cards out of the game add up to ${scored}, the lives to ${lives}`);
  if (s.round > ROUND_CAP) fail(`${s.round} rounds, past the cap of ${ROUND_CAP}`);
  if (s.phase === Phase.Over) return;
  if (dealt !== s.handSize * P) fail(`${dealt} cards in hands, bids, rows, piles, promises and the trick; ${P} hands of ${s.handSize} were dealt`);
  if (inGame !== dealt + left) fail('cards lost');
  if (left >= P) fail(`${left} leftovers for ${P} seats`);
  for (let q = 0; q < P; q++) {
    for (let i = 0; i < s.rowLen[q]!; i++)
      if (s.where[s.rowCards[q * ROW_CAPACITY + i]!] !== W_ROW + q) fail(`seat ${q}'s row holds card ${s.rowCards[q * ROW_CAPACITY + i]} placed elsewhere`);
    if (s.phase !== Phase.Bid) {
      const b = s.bid[q]!;
      const t = s.tricksWon[q]!;
      if (refreshBid(s, q) !== b || s.tricksWon[q] !== t) fail(`seat ${q}'s bid or trick count disagrees with its row`);
    }
  }
  for (let i = 0; i < s.trickLen; i++) {
    const c = s.slotCard[i]!;
    if (c >= 0 && s.where[c] !== W_PLAYED && s.where[c] !== W_DOWN) fail(`slot ${i} holds card ${c} that is not played`);
  }
  if (s.phase === Phase.Play && s.trickLen === 0 && s.pw[PW_USED] === 0 && s.pw[PW_CHOICE] === C_NONE) {
    for (let q = 1; q < P; q++) if (s.handCount[q] !== s.handCount[0]) fail(`hands of ${s.handCount[0]} and ${s.handCount[q]} cards at the start of a trick`);
    if (promises !== 0 && promises !== P) fail(`${promises} promises for ${P} seats`);
  }
}

function slotOf(s: NineLivesState, c: number): number {
  for (let i = 0; i < s.trickLen; i++) if (s.slotCard[i] === c) return i;
  return 0;
}
