/**
 * The observation tensor of Nine Muses (`src/core/tensor.ts`; fields in
 * README.md, "Observation tensor"), written from a seat's observation alone.
 * Seat-relative: per-seat fields hold the observer first, then the seat to
 * its left ((seat + 1) % P) and so on; the turn, the first player and each
 * Muse's holder are one-hot over these offsets. The length depends on the
 * player count P and the card set (T Philosopher types, M Muses, R = M - 4
 * rounds): 11P + 17 + R + 3T + M(2P + 3) entries (160 with the default
 * cards at 3 players: T = 8, M = 9, R = 5).
 */
import { intParam, type ObservationTensor, perVariant, stringParam, type TensorField, tensorLayout } from '../../core/index.js';
import { type CardSet, loadCardSet, MAX_TOKENS } from './cards.js';
import { seatsMeeting } from './conditions.js';
import type { NineMusesObservation } from './observation.js';
import { CENTER, HAND_SIZE, IN_DECK, Phase, Then } from './state.js';

/** VP scale of `vp` (a seat's VP over 100, clipped; the default cards give 30-45 VP a game). */
export const VP_SCALE = 100;
/** VP scale of `vpDiff` (a VP difference over 30, clipped to [-1, 1]). */
export const VP_DIFF_SCALE = 30;

/** Offsets of the fields of one (card set, player count), and the card set's rate bound. */
export interface MusesPlan {
  readonly layout: readonly TensorField[];
  readonly size: number;
  readonly at: Readonly<Record<string, number>>;
  /** The highest Aristotle rate any seat can have: the top base rate plus every Muse's bonus for that type. */
  readonly rateCap: number;
}

/** The fields in layout order, `[name, length]`, for P seats, T types, M Muses, R rounds. */
function fields(P: number, T: number, M: number, R: number): [string, number][] {
  return [
    ['phase', 3],
    ['turn', P],
    ['first', P],
    ['round', R],
    ['hand', T],
    ['discard', T],
    ['unseen', T],
    ['deck', 1],
    ['handCount', P],
    ['know', 3 * P],
    ['pool', 3],
    ['vp', P],
    ['vpDiff', P - 1],
    ['rate', 3 * P],
    ['muse', M * (P + 2)],
    ['meets', M * P],
    ['callable', M],
    ['revealed', 1],
    ['stealType', 3],
    ['stealLeft', 3],
    ['stealThen', 1],
    ['supply', 3],
  ];
}

const plans = new WeakMap<CardSet, MusesPlan[]>();

/** The plan of a card set at P seats, built once (the card set is cached per path by `loadCardSet`). */
export function musesPlan(cards: CardSet, P: number): MusesPlan {
  let byP = plans.get(cards);
  if (!byP) plans.set(cards, (byP = []));
  let plan = byP[P];
  if (!plan) {
    const layout = tensorLayout(fields(P, cards.philosophers.length, cards.muses.length, cards.rounds));
    // Built whole: an object filled key by key turns to dictionary mode past about 20 keys (measured), and every lookup of `at` slows.
    const at: Record<string, number> = Object.fromEntries(layout.map((f) => [f.name, f.offset]));
    let rateCap = 1;
    for (let k = 0; k < 3; k++) {
      let r = cards.rates[k]!;
      for (const m of cards.muses) if (m.rateKnowledge === k) r += m.rateAdd;
      rateCap = Math.max(rateCap, r);
    }
    const last = layout[layout.length - 1]!;
    plan = { layout, size: last.offset + last.length, at, rateCap };
    byP[P] = plan;
  }
  return plan;
}

/**
 * The plan of a resolved variant, kept per variant object: finding the card
 * set resolves its path, and that allocated at every decision.
 */
const variantPlan = perVariant((v): MusesPlan => musesPlan(loadCardSet(stringParam(v, 'cards')), intParam(v, 'players')));

/** `x` clipped to [-1, 1]. */
export const clip = (x: number): number => (x > 1 ? 1 : x < -1 ? -1 : x);

/** Seat q's Aristotle rate for Knowledge k in VP per token: the base rate plus the bonuses of the Muses q holds ("A turn", Demonstrate). */
export function rateOf(o: NineMusesObservation, q: number, k: number): number {
  let r = o.cards.rates[k]!;
  for (let m = 0; m < o.numMuses; m++) {
    if (o.museLoc[m] !== q) continue;
    const muse = o.cards.muses[m]!;
    if (muse.rateKnowledge === k) r += muse.rateAdd;
  }
  return r;
}

/**
 * Every seat's Aristotle rates into `into[3q + k]` ({@link rateOf} for all q
 * and k in one pass over the Muses; it was a third of the tensor's cost).
 */
