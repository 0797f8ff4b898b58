/**
 * Nine Lives action ids (`../shared/rules/nine-lives.md`, "A round"). Cards
 * `c` are the ids of `cards.ts` (0..80); a crown played in Black Cat carries
 * the plain suit `d` (0..7) its player declares for it. The layout is the same
 * at every table size:
 *
 * | ids      | action                                                  |
 * |----------|---------------------------------------------------------|
 * | 0..80    | bid card c                                              |
 * | 81..161  | play card c (any card that is not a Black Cat crown)    |
 * | 162..233 | play crown number n as suit d: 162 + (n-1)*8 + d        |
 *
 * Powers (`nine-lives-powers.md`) append, all as single steps:
 *
 * | ids      | action                                                  |
 * |----------|---------------------------------------------------------|
 * | 234..314 | spend row card c (use its power): 234 + c               |
 * | 315..395 | choose card c (give, take, drop, swap, steal, row, aside): 315 + c |
 * | 396..404 | choose seat q (target, keeper): 396 + q                 |
 * | 405..413 | choose suit x (reveal, declaration): 405 + x            |
 * | 414..422 | choose number n (reveal, wildcard): 414 + n - 1         |
 * | 423      | play (a random play: the card is drawn)                 |
 * | 424..441 | choose the card in trick slot i (swap, steal, row): 424 + i |
 */
export const A_BID = 0;
export const A_PLAY = 81;
export const A_CROWN = 162;
/** Plain suits a crown can be declared as (Black Cat allows at most 8 players). */
export const DECLARABLE = 8;
export const NUM_ACTIONS = A_CROWN + 9 * DECLARABLE;

/** Bid card `c`. */
export const bidId = (c: number): number => A_BID + c;
/** Play card `c` (not a Black Cat crown). */
export const playId = (c: number): number => A_PLAY + c;
/** Play the crown of number `n` (1..9) declared as suit `d` (0..7). */
export const crownId = (n: number, d: number): number => A_CROWN + (n - 1) * DECLARABLE + d;

/** Powers: spend row card c (`A_SPEND + c`). */
export const A_SPEND = NUM_ACTIONS;
/** Powers: choose card c (`A_CARD + c`). */
export const A_CARD = A_SPEND + 81;
/** Powers: choose seat q (`A_SEAT + q`). */
export const A_SEAT = A_CARD + 81;
/** Powers: choose suit x (`A_SUIT + x`). */
export const A_SUIT = A_SEAT + 9;
/** Powers: choose number n (`A_NUM + n - 1`). */
export const A_NUM = A_SUIT + 9;
/** Powers: make a random play (the card is drawn from the hand). */
export const A_GOPLAY = A_NUM + 9;
/** Powers: choose the card of trick slot i (`A_SLOT + i`; slots 0..17, face-down cards named without showing them). */
export const A_SLOT = A_GOPLAY + 1;
/** Distinct action ids with Powers. */
export const NUM_ACTIONS_POWERS = A_SLOT + 18;
