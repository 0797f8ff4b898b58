import { shuffleInPlace, type Rng } from '../../core/index.js';
import { FIRST_CROWN, NUM_CARDS, numberOf } from './cards.js';

/**
 * The 44 power keys in list order (`nine-lives-powers.md`, section 7); a
 * power is its index 0..43 here (`K_*` below).
 */
export const POWER_KEYS = [
  'new_lead',
  'no_lead',
  'new_trump',
  'new_trump_bid',
  'wildcard',
  'no_ignore',
  'reverse_order',
  'force_takeback',
  'pick_start',
  'pick_start_conditional',
  'swap_played',
  'swap_hand',
  'carousel_left',
  'carousel_right',
  'shuffle_trick',
  'same_suit_order_first',
  'same_suit_order_last',
  'match_suit_lowest',
  'match_suit_highest',
  'shuffle_hand',
  'shuffle_hand_all',
  'play_above_5',
  'play_below_5',
  'play_odd',
  'play_even',
  'same_suit_ignore',
  'steal_from_trick',
  'draw_new',
  'score_twice',
  'score_none',
  'new_trump_number_1',
  'new_trump_number_2',
  'new_trump_number_3',
  'limitless_power',
  'blind_play',
  'double_trick',
  'reveal_suit',
  'reveal_number',
  'ignore_above_5',
  'ignore_below_5',
  'no_trump',
  'boost_below_5',
  'nerf_above_5',
  'end_promise',
] as const;
export type PowerKey = (typeof POWER_KEYS)[number];
export const NUM_POWERS = 44;

/** Copy caps by power index (section 7, in brackets; 255: uncapped). */
export const POWER_CAPS = Uint8Array.from([
  255, 3, 255, 255, 3, 255, 255, 255, 2, 255, 2, 255, 2, 2, 2, 2, 2, 255, 255, 2, 2, 255, 255, 255, 255, 255, 255, 255, 2, 2, 3, 2, 1, 2, 255, 1, 3, 2, 255,
  255, 2, 1, 1, 1,
]);

export const K_NEW_LEAD = 0;
export const K_NO_LEAD = 1;
export const K_NEW_TRUMP = 2;
export const K_NEW_TRUMP_BID = 3;
export const K_WILDCARD = 4;
export const K_NO_IGNORE = 5;
export const K_REVERSE_ORDER = 6;
export const K_FORCE_TAKEBACK = 7;
export const K_PICK_START = 8;
export const K_PICK_START_COND = 9;
export const K_SWAP_PLAYED = 10;
export const K_SWAP_HAND = 11;
export const K_CAROUSEL_LEFT = 12;
export const K_CAROUSEL_RIGHT = 13;
export const K_SHUFFLE_TRICK = 14;
export const K_ORDER_FIRST = 15;
export const K_ORDER_LAST = 16;
export const K_MATCH_LOWEST = 17;
export const K_MATCH_HIGHEST = 18;
export const K_SHUFFLE_HAND = 19;
export const K_SHUFFLE_HAND_ALL = 20;
export const K_PLAY_ABOVE_5 = 21;
export const K_PLAY_BELOW_5 = 22;
export const K_PLAY_ODD = 23;
export const K_PLAY_EVEN = 24;
export const K_SAME_SUIT_IGNORE = 25;
export const K_STEAL = 26;
export const K_DRAW_NEW = 27;
export const K_SCORE_TWICE = 28;
export const K_SCORE_NONE = 29;
export const K_TRUMP_NUMBER_1 = 30;
export const K_TRUMP_NUMBER_3 = 32;
export const K_LIMITLESS = 33;
export const K_BLIND_PLAY = 34;
export const K_DOUBLE_TRICK = 35;
export const K_REVEAL_SUIT = 36;
export const K_REVEAL_NUMBER = 37;
export const K_IGNORE_ABOVE_5 = 38;
export const K_IGNORE_BELOW_5 = 39;
export const K_NO_TRUMP = 40;
export const K_BOOST = 41;
export const K_NERF = 42;
export const K_END_PROMISE = 43;

/**
 * The power index of a key.
 * @throws Error for a string that is not one of the 44 keys.
 */
export function powerIndex(key: unknown): number {
  const i = typeof key === 'string' ? (POWER_KEYS as readonly string[]).indexOf(key) : -1;
  if (i < 0) throw new Error(`nine-lives: '${String(key)}' is not a power key`);
  return i;
}

/**
 * Parses the `powersOff` parameter (section 9): `none`, or keys joined by `+`.
 * @returns one flag per power index (1: left out of the deal).
 * @throws Error naming an unknown key.
 */
export function parsePowersOff(text: string): Uint8Array {
  const off = new Uint8Array(NUM_POWERS);
  if (text === 'none' || text === '') return off;
  for (const k of text.split('+')) off[powerIndex(k.trim())] = 1;
  return off;
}

/**
 * The power deal (section 1): writes into `powerOf[c]` the power index of
 * every card of the game (-1: none; 9s and cards out of the game have none),
 * drawing from `rng` exactly as the published generator: the game's 1-8 cards
 * by id shuffled with Fisher-Yates (9s removed after the shuffle), the pool in
 * list order less `off` (shuffled too when `uniform`), a first pass giving
 * each pool key once from the end of the list, then a fill with
 * `pool[int(pool.length)]`, a key leaving the pool when it reaches its cap.
 * @param inGame inGame[c] = 1 for the cards of this game (suits and Black Cat crowns).
 */
export function dealPowers(powerOf: Int8Array, inGame: ArrayLike<number>, off: Uint8Array, uniform: boolean, rng: Rng): void {
  powerOf.fill(-1);
  const list: number[] = [];
  for (let c = 0; c < NUM_CARDS; c++) if (inGame[c] === 1) list.push(c);
  shuffleInPlace(list, rng, list.length);
  const cards = list.filter((c) => numberOf(c) !== 9);
  const pool: number[] = [];
  for (let k = 0; k < NUM_POWERS; k++) if (off[k] === 0) pool.push(k);
  if (uniform) shuffleInPlace(pool, rng, pool.length);
  const count = new Uint8Array(NUM_POWERS);
  const give = (k: number): void => {
    powerOf[cards.pop()!] = k;
    if (++count[k]! >= POWER_CAPS[k]!) pool.splice(pool.indexOf(k), 1);
  };
  for (const k of [...pool]) {
    if (cards.length === 0) break;
    give(k);
  }
  while (cards.length > 0 && pool.length > 0) give(pool[rng.int(pool.length)]!);
}

/** True when `c` is a Black Cat crown (never a bid; inverts the ranking). */
export const isCrownCard = (blackCat: boolean, c: number): boolean => blackCat && c >= FIRST_CROWN;
