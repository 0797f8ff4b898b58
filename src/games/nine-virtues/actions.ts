/**
 * Nine Virtues action ids (`../shared/rules/nine-virtues.md`, "A round" and
 * "Scoring a round"). Ranks r, h, c are 1..10:
 *
 * | ids      | action                              |
 * |----------|-------------------------------------|
 * | 0..9     | bid r (id r-1; id 0, bid 1, is never legal) |
 * | 10..109  | swap give h take c (10 + (h-1)*10 + (c-1); h != c) |
 * | 110..119 | kill r                              |
 * | 120..129 | call r (the holder of the wild 1, at scoring) |
 */
export const A_BID = 0;
export const A_SWAP = 10;
export const A_KILL = 110;
export const A_CALL = 120;
export const NUM_ACTIONS = 130;

/** Bid rank r (2..10). */
export const bidId = (r: number): number => A_BID + r - 1;
/** Swap: give a hand card of rank h, take a center card of rank c (h != c). */
export const swapId = (h: number, c: number): number => A_SWAP + (h - 1) * 10 + (c - 1);
/** Kill (discard) a center card of rank r. */
export const killId = (r: number): number => A_KILL + r - 1;
/** Call the wild 1 as rank r (1..10). */
export const callId = (r: number): number => A_CALL + r - 1;

/** The kind of an action id. */
export type ActionKind = 'bid' | 'swap' | 'kill' | 'call';

/** The kind of action id `a` (0 <= a < NUM_ACTIONS). */
export function actionKind(a: number): ActionKind {
  if (a < A_SWAP) return 'bid';
  if (a < A_KILL) return 'swap';
  if (a < A_CALL) return 'kill';
  return 'call';
}

/** The rank of a bid, kill or call id. */
export const rankOf = (a: number): number => (a < A_SWAP ? a - A_BID : a < A_CALL ? a - A_KILL : a - A_CALL) + 1;
/** The given rank h of a swap id. */
export const swapGive = (a: number): number => (((a - A_SWAP) / 10) | 0) + 1;
/** The taken rank c of a swap id. */
export const swapTake = (a: number): number => ((a - A_SWAP) % 10) + 1;
