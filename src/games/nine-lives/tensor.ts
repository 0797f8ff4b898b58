/**
 * The observation tensor of Nine Lives (`src/core/tensor.ts`; every field
 * in README.md, "Observation tensor"), written from a seat's observation
 * alone. Seat-relative: per-seat fields hold the observer first, then the
 * seat to its left ((seat + 1) % P) and so on; the turn, the Kittykeeper and
 * the trick's current winner are one-hot over these offsets. Suits are
 * absolute (`tensor-plan.ts` indexes the game's S suits and N = 9S cards).
 * This file writes the fields of every variant and the base game's trick;
 * `tensor-powers.ts` writes the Powers variant's own fields (and, with
 * Powers, the card planes, which it reads from the observation's `place`).
 */
import type { ObservationTensor } from '../../core/index.js';
import { NUM_SUITS, numberOf, suitOf } from './cards.js';
import type { NineLivesObservation } from './observation.js';
import { PW_LEAD } from './powers.js';
import { isWild, trickWinner } from './rules.js';
import { Phase, ROUND_CAP } from './state.js';
import { cardIndex, clip, type LivesPlan, printedSuit, suitIndex, TRICK_ENTRY, tensorPlan, tensorPlanOf } from './tensor-plan.js';
import { writePowers } from './tensor-powers.js';

/** The `livesToWin` parameter's maximum (the `rules` field's scale). */
const MAX_LIVES_TO_WIN = 99;

/** Scratch of the base trick: the bid suit of each trick position's player (`trickWinner`'s `bidSuits`). */
const BID_SUITS = new Int8Array(NUM_SUITS);

/**
 * The leading suit of the current trick (-1 before the lead or while
 * hidden): the first card's suit in the base game ("A round", 3), the `pw`
 * scalar with Powers (section 4.2).
 */
export function leadSuit(o: NineLivesObservation): number {
  if (o.powers) return o.pw[PW_LEAD]!;
  return o.phase === Phase.Play && o.trickLen > 0 ? o.trickSuit[0]! : -1;
}

/** Trump: the suit of the Kittykeeper's bid while tricks are played, -1 before the bids are shown or without a bid ("A round", 3). */
export function trumpSuit(o: NineLivesObservation): number {
  if (o.phase !== Phase.Play && o.phase !== Phase.Choice) return -1;
  const b = o.bids[o.keeper]!;
  return b >= 0 ? suitOf(b) : -1;
}

