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
