/**
 * The per-action features of Nine Virtues (`src/core/tensor.ts`,
 * `ActionFeatures`; tabled in this folder's README, "Observation tensor",
 * "Action features"). A dense head must learn each of the 130 ids
 * (`actions.ts`) on its own; these features describe each legal action of
 * the deciding seat by what it does, so one network scores every legal
 * action from `[tensor, features]` (DouZero's design) and what it learns of
 * one swap carries over to the swaps sharing a rank.
 *
 * Per action (`nine-virtues.md`, "A round", 3, and "Scoring a round"): its
 * kind; the rank it adds to the observer's hand or bid row, removes from the
 * center, or calls the 1 as (bid r, swap's taken c, kill r, call r); the
 * rank that leaves the observer's hand (swap's given h; the 1 itself when it
 * is called as another rank); then, for each of those two ranks, what the
 * action leaves: the observer's hand, bid row and public `known` count, the
 * center's count, the other seats' bids and known cards, the unseen cards,
 * whether the observer's count is certain to hold the majority ("Scoring a
 * round", 2) or is already outnumbered, and the rank's points for the
 * observer either way under the variant's `bidPenalty` ("Scoring a round",
 * 3); and whether the action ends the round's play ("A round", 4-5). Counts
 * of rank x are divided by x, as in the observation tensor. A function of
 * the deciding seat's observation and the action alone; no seat appears
 * (the other seats enter as a maximum or a sum), so it is seat-relative.
 */
import { layoutSize, tensorLayout, type ActionFeatures, type TensorField } from '../../core/index.js';
import { PAIRS_RANKS, RANK_SLOTS } from '../../cards/pairs.js';
import { A_CALL, A_KILL, A_SWAP, NUM_ACTIONS } from './actions.js';
import { type NineVirtuesObservation, unseenCount } from './observation.js';
import { penaltyFactor } from './state.js';
import { clip, SCORE_PER_ROUND } from './tensor.js';

/** The kinds of action, in the order of the `kind` one-hot (and of the id ranges, `actions.ts`). */
export const enum ActionKind {
  Bid = 0,
  Swap = 1,
  Kill = 2,
  Call = 3,
}
/** Entries of the `kind` one-hot. */
export const ACTION_KINDS = 4;

/**
 * The entries written for each of the two ranks an action concerns (its
 * `rank` and its `give`), in order; the field of entry `Hand` of the `give`
 * side is `giveHand`. See {@link writeSide}.
 */
const SIDE = ['Value', 'Hand', 'HandAfter', 'BidRow', 'Center', 'Known', 'OthersBids', 'OthersKnown', 'Unseen', 'Safe', 'Beaten', 'Win', 'Lose'] as const;

/**
 * Points of one rank that map to 1 in `rankWin` and to -1 in `rankLose`
 * (clipped past it): twice the {@link SCORE_PER_ROUND} that scales the game
 * scores, so a hand majority and a bid of one card (2r points, at most 20)
 * stay within 0.4; only a bid row of four or more 10s reaches 1 (under
 * `double`, a wrong row of three 9s or 10s reaches -1).
 */
export const RANK_POINTS_SCALE = 2 * SCORE_PER_ROUND;

/** The layout, the same for every variant (no field depends on P). */
const LAYOUT: readonly TensorField[] = tensorLayout([
  ['kind', ACTION_KINDS],
  ['rank', PAIRS_RANKS],
  ['give', PAIRS_RANKS],
  ...SIDE.map((n) => [`rank${n}`, 1] as const),
  ...SIDE.map((n) => [`give${n}`, 1] as const),
  ['endsRound', 1],
]);
const SIZE = layoutSize(LAYOUT);

/**
 * Writes the {@link SIDE} entries of rank `x` into `into[at, at + 13)`, as
 * the action leaves it; all 0 when `x` is 0 (no such rank). The deltas are
 * the action's changes to the observer's count of x in hand (a called 1
 * counts as its called rank), in its bid row, in the center, and in what
 * the others know of its hand. The entries, counts divided by x:
 * `Value` x / 10; `Hand` the observer's count before; `HandAfter` after
 * (clipped to 1: a called 1 makes x + 1 of x); `BidRow` after; `Center`
 * after; `Known` after; `OthersBids` the other seats' bid rows' sum;
 * `OthersKnown` the largest count known in another hand; `Unseen`
 * ({@link unseenCount}); `Safe` 1 when no other hand as it stands can hold
 * more of x than the observer after the action (its known cards, plus
 * unseen ones up to its unknown cards, plus the wild 1 when it may hold it
 * and `wildOne`), so the observer has the majority of x and its bids of x
 * score ("Scoring a round", 2-3); `Beaten` 1 when another hand is known to
 * hold more (before any call of the observer's own 1); `Win` the points of
 * x for the observer when it holds the most (x if it holds one, plus x a
 * bid card) / {@link RANK_POINTS_SCALE}; `Lose` the points of its bids of x
 * when another holds more (-x a card times the penalty) / the same scale.
 * @returns at + 13.
 */
