/**
 * Nine Lives' determinization (`Game.determinize`): a full state drawn
 * uniformly among those consistent with a seat's observation. The base game
 * and the Powers game list the cards the seat cannot locate and the places it
 * cannot see; the constraint sampler (`unseen-sampler.ts`) deals them; the
 * cards are then put in place (`placeDrawn`) and the public fields copied.
 */
import { NO_WINNERS, RuleError, type Rng } from '../../core/index.js';
import { NUM_CARDS, NUM_SUITS, numberOf, suitOf } from './cards.js';
import { isWild } from './rules.js';
import { type NineLivesState, Phase, W_BID, W_DOWN, W_GIVING, W_HAND, W_LEFTOVER, W_OUT, W_PLAYED, W_PROMISE } from './state.js';
import { C_DECL_NUM, C_DECL_SUIT, PW_CHOICE, PW_DECLSLOT, PW_DECLSUIT, PW_LEAD, PW_LEADSLOT, PW_EVN, PW_REPLAY, PW_TAKEN, slotSeat } from './powers.js';
import { type NineLivesObservation, UNSEEN, UNSEEN_VALUE } from './observation.js';
import { ALL_SUITS, ASSIGN, drawUnseen, G_KIND, G_OWNER, GroupKind, POOL, seatGroups, setGroup } from './unseen-sampler.js';

/** Rejection draws tried before the sequential draw (`unseen-sampler.ts`). */
const REJECTION_TRIES = 64;
/** Powers: the places of the one unconstrained group, in order: promises, cards being given, face-down slots. */
const FREE_WHERE = new Uint8Array(NUM_CARDS);
const FREE_SLOT = new Int8Array(NUM_CARDS);
/** Powers: the cards of each seat's hand the observation locates (indexed by seat; nine at most). */
const HELD = new Uint8Array(NUM_SUITS);

/**
 * Fills `into` with a state consistent with `o`, the unseen cards (other
 * hands and, during bidding, the hidden bids) drawn uniformly at random
 * among the assignments that respect what `o` shows: each seat's shown voids,
 * plain bid cards, and (Black Cat) a plain card in every hand still to bid.
 * Rejection sampling gives the exact uniform draw; when it keeps failing (many
 * voids), a constrained sequential draw that is always feasible takes over.
 * The per-round history used by the statistics is not observed and is cleared.
 * @throws RuleError when the observation is inconsistent (a bug).
 */
export function determinize(o: NineLivesObservation, rng: Rng, into: NineLivesState): NineLivesState {
  return determinizeWith(o, rng, into, REJECTION_TRIES);
}

/** `determinize` with a given number of rejection tries (0 forces the fallback draw; for tests). */
export function determinizeWith(o: NineLivesObservation, rng: Rng, into: NineLivesState, tries: number): NineLivesState {
  if (o.powers) return determinizePowers(o, rng, into, tries);
  const P = o.players;
  const me = o.seat;
  const where = into.where;
  into.bid.fill(-1);
  let n = 0;
  for (let c = 0; c < NUM_CARDS; c++) {
    if (o.inGame[c] === 0) where[c] = W_OUT;
    else if (o.hand[c] === 1) where[c] = W_HAND + me;
    else if (o.leftover[c] === 1) where[c] = W_LEFTOVER;
    else if (o.played[c] === 1) where[c] = W_PLAYED;
    else POOL[n++] = c;
  }
  for (let q = 0; q < P; q++) {
    const b = o.bids[q]!;
    if (b < 0) continue;
    into.bid[q] = b;
    if (o.inGame[b] === 1) {
      where[b] = W_BID;
      const i = POOL.indexOf(b);
      if (i < 0 || i >= n) throw new RuleError(`nine-lives: observation of seat ${me} shows bid ${b} twice`);
      POOL.copyWithin(i, i + 1, n);
      n--;
    }
  }
  drawUnseen(o.blackCat, n, seatGroups(o, null), rng, tries, `observation of seat ${me}`);
  placeDrawn(o, into, n);
  countSuits(into, o.blackCat, P);
  return copyPublic(o, rng, into, P);
}

/**
 * Puts the `n` drawn cards of POOL where the sampler dealt them: a hand, a
 * hidden bid, or (Powers) the next of the free places `FREE_WHERE` /
 * `FREE_SLOT`, a face-down card taking the suit and number it counts as.
 */
function placeDrawn(o: NineLivesObservation, into: NineLivesState, n: number): void {
  const where = into.where;
  let f = 0;
  for (let i = 0; i < n; i++) {
    const c = POOL[i]!;
    const g = ASSIGN[i]!;
    if (G_KIND[g] === GroupKind.Bid) {
      where[c] = W_BID;
      into.bid[G_OWNER[g]!] = c;
    } else if (G_KIND[g] === GroupKind.Free) {
      where[c] = FREE_WHERE[f]!;
      const slot = FREE_SLOT[f++]!;
      if (slot >= 0) {
        into.slotCard[slot] = c;
        const pending = o.pw[PW_DECLSLOT] === slot && (o.pw[PW_CHOICE] === C_DECL_SUIT || o.pw[PW_CHOICE] === C_DECL_NUM);
        into.slotSuit[slot] = pending ? -1 : isWild(o.blackCat, c) ? 0 : suitOf(c);
        into.slotNum[slot] = pending ? -1 : numberOf(c);
      }
    } else where[c] = W_HAND + G_OWNER[g]!;
  }
}

/** Recounts `suitCount` from `where`: the plain cards of each hand by suit. */
function countSuits(into: NineLivesState, blackCat: boolean, P: number): void {
  const where = into.where;
  into.suitCount.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = where[c]!;
    if (w >= W_HAND && w < W_HAND + P && !isWild(blackCat, c)) into.suitCount[(w - W_HAND) * NUM_SUITS + suitOf(c)]!++;
  }
}

