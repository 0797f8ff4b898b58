/**
 * Action features of Nine Lives (`src/core/tensor.ts`, `ActionFeatures`;
 * fields in README.md, "Observation tensor"): each legal action id
 * (`actions.ts`: 234 ids, 442 with Powers) described by what it does, so one
 * network scores every legal action from `[tensor, features]`. Per action:
 * its kind (a bid, a play, a crown played as a declared suit, a row card
 * spent for its power, or one of the Powers choices: a card, a seat, a
 * suit, a number, a random play, a trick slot); the card it names (printed
 * suit, number, crown, its power) and the suit it would count as; how that
 * suit stands in the trick (it leads, follows, trumps, is the player's own
 * bid suit and so ignored; "A round", 3); whether it would take the trick
 * as it stands (base game); the seat it targets. One layout per variant,
 * the same with and without Powers (the power fields are 0 without):
 * 72 + 2S + P entries (84 at the default 4 players).
 */
import type { ActionFeatures } from '../../core/index.js';
import { A_CARD, A_CROWN, A_GOPLAY, A_NUM, A_PLAY, A_SEAT, A_SLOT, A_SPEND, A_SUIT, DECLARABLE, NUM_ACTIONS } from './actions.js';
import { FIRST_CROWN, NUM_SUITS, numberOf, suitOf } from './cards.js';
import type { NineLivesObservation } from './observation.js';
import { isWild, trickWinner } from './rules.js';
import { Phase } from './state.js';
import { leadSuit, trumpSuit } from './tensor.js';
import { ActKind, clip, featurePlan, featurePlanOf, suitIndex } from './tensor-plan.js';

/** Scratch of `wins`: the trick as it stands plus the card considered. */
const CARDS = new Int16Array(NUM_SUITS + 1);
const SUITS = new Int16Array(NUM_SUITS + 1);
const BID_SUITS = new Int16Array(NUM_SUITS + 1);

/**
 * True when card `c` counting as suit `x`, played now, would win the base
 * game's trick as it stands (`rules.ts`' `trickWinner` over the cards
 * played and this one; "A round", 3, Winner; Black Cat's inversion).
 */
function wouldWin(o: NineLivesObservation, c: number, x: number): boolean {
  const P = o.players;
  const len = o.trickLen;
  for (let i = 0; i <= len; i++) {
    if (i < len) {
      CARDS[i] = o.trickCard[i]!;
      SUITS[i] = o.trickSuit[i]!;
    }
    BID_SUITS[i] = suitOf(o.bids[(o.keeper + i) % P]!);
  }
  CARDS[len] = c;
  SUITS[len] = x;
  return trickWinner(len + 1, CARDS, SUITS, BID_SUITS, trumpSuit(o), o.blackCat) === len;
}

/** Writes the features of legal action `a` at `o` into `into[off, off + size)`; every entry is written, no allocation. */
function write(o: NineLivesObservation, a: number, into: Float32Array, off: number): void {
  const plan = featurePlan(o.players, o.blackCat, o.powers);
  const { dims: d, at } = plan;
  const { P, HB } = d;
  const me = o.seat;
  into.fill(0, off, off + plan.size);
  let kind: ActKind;
  let card = -1;
  let as = -1;
  let num = 0;
  let seat = -1;
  let slot = -1;
  if (a < A_PLAY) {
    kind = ActKind.Bid;
    card = a;
  } else if (a < A_CROWN) {
    kind = ActKind.Play;
    card = a - A_PLAY;
    as = suitOf(card);
  } else if (a < NUM_ACTIONS) {
    kind = ActKind.Crown;
    card = FIRST_CROWN + (((a - A_CROWN) / DECLARABLE) | 0);
    as = (a - A_CROWN) % DECLARABLE;
  } else if (a < A_CARD) {
    kind = ActKind.Spend;
    card = a - A_SPEND;
  } else if (a < A_SEAT) {
    kind = ActKind.Card;
    card = a - A_CARD;
  } else if (a < A_SUIT) {
    kind = ActKind.Seat;
    seat = a - A_SEAT;
  } else if (a < A_NUM) {
    kind = ActKind.Suit;
    as = a - A_SUIT;
  } else if (a < A_GOPLAY) {
    kind = ActKind.Number;
    num = a - A_NUM + 1;
  } else if (a === A_GOPLAY) kind = ActKind.RandomPlay;
  else {
    kind = ActKind.Slot;
    slot = a - A_SLOT;
    seat = (o.keeper + slot) % P;
    card = o.slotCard[slot]!;
    if (card >= 0) as = o.slotSuit[slot]!;
    into[off + at.slot!] = clip(slot / (2 * P));
    into[off + at.hidden!] = card < 0 ? 1 : 0;
  }
  into[off + at.kind! + kind] = 1;
  if (card >= 0) {
    const x = suitOf(card);
    into[off + at.suit! + suitIndex(d, x)] = 1;
    num = numberOf(card);
    into[off + at.crown!] = isWild(o.blackCat, card) ? 1 : 0;
    if (o.powers && o.powerOf[card]! >= 0) into[off + at.power! + o.powerOf[card]!] = 1;
    let held = 0;
    for (let c = x * 9; c < x * 9 + 9; c++) if (c !== card && o.hand[c] === 1) held++;
    into[off + at.sameSuitHeld!] = clip(held / HB);
  }
  if (num > 0) into[off + at.number! + num - 1] = 1;
  const ai = suitIndex(d, as);
  if (ai >= 0) {
    into[off + at.as! + ai] = 1;
    const lead = leadSuit(o);
    const mine = o.bids[me]!;
    into[off + at.follows!] = lead >= 0 && as === lead ? 1 : 0;
    into[off + at.trumps!] = as === trumpSuit(o) ? 1 : 0;
    into[off + at.ownSuit!] = mine >= 0 && as === suitOf(mine) ? 1 : 0;
  }
  const playing = kind === ActKind.Play || kind === ActKind.Crown || kind === ActKind.RandomPlay;
  if (playing && o.trickLen === 0) into[off + at.leads!] = 1;
  if (!o.powers && o.phase === Phase.Play && kind !== ActKind.RandomPlay && playing) into[off + at.wins!] = wouldWin(o, card, as) ? 1 : 0;
  if (seat >= 0) into[off + at.target! + ((seat - me + P) % P)] = 1;
}

/** Nine Lives' `Game.actionFeatures`: 84 entries at the default 4 players (72 + 2S + P), all in [0, 1]. */
export const nineLivesFeatures: ActionFeatures<NineLivesObservation> = {
  layout: (v) => featurePlanOf(v).layout,
  size: (v) => featurePlanOf(v).size,
  write: (o, _v, a, into, off) => write(o, a, into, off),
};