export function ratesOf(o: NineMusesObservation, into: Int32Array): void {
  for (let q = 0; q < o.players; q++) for (let k = 0; k < 3; k++) into[3 * q + k] = o.cards.rates[k]!;
  for (let m = 0; m < o.numMuses; m++) {
    const q = o.museLoc[m]!;
    const muse = o.cards.muses[m]!;
    if (q >= 0 && muse.rateKnowledge >= 0) into[3 * q + muse.rateKnowledge]! += muse.rateAdd;
  }
}

/** Scratch: the seats meeting each Muse's condition (bit q), `seatsMeeting`'s output; every seat's rates. */
const MEETS = new Uint8Array(16);
const RATES = new Int32Array(12);

/**
 * Writes the tensor of `o` into `into[0, size)`; every entry is written, no
 * allocation. Units: cards over their maximum (3 in a hand, the copies of a
 * type, the deck size), tokens over the supply of their type, VP over
 * {@link VP_SCALE} / {@link VP_DIFF_SCALE} (clipped), rates over the card
 * set's rate bound.
 */
function write(o: NineMusesObservation, into: Float32Array): void {
  const P = o.players;
  const cards = o.cards;
  const { at, size, rateCap } = musesPlan(cards, P);
  into.fill(0, 0, size);
  const me = o.seat;
  const over = o.phase === Phase.Over;
  into[at.phase! + o.phase] = 1;
  if (!over) into[at.turn! + ((o.turn - me + P) % P)] = 1;
  into[at.first! + ((o.first - me + P) % P)] = 1;
  into[at.round! + Math.min(cards.rounds, Math.max(1, o.round)) - 1] = 1;
  // Philosophers by type: mine, played since the last reshuffle (public), and the rest (other hands and the deck).
  const T = o.types;
  for (let t = 0; t < T; t++) {
    const copies = cards.philosophers[t]!.count;
    into[at.hand! + t] = clip(o.hand[t]! / HAND_SIZE);
    into[at.discard! + t] = o.discard[t]! / copies;
    into[at.unseen! + t] = (copies - o.hand[t]! - o.discard[t]!) / copies;
  }
  into[at.deck!] = o.deckLen / cards.deckSize;
  ratesOf(o, RATES);
  for (let q = 0; q < P; q++) {
    const r = (q - me + P) % P;
    into[at.handCount! + r] = clip(o.handCount[q]! / HAND_SIZE);
    for (let k = 0; k < 3; k++) {
      into[at.know! + 3 * r + k] = o.know[3 * q + k]! / o.supply[k]!;
      into[at.rate! + 3 * r + k] = clip(RATES[3 * q + k]! / rateCap);
    }
    into[at.vp! + r] = clip(o.vp[q]! / VP_SCALE);
    if (r > 0) into[at.vpDiff! + r - 1] = clip((o.vp[q]! - o.vp[me]!) / VP_DIFF_SCALE);
  }
  for (let k = 0; k < 3; k++) {
    into[at.pool! + k] = o.pool[k]! / o.supply[k]!;
    into[at.supply! + k] = o.supply[k]! / MAX_TOKENS;
  }
  // Muses: where each is (deck, center, a seat by offset), who meets her condition now, and whether I may call her.
  const M = o.numMuses;
  seatsMeeting(o, cards.muses, MEETS);
  for (let m = 0; m < M; m++) {
    const loc = o.museLoc[m]!;
    const base = at.muse! + m * (P + 2);
    into[loc === IN_DECK ? base : loc === CENTER ? base + 1 : base + 2 + ((loc - me + P) % P)] = 1;
    const bits = MEETS[m]!;
    for (let q = 0; q < P; q++) if ((bits >> q) & 1) into[at.meets! + m * P + ((q - me + P) % P)] = 1;
    into[at.callable! + m] = loc !== IN_DECK && loc !== me && bits === 1 << me ? 1 : 0;
  }
  into[at.revealed!] = o.revealed / M;
  if (o.phase === Phase.Steal) {
    into[at.stealType! + o.stealType] = 1;
    for (let k = 0; k < 3; k++) into[at.stealLeft! + k] = o.stealLeft[k]! / o.supply[k]!;
    into[at.stealThen!] = o.stealThen === Then.EndTurn ? 1 : 0;
  }
}

/**
 * Nine Muses' `Game.tensor`: 160 entries with the default cards at 3
 * players, all in [-1, 1] (`vpDiff` signed, the rest in [0, 1]).
 */
export const nineMusesTensor: ObservationTensor<NineMusesObservation> = {
  layout: (v) => variantPlan(v).layout,
  size: (v) => variantPlan(v).size,
  write: (o, _v, into) => write(o, into),
};