/**
 * Copies what every seat sees (counts, lives, voids, the trick, the turn,
 * the phase and round) from `o` into a sampled state, with `rng` as its
 * generator; the history of past rounds is cleared (no search reads it).
 * @returns `into`.
 */
function copyPublic(o: NineLivesObservation, rng: Rng, into: NineLivesState, P: number): NineLivesState {
  into.rng = rng;
  into.handCount.set(o.handCount);
  into.tricksWon.set(o.tricksWon);
  into.lives.set(o.lives);
  into.voids.set(o.voids);
  into.trickCard.set(o.trickCard);
  into.trickSuit.set(o.trickSuit);
  into.trickLen = o.trickLen;
  into.gains.fill(0);
  into.keeper = o.keeper;
  into.turn = o.turn;
  into.phase = o.phase;
  into.round = o.round;
  into.handSize = o.handSize;
  into.tricksLeft = o.tricksLeft;
  into.capped = false;
  into.winners = NO_WINNERS;
  if (o.phase === Phase.Over) {
    let most = 0;
    for (let q = 0; q < P; q++) most = Math.max(most, o.lives[q]!);
    const w: number[] = [];
    for (let q = 0; q < P; q++) if (o.lives[q] === most) w.push(q);
    into.winners = w;
  }
  into.histBid.fill(-1);
  into.histTricks.fill(0);
  into.histGain.fill(0);
  into.histHand.fill(0);
  return into;
}

/**
 * Powers (section 10): a state consistent with `o`. The cards `o` cannot
 * locate are dealt uniformly among the places it cannot see: other hands
 * (each avoiding the suits it has shown void, less the cards known there),
 * other seats' promises and cards being given, other seats' face-down plays,
 * and during bidding the bids made. A face-down card gets its printed suit
 * and number (a crown: the first suit) unless its declaration is pending;
 * the leading suit and `new_trump` values it set are read from it. Other
 * seats' knowledge (their seen cards and voids) is not observed: cleared.
 * @throws RuleError when the observation is inconsistent (a bug).
 */
function determinizePowers(o: NineLivesObservation, rng: Rng, into: NineLivesState, tries: number): NineLivesState {
  const P = o.players;
  const me = o.seat;
  const where = into.where;
  let n = 0;
  let free = 0;
  const inHand = HELD;
  inHand.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const v = o.place[c]!;
    if (v === UNSEEN) POOL[n++] = c;
    else {
      where[c] = v;
      if (v >= W_HAND && v < W_HAND + P) inHand[v - W_HAND]!++;
    }
  }
  let groups = seatGroups(o, inHand);
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    for (let k = 0; k < o.promiseCount[q]!; k++) (FREE_WHERE[free] = W_PROMISE + q), (FREE_SLOT[free++] = -1);
    for (let k = 0; k < o.giveCount[q]!; k++) (FREE_WHERE[free] = W_GIVING + q), (FREE_SLOT[free++] = -1);
  }
  for (let i = 0; i < o.trickLen; i++) {
    if (o.slotDown[i] === 1 && o.slotCard[i]! < 0 && o.slotBy[i] !== me) (FREE_WHERE[free] = W_DOWN), (FREE_SLOT[free++] = i);
  }
  if (free > 0) groups = setGroup(groups, -1, GroupKind.Free, free, ALL_SUITS, 0);
  drawUnseen(o.blackCat, n, groups, rng, tries, `powers observation of seat ${me}`);
  into.slotCard.set(o.slotCard);
  into.slotSuit.set(o.slotSuit);
  into.slotNum.set(o.slotNum);
  into.slotDown.set(o.slotDown);
  into.slotVoid.set(o.slotVoid);
  into.slotFlags.set(o.slotFlags);
  into.slotBy.set(o.slotBy);
  into.bid.fill(-1);
  placeDrawn(o, into, n);
  for (let q = 0; q < P; q++) if (o.bids[q]! >= 0) into.bid[q] = o.bids[q]!;
  countSuits(into, o.blackCat, P);
  into.powerOf.set(o.powerOf);
  into.rowCards.set(o.rowCards);
  into.rowLen.set(o.rowLen);
  into.pw.set(o.pw);
  into.evKey.set(o.evKey);
  into.evSeat.set(o.evSeat);
  into.evSlot.set(o.evSlot);
  into.evVal.set(o.evVal);
  if (into.pw[PW_LEAD] === UNSEEN_VALUE) into.pw[PW_LEAD] = into.slotSuit[into.pw[PW_LEADSLOT]!]!;
  if (into.pw[PW_DECLSUIT] === UNSEEN_VALUE) into.pw[PW_DECLSUIT] = 0;
  for (let e = 0; e < into.pw[PW_EVN]!; e++) if (into.evVal[e] === UNSEEN_VALUE) into.evVal[e] = into.slotSuit[into.evSlot[e]!]!;
  if (into.pw[PW_TAKEN] === UNSEEN_VALUE) {
    const r = slotSeat(into, into.pw[PW_REPLAY]!);
    let pick = -1;
    for (let c = 0; c < NUM_CARDS && pick < 0; c++) if (where[c] === W_HAND + r) pick = c;
    into.pw[PW_TAKEN] = pick;
  }
  into.pvoids.fill(0);
  into.pvoids.set(o.voids, me * P * NUM_SUITS);
  into.known.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const v = o.place[c]!;
    if (v >= W_HAND && v < W_HAND + P && v !== W_HAND + me) into.known[me * NUM_CARDS + c] = 1;
  }
  into.queueLen = 0;
  into.queueFor = -1;
  return copyPublic(o, rng, into, P);
}