function writeSide(o: NineVirtuesObservation, into: Float32Array, at: number, x: number, dHand: number, dBid: number, dCenter: number, dKnown: number): number {
  if (x === 0) {
    into.fill(0, at, at + SIDE.length);
    return at + SIDE.length;
  }
  const P = o.players;
  const me = o.seat;
  const own = me * RANK_SLOTS;
  const after = o.hand[x]! + dHand;
  const bid = o.bids[own + x]! + dBid;
  const unseen = unseenCount(o, x);
  // The wild 1 counts as x for whoever calls it: an unseen 1 may fill one of another hand's unknown slots.
  const wild = o.wildOne && x !== 1;
  const unseenWild = wild ? unseenCount(o, 1) : 0;
  let othersBids = 0;
  let othersKnown = 0;
  let safe = 1;
  let beaten = 0;
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    const row = q * RANK_SLOTS;
    const k = o.known[row + x]!;
    othersBids += o.bids[row + x]!;
    if (k > othersKnown) othersKnown = k;
    if (k > after) beaten = 1;
    let free = o.handSize;
    for (let r = 1; r <= PAIRS_RANKS; r++) free -= o.known[row + r]!;
    const most = k + (wild && o.known[row + 1]! > 0 ? 1 : 0) + Math.min(unseen + unseenWild, free);
    if (most > after) safe = 0;
  }
  const penalty = penaltyFactor(o.bidPenalty);
  into[at++] = x / PAIRS_RANKS;
  into[at++] = o.hand[x]! / x;
  into[at++] = Math.min(after / x, 1);
  into[at++] = bid / x;
  into[at++] = (o.center[x]! + dCenter) / x;
  into[at++] = (o.known[own + x]! + dKnown) / x;
  into[at++] = othersBids / x;
  into[at++] = othersKnown / x;
  into[at++] = unseen / x;
  into[at++] = safe;
  into[at++] = beaten;
  into[at++] = clip(((after > 0 ? x : 0) + bid * x) / RANK_POINTS_SCALE);
  // 0 - p, not -p: no -0 (a golden file's JSON cannot hold it).
  into[at++] = clip((0 - penalty * bid * x) / RANK_POINTS_SCALE);
  return at;
}

/**
 * Writes the features of `action` (a legal action of the observer of `o`,
 * the seat to decide) into `into[offset, offset + 51)`, every entry, in
 * layout order: `kind` (one-hot: bid, swap, kill, call), `rank` (one-hot of
 * bid r, swap's taken c, kill r, call r), `give` (one-hot of swap's given h;
 * of the 1 for a call of another rank; all 0 otherwise), the `rank…` and
 * `give…` entries of those ranks ({@link writeSide}), `endsRound` (1 when
 * the turn ends the round's play: a bid or kill of the center's last card,
 * "A round", 4, or the last turn before the cap of 100 P turns, "A round",
 * 5; 0 for a call). Allocates nothing.
 * @throws RangeError on an id outside 0..129.
 */
function write(o: NineVirtuesObservation, action: number, into: Float32Array, offset: number): void {
  if (!(Number.isInteger(action) && action >= 0 && action < NUM_ACTIONS)) throw new RangeError(`nine-virtues: action ${action} is not an action id`);
  let kind: ActionKind;
  let r: number;
  let h = 0;
  if (action < A_SWAP) {
    kind = ActionKind.Bid;
    r = action + 1;
  } else if (action < A_KILL) {
    kind = ActionKind.Swap;
    h = (((action - A_SWAP) / 10) | 0) + 1;
    r = ((action - A_SWAP) % 10) + 1;
  } else if (action < A_CALL) {
    kind = ActionKind.Kill;
    r = action - A_KILL + 1;
  } else {
    kind = ActionKind.Call;
    r = action - A_CALL + 1;
    // "Scoring a round", 1: the 1 counts as the called rank, no longer as a 1.
    if (r !== 1) h = 1;
  }
  let at = offset;
  for (let k = 0; k < ACTION_KINDS; k++) into[at++] = k === kind ? 1 : 0;
  for (let k = 1; k <= PAIRS_RANKS; k++) into[at++] = k === r ? 1 : 0;
  for (let k = 1; k <= PAIRS_RANKS; k++) into[at++] = k === h ? 1 : 0;
  const swap = kind === ActionKind.Swap;
  const gained = swap || (kind === ActionKind.Call && r !== 1) ? 1 : 0;
  at = writeSide(o, into, at, r, gained, kind === ActionKind.Bid ? 1 : 0, kind === ActionKind.Call ? 0 : -1, swap ? 1 : 0);
  // Giving h lowers what the others know of the observer's h only when they knew of one (rules.ts, apply).
  at = writeSide(o, into, at, h, -1, 0, swap ? 1 : 0, swap && o.known[o.seat * RANK_SLOTS + h]! > 0 ? -1 : 0);
  const takesLast = (kind === ActionKind.Bid || kind === ActionKind.Kill) && o.centerCount === 1;
  into[at] = kind !== ActionKind.Call && (takesLast || o.turnInRound + 1 >= 100 * o.players) ? 1 : 0;
}

/**
 * Nine Virtues' action features: 51 entries at every variant (the fields
 * are in {@link LAYOUT} and the README). Every entry in [-1, 1] (`rankLose`
 * and `giveLose` are the only negative ones).
 */
export const nineVirtuesFeatures: ActionFeatures<NineVirtuesObservation> = {
  layout: () => LAYOUT,
  size: () => SIZE,
  write: (o, _v, action, into, offset) => write(o, action, into, offset),
};