/** The fields every variant has: phase, seats, the base game's card planes, bids, counts, lives, voids, lead, trump, scalars. */
function writeCommon(o: NineLivesObservation, plan: LivesPlan, into: Float32Array): void {
  const { dims: d, at } = plan;
  const { P, S, HB } = d;
  const me = o.seat;
  into[at.phase! + o.phase] = 1;
  if (o.phase !== Phase.Over && o.turn >= 0) into[at.turn! + ((o.turn - me + P) % P)] = 1;
  into[at.keeper! + ((o.keeper - me + P) % P)] = 1;
  let inGame = 0;
  for (let x = 0; x < S; x++) {
    const printed = printedSuit(d, x);
    for (let n = 0; n < 9; n++) {
      const c = printed * 9 + n;
      if (o.inGame[c] === 0) continue;
      inGame++;
      if (o.powers) continue; // the planes come from `place` (tensor-powers.ts)
      const i = x * 9 + n;
      if (o.hand[c] === 1) into[at.hand! + i] = 1;
      else if (o.leftover[c] === 1 || o.played[c] === 1) into[at.gone! + i] = 1;
      else into[at.unseen! + i] = 1;
    }
  }
  const mine = o.bids[me]!;
  for (let q = 0; q < P; q++) {
    const r = (q - me + P) % P;
    const b = o.bids[q]!;
    if (b >= 0) {
      if (!o.powers && o.inGame[b] === 1) {
        // A shown bid card is out of every hand for the round.
        into[at.gone! + cardIndex(d, b)] = 1;
        into[at.unseen! + cardIndex(d, b)] = 0;
      }
      into[at.bidSuit! + r * S + suitIndex(d, suitOf(b))] = 1;
      into[at.bidNumber! + r] = numberOf(b) / 9;
      into[at.need! + r] = clip((numberOf(b) - o.tricksWon[q]!) / 9);
      if (o.teams && q !== me && mine >= 0 && suitOf(b) === suitOf(mine)) into[at.team! + r] = 1;
    }
    into[at.tricksWon! + r] = clip(o.tricksWon[q]! / HB);
    into[at.handCount! + r] = clip(o.handCount[q]! / HB);
    into[at.lives! + r] = clip(o.lives[q]! / o.livesToWin);
    for (let x = 0; x < S; x++) into[at.voids! + r * S + x] = o.voids[q * NUM_SUITS + printedSuit(d, x)]!;
  }
  const lead = suitIndex(d, leadSuit(o));
  if (lead >= 0) into[at.lead! + lead] = 1;
  const trump = suitIndex(d, trumpSuit(o));
  if (trump >= 0) into[at.trump! + trump] = 1;
  into[at.round!] = clip(o.round / ROUND_CAP);
  into[at.tricksLeft!] = clip(o.tricksLeft / HB);
  into[at.handSize!] = clip(o.handSize / HB);
  into[at.inGame!] = inGame / d.N;
  let best = 0;
  for (let q = 0; q < P; q++) if (q !== me) best = Math.max(best, o.lives[q]!);
  into[at.livesLead!] = clip((o.lives[me]! - best) / o.livesToWin);
  into[at.rules!] = o.blackCat ? 1 : 0;
  into[at.rules! + 1] = o.teams ? 1 : 0;
  into[at.rules! + 2] = o.powers ? 1 : 0;
  into[at.rules! + 3] = o.livesToWin / MAX_LIVES_TO_WIN;
}

/**
 * The base game's trick (`nine-lives.md`, "A round", 3): per seat offset the
 * card it played to the current trick, and the seat winning it so far
 * (`rules.ts`' own `trickWinner` over the cards played: trump, the leading
 * suit, ignored cards, the Black Cat inversion).
 */
function writeTrick(o: NineLivesObservation, plan: LivesPlan, into: Float32Array): void {
  const { dims: d, at } = plan;
  const { P, S } = d;
  const me = o.seat;
  const len = o.phase === Phase.Play ? o.trickLen : 0;
  if (len === 0) return;
  for (let i = 0; i < len; i++) {
    const q = (o.keeper + i) % P;
    const c = o.trickCard[i]!;
    const x = o.trickSuit[i]!;
    const bid = suitOf(o.bids[q]!);
    const base = at.trick! + ((q - me + P) % P) * (S + TRICK_ENTRY);
    into[base] = 1;
    into[base + 1 + suitIndex(d, x)] = 1;
    into[base + 1 + S] = numberOf(c) / 9;
    into[base + 2 + S] = x === bid ? 1 : 0;
    into[base + 3 + S] = isWild(o.blackCat, c) ? 1 : 0;
    BID_SUITS[i] = bid;
  }
  const w = trickWinner(len, o.trickCard, o.trickSuit, BID_SUITS, trumpSuit(o), o.blackCat);
  into[at.winning! + ((o.keeper + w - me + P) % P)] = 1;
}

/** Writes the tensor of `o` into `into[0, size)`: zeros, then every field that holds something. No allocation. */
function write(o: NineLivesObservation, into: Float32Array): void {
  const plan = tensorPlan(o.players, o.blackCat, o.powers);
  into.fill(0, 0, plan.size);
  writeCommon(o, plan, into);
  if (o.powers) writePowers(o, plan, into);
  else writeTrick(o, plan, into);
}

/**
 * Nine Lives' `Game.tensor`: 229 entries at the default 4 players, 598 with
 * Powers (README.md gives every size); all in [0, 1] except `need`,
 * `livesLead` and Powers' `carousel` (in [-1, 1]).
 */
export const nineLivesTensor: ObservationTensor<NineLivesObservation> = {
  layout: (v) => tensorPlanOf(v).layout,
  size: (v) => tensorPlanOf(v).size,
  write: (o, _v, into) => write(o, into),
};
