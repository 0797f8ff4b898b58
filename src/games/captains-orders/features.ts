/**
 * The per-action features of Captain's Orders (`src/core/tensor.ts`,
 * `ActionFeatures`; tabled in this folder's README, "Observation tensor").
 * The action ids name seats absolutely (`pass r to q`, `ask q`, `discover q`:
 * `actions.ts`), while the observation tensor is seat-relative and holds no
 * absolute seat, so a network with one output per id could not tell which
 * seat an output means. These features describe each legal action of the
 * deciding seat by what it does, its seats as offsets from the observer: its
 * kind, the seat it names or hands a card to, the rank of the card it gives
 * up (or, for a declaration, of the run-out card), whether that card is the
 * observer's lowest and whether it is its last. A function of the deciding
 * seat's observation and the action alone; the same action toward the same
 * offset gives the same features from every seat.
 */
import { intParam, layoutCache, layoutSize, type ActionFeatures, type Variant } from '../../core/index.js';
import { PAIRS_RANKS } from '../../cards/pairs.js';
import { A_ASK, A_BELAY, A_DECLARE_NO, A_DECLARE_YES, A_DISCARD, A_DISCOVER, A_FOLLOW, A_GIVE, A_ORDER, A_PASS, MAX_SEATS } from './actions.js';
import type { CaptainsOrdersObservation } from './observation.js';

/** The kinds of action, in the order of the `kind` one-hot (and of the id ranges, `actions.ts`). */
export const enum ActionKind {
  Order = 0,
  Pass = 1,
  Ask = 2,
  Discover = 3,
  Follow = 4,
  Belay = 5,
  Discard = 6,
  Give = 7,
  DeclareNo = 8,
  DeclareYes = 9,
}
/** Entries of the `kind` one-hot. */
export const ACTION_KINDS = 10;

/** The layout for P players (see the README's table). */
function fields(P: number): [string, number][] {
  return [
    ['kind', ACTION_KINDS],
    ['target', P],
    ['rank', PAIRS_RANKS],
    ['rankValue', 1],
    ['lowest', 1],
    ['lastCard', 1],
  ];
}

/** The layout of a resolved variant (cached per variant object). */
const layout = layoutCache((v) => fields(intParam(v, 'players')));

/**
 * Writes the features of `action` (a legal action of the observer of `o`,
 * the seat to decide) into `into[offset, offset + P + 23)`, every entry, in
 * layout order: `kind` (one-hot), `target` (one-hot of the offset from the
 * observer of the seat the action names, pass/ask/discover, or hands its card
 * to, follow/give; all 0 otherwise), `rank` (one-hot of the card's rank: the
 * card given up, or the run-out card for a declaration; all 0 for ask and
 * discover), `rankValue` (that rank / 10, 0 when none), `lowest` (1 when that
 * card is of the lowest rank in the observer's hand, "Words": the Captain's
 * card), `lastCard` (1 when the action gives up the observer's last card,
 * ending the round with a run-out: "A round", 6). Allocates nothing.
 * @throws RangeError on an id outside the layout or naming a seat the variant lacks.
 */
function write(o: CaptainsOrdersObservation, _v: Variant, action: number, into: Float32Array, offset: number): void {
  const P = o.players;
  const me = o.seat;
  let kind: ActionKind;
  let r = 0;
  let q = -1;
  if (!(Number.isInteger(action) && action >= A_ORDER && action <= A_DECLARE_YES))
    throw new RangeError(`captains-orders: action ${action} is not an action id`);
  if (action < A_PASS) {
    kind = ActionKind.Order;
    r = action - A_ORDER + 1;
  } else if (action < A_ASK) {
    kind = ActionKind.Pass;
    r = (((action - A_PASS) / MAX_SEATS) | 0) + 1;
    q = (action - A_PASS) % MAX_SEATS;
  } else if (action < A_DISCOVER) {
    kind = ActionKind.Ask;
    q = action - A_ASK;
  } else if (action < A_FOLLOW) {
    kind = ActionKind.Discover;
    q = action - A_DISCOVER;
  } else if (action < A_BELAY) {
    kind = ActionKind.Follow;
    r = action - A_FOLLOW + 1;
    q = o.orderOwner;
  } else if (action < A_DISCARD) {
    kind = ActionKind.Belay;
    r = action - A_BELAY + 1;
  } else if (action < A_GIVE) {
    kind = ActionKind.Discard;
    r = action - A_DISCARD + 1;
  } else if (action < A_DECLARE_NO) {
    kind = ActionKind.Give;
    r = action - A_GIVE + 1;
    q = o.turn;
  } else {
    kind = action === A_DECLARE_NO ? ActionKind.DeclareNo : ActionKind.DeclareYes;
    r = o.lastRank;
  }
  if (q >= P) throw new RangeError(`captains-orders: action ${action} is not an action of ${P} players`);

  let at = offset;
  for (let k = 0; k < ACTION_KINDS; k++) into[at++] = k === kind ? 1 : 0;
  const rel = q < 0 ? -1 : (q - me + P) % P;
  for (let k = 0; k < P; k++) into[at++] = k === rel ? 1 : 0;
  for (let k = 1; k <= PAIRS_RANKS; k++) into[at++] = k === r ? 1 : 0;
  into[at++] = r / PAIRS_RANKS;
  // The card leaves the observer's hand (every kind with a rank but a declaration).
  const fromHand = r > 0 && kind !== ActionKind.DeclareNo && kind !== ActionKind.DeclareYes;
  let lowest = fromHand;
  if (fromHand) for (let k = 1; k < r; k++) if (o.hand[k]! > 0) lowest = false;
  into[at++] = lowest ? 1 : 0;
  into[at] = fromHand && kind !== ActionKind.Discard && o.handCount[me] === 1 ? 1 : 0;
}

/**
 * Captain's Orders' action features: `P + 23` entries for P players, 28 at
 * the default variant (5 players); the fields are in {@link fields} and the
 * README. Seat-relative, every entry in [0, 1].
 */
export const captainsOrdersFeatures: ActionFeatures<CaptainsOrdersObservation> = {
  layout,
  size: (v) => layoutSize(layout(v)),
  write,
};
