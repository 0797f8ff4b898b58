/**
 * The Powers variant's card moves (`powers.ts`): rows and the bids read from
 * them, hands and what each seat has seen of them (known cards, shown voids),
 * and the record. Every other Powers file moves cards through these.
 */
import { RuleError, type RecordAction } from '../../core/index.js';
import { DECLARABLE } from './actions.js';
import { FIRST_CROWN, NUM_CARDS, NUM_SUITS, suitOf } from './cards.js';
import { type NineLivesState, ROW_CAPACITY, W_HAND, W_ROW } from './state.js';

/** The seat that plays slot `i` of the current trick (both laps start at the Kittykeeper). */
export const slotSeat = (s: NineLivesState, i: number): number => (s.keeper + i) % s.players;
/** True when `c` is a Black Cat crown. */
export const isCrown = (s: NineLivesState, c: number): boolean => s.blackCat && c >= FIRST_CROWN;
/** Plain suits a crown or wildcard may be declared as: 0..P-1 (0..8 with nine players). */
export const plainSuits = (s: NineLivesState): number => Math.min(s.players, s.blackCat ? DECLARABLE : NUM_SUITS);

/** Scratch: a hand listed by `handList` (one decision at a time). */
export const HANDBUF = new Int8Array(NUM_CARDS);

// ---------------------------------------------------------------- rows and bids

/**
 * The bid of seat q (section 2.3): the left-most card of its row that is not a
 * Black Cat crown, -1 for none. Also refreshes `bid[q]` and `tricksWon[q]`
 * (row length - 1 with a bid, section 2.4).
 */
export function refreshBid(s: NineLivesState, q: number): number {
  const base = q * ROW_CAPACITY;
  let b = -1;
  for (let i = 0; i < s.rowLen[q]! && b < 0; i++) if (!isCrown(s, s.rowCards[base + i]!)) b = s.rowCards[base + i]!;
  s.bid[q] = b;
  s.tricksWon[q] = s.rowLen[q]! - (b >= 0 ? 1 : 0);
  return b;
}

/** The suit of seat q's bid, -1 without a bid. */
export const bidSuit = (s: NineLivesState, q: number): number => (s.bid[q]! >= 0 ? suitOf(s.bid[q]!) : -1);

export function rowPush(s: NineLivesState, q: number, c: number): void {
  s.rowCards[q * ROW_CAPACITY + s.rowLen[q]!] = c;
  s.rowLen[q]!++;
  s.where[c] = W_ROW + q;
  refreshBid(s, q);
}

export function rowRemove(s: NineLivesState, q: number, c: number): void {
  const base = q * ROW_CAPACITY;
  const n = s.rowLen[q]!;
  let i = 0;
  while (i < n && s.rowCards[base + i] !== c) i++;
  if (i === n) throw new RuleError(`nine-lives: card ${c} is not in seat ${q}'s row`);
  s.rowCards.copyWithin(base + i, base + i + 1, base + n);
  s.rowCards[base + n - 1] = -1;
  s.rowLen[q] = n - 1;
  refreshBid(s, q);
}

// ---------------------------------------------------------------- hands and what is seen

/** Takes `c` out of seat q's hand; nobody knows where it is any more (it goes somewhere the caller says). */
export function leaveHand(s: NineLivesState, q: number, c: number): void {
  s.handCount[q]!--;
  if (!isCrown(s, c)) s.suitCount[q * NUM_SUITS + suitOf(c)]!--;
  for (let x = 0; x < s.players; x++) s.known[x * NUM_CARDS + c] = 0;
}

/**
 * Puts `c` into seat q's hand; `seen` is the bit set of observers who see it
 * arrive (section 10): they know it is there; every other observer forgets
 * the voids q has shown (it got a card they did not see).
 */
export function enterHand(s: NineLivesState, q: number, c: number, seen: number): void {
  const P = s.players;
  s.where[c] = W_HAND + q;
  s.handCount[q]!++;
  const plain = !isCrown(s, c);
  if (plain) s.suitCount[q * NUM_SUITS + suitOf(c)]!++;
  for (let x = 0; x < P; x++) {
    if (x === q) continue;
    const v = (x * P + q) * NUM_SUITS;
    if ((seen & (1 << x)) !== 0) {
      s.known[x * NUM_CARDS + c] = 1;
      if (plain) s.pvoids[v + suitOf(c)] = 0;
    } else {
      s.known[x * NUM_CARDS + c] = 0;
      s.pvoids.fill(0, v, v + NUM_SUITS);
    }
  }
}

export const everyone = (s: NineLivesState): number => (1 << s.players) - 1;

/** Every observer now knows that q holds no plain card of suit y. */
export function showVoid(s: NineLivesState, q: number, y: number): void {
  const P = s.players;
  for (let x = 0; x < P; x++) s.pvoids[(x * P + q) * NUM_SUITS + y] = 1;
}

/** Writes q's hand cards (id order) into HANDBUF, leaving out `except`; returns how many. */
export function handList(s: NineLivesState, q: number, except: number): number {
  let n = 0;
  const w = W_HAND + q;
  const where = s.where;
  const end = cardEnd(s);
  for (let c = 0; c < end; c++) if (where[c] === w && c !== except) HANDBUF[n++] = c;
  if (s.blackCat) for (let c = FIRST_CROWN; c < NUM_CARDS; c++) if (where[c] === w && c !== except) HANDBUF[n++] = c;
  return n;
}

/** One past the last plain card id of the game (its suits are 0..P-1; crowns are read apart with Black Cat). Measured: scanning only the game's cards halves the cost of listing plays. */
const cardEnd = (s: NineLivesState): number => s.players * 9;

export function record(s: NineLivesState, e: RecordAction): void {
  s.recorder?.action(e);
}
