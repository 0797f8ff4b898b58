/**
 * Nine Lives' determinization (`Game.determinize`): a full state drawn
 * uniformly among those consistent with a seat's observation: the unseen
 * cards dealt to the hands they may be in (voids, bids, Black Cat's and the
 * powers' constraints), by rejection sampling and, when that fails, an exact
 * sequential draw checked by max-flow. Split from `observation.ts`.
 */
import { RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { CROWNS, NUM_CARDS, NUM_SUITS, suitOf } from './cards.js';
import { isWild } from './rules.js';
import { type NineLivesState, Phase, W_BID, W_DOWN, W_GIVING, W_HAND, W_LEFTOVER, W_OUT, W_PLAYED, W_PROMISE } from './state.js';
import { C_DECL_NUM, C_DECL_SUIT, PW_CHOICE, PW_DECLSLOT, PW_DECLSUIT, PW_LEAD, PW_LEADSLOT, PW_EVN, PW_REPLAY, PW_TAKEN, slotSeat } from './powers.js';

import { type NineLivesObservation, UNSEEN } from './observation.js';

// Scratch buffers of `determinize` (it allocates nothing).
const MAX_GROUPS = 24;
const POOL = new Uint8Array(NUM_CARDS);
const SHUFFLED = new Uint8Array(NUM_CARDS);
/** A group of unseen places: a hidden bid, a hand, or (fallback) the one plain card an unbid hand must hold. */
const G_OWNER = new Int8Array(MAX_GROUPS);
const G_BID = new Uint8Array(MAX_GROUPS);
const G_CAP = new Uint8Array(MAX_GROUPS);
const G_MASK = new Uint16Array(MAX_GROUPS);
/** G_NEEDPLAIN[g] = 1: the hand group must get at least one plain card (Black Cat redeal rule). */
const G_NEEDPLAIN = new Uint8Array(MAX_GROUPS);
const ASSIGN = new Int8Array(NUM_CARDS);
const REJECTION_TRIES = 64;
/** The winners of every unfinished determinized state (shared, never written: a finished game gets its own array). */
const NO_WINNERS: number[] = [];
const ALL_SUITS = (1 << NUM_SUITS) - 1;
const CROWN_BIT = 1 << CROWNS;

/** Writes group g (kind 0 a hand, 1 a hidden bid, 2 the powers' unconstrained places); returns g + 1. */
function setGroup(g: number, owner: number, kind: number, cap: number, mask: number, needPlain: number): number {
  G_OWNER[g] = owner;
  G_BID[g] = kind;
  G_CAP[g] = cap;
  G_MASK[g] = mask;
  G_NEEDPLAIN[g] = needPlain;
  return g + 1;
}

/**
 * The groups of unseen places of the seats other than `o.seat`, from group 0,
 * seat by seat: during bidding, the hidden bid of a seat that has bid (a
 * plain card with Black Cat); then its hand, avoiding the suits it has shown
 * void, with its hand count less `held[q]` places (the cards of it `o`
 * already locates; `held` null: none). With Black Cat, a hand still to bid
 * must get a plain card.
 * @returns the number of groups.
 */
function seatGroups(o: NineLivesObservation, held: Uint8Array | null): number {
  const plainMask = o.blackCat ? ALL_SUITS & ~CROWN_BIT : ALL_SUITS;
  let groups = 0;
  for (let q = 0; q < o.players; q++) {
    if (q === o.seat) continue;
    if (o.phase === Phase.Bid && q < o.turn && o.bids[q]! < 0) groups = setGroup(groups, q, 1, 1, plainMask, 0);
    let mask = ALL_SUITS;
    for (let x = 0; x < NUM_SUITS; x++) if (o.voids[q * NUM_SUITS + x] === 1) mask &= ~(1 << x);
    const cap = o.handCount[q]! - (held === null ? 0 : held[q]!);
    groups = setGroup(groups, q, 0, cap, mask, o.blackCat && o.phase === Phase.Bid && q >= o.turn && cap > 0 ? 1 : 0);
  }
  return groups;
}

/** The unseen places of groups 0..groups-1 (their capacities' sum). */
function placesOf(groups: number): number {
  let slots = 0;
  for (let g = 0; g < groups; g++) slots += G_CAP[g]!;
  return slots;
}

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
  const groups = seatGroups(o, null);
  const slots = placesOf(groups);
  if (slots !== n) throw new RuleError(`nine-lives: observation of seat ${me} leaves ${n} unseen cards for ${slots} places`);
  if (!rejectionDraw(o.blackCat, n, groups, rng, tries)) sequentialDraw(n, groups, rng);
  for (let i = 0; i < n; i++) {
    const c = POOL[i]!;
    const g = ASSIGN[i]!;
    if (G_BID[g] === 1) {
      where[c] = W_BID;
      into.bid[G_OWNER[g]!] = c;
    } else where[c] = W_HAND + G_OWNER[g]!;
  }
  into.suitCount.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = where[c]!;
    if (w >= W_HAND && !isWild(o.blackCat, c)) into.suitCount[(w - W_HAND) * NUM_SUITS + suitOf(c)]!++;
  }
  return copyPublic(o, rng, into, P);
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

/** Shuffles the pool and fills the groups in order; true (ASSIGN filled, POOL reordered) when every constraint holds. */
function rejectionDraw(blackCat: boolean, n: number, groups: number, rng: Rng, tries: number): boolean {
  for (let k = 0; k < tries; k++) {
    SHUFFLED.set(POOL.subarray(0, n));
    shuffleInPlace(SHUFFLED, rng, n);
    let i = 0;
    let ok = true;
    for (let g = 0; g < groups && ok; g++) {
      let plain = false;
      for (let k = 0; k < G_CAP[g]!; k++, i++) {
        const c = SHUFFLED[i]!;
        if ((G_MASK[g]! & (1 << suitOf(c))) === 0) ok = false;
        if (!isWild(blackCat, c)) plain = true;
        ASSIGN[i] = g;
      }
      if (G_NEEDPLAIN[g] === 1 && !plain) ok = false;
    }
    if (ok) {
      POOL.set(SHUFFLED.subarray(0, n));
      return true;
    }
  }
  return false;
}

// Max-flow scratch: node 0 source, 1..9 suits, 10..10+G-1 groups, then the sink.
const MAX_NODES = 1 + NUM_SUITS + MAX_GROUPS + 1;
const CAPS = new Int32Array(MAX_NODES * MAX_NODES);
const PREV = new Int32Array(MAX_NODES);
const QUEUE = new Int32Array(MAX_NODES);
const SUIT_LEFT = new Int32Array(NUM_SUITS);
const CAP_LEFT = new Int32Array(MAX_GROUPS);

/** True when the remaining suit counts `SUIT_LEFT` fit the remaining group capacities `CAP_LEFT` (Edmonds-Karp). */
function feasible(groups: number): boolean {
  const nodes = 2 + NUM_SUITS + groups;
  const sink = nodes - 1;
  CAPS.fill(0, 0, MAX_NODES * MAX_NODES);
  let need = 0;
  for (let x = 0; x < NUM_SUITS; x++) {
    CAPS[1 + x] = SUIT_LEFT[x]!;
    need += SUIT_LEFT[x]!;
    for (let g = 0; g < groups; g++) if ((G_MASK[g]! & (1 << x)) !== 0) CAPS[(1 + x) * MAX_NODES + 1 + NUM_SUITS + g] = 1 << 20;
  }
  for (let g = 0; g < groups; g++) CAPS[(1 + NUM_SUITS + g) * MAX_NODES + sink] = CAP_LEFT[g]!;
  let flow = 0;
  for (;;) {
    PREV.fill(-1, 0, nodes);
    PREV[0] = 0;
    let head = 0;
    let tail = 0;
    QUEUE[tail++] = 0;
    while (head < tail && PREV[sink] === -1) {
      const u = QUEUE[head++]!;
      for (let v = 0; v < nodes; v++) {
        if (PREV[v] === -1 && CAPS[u * MAX_NODES + v]! > 0) {
          PREV[v] = u;
          QUEUE[tail++] = v;
        }
      }
    }
    if (PREV[sink] === -1) break;
    let push = 1 << 20;
    for (let v = sink; v !== 0; v = PREV[v]!) push = Math.min(push, CAPS[PREV[v]! * MAX_NODES + v]!);
    for (let v = sink; v !== 0; v = PREV[v]!) {
      CAPS[PREV[v]! * MAX_NODES + v]! -= push;
      CAPS[v * MAX_NODES + PREV[v]!]! += push;
    }
    flow += push;
  }
  return flow === need;
}

/**
 * The fallback draw: cards in random order, each to a random group (weighted
 * by free places) among those where the rest can still be placed. The "one
 * plain card" of an unbid Black Cat hand becomes its own group of one place.
 */
function sequentialDraw(n: number, groups: number, rng: Rng): void {
  let total = groups;
  for (let g = 0; g < groups; g++) {
    if (G_NEEDPLAIN[g] === 1 && G_CAP[g]! > 0) {
      total = setGroup(total, G_OWNER[g]!, 0, 1, G_MASK[g]! & ~CROWN_BIT, 0);
      G_CAP[g]!--;
      G_NEEDPLAIN[g] = 0;
    }
  }
  shuffleInPlace(POOL, rng, n);
  SUIT_LEFT.fill(0);
  for (let i = 0; i < n; i++) SUIT_LEFT[suitOf(POOL[i]!)]!++;
  for (let g = 0; g < total; g++) CAP_LEFT[g] = G_CAP[g]!;
  if (!feasible(total)) throw new RuleError('nine-lives: no deal of the unseen cards fits the observation');
  for (let i = 0; i < n; i++) {
    const x = suitOf(POOL[i]!);
    const bit = 1 << x;
    SUIT_LEFT[x]!--;
    let excluded = 0; // bit set of groups tried and found infeasible
    for (;;) {
      let weight = 0;
      for (let g = 0; g < total; g++) if ((excluded & (1 << g)) === 0 && (G_MASK[g]! & bit) !== 0) weight += CAP_LEFT[g]!;
      if (weight === 0) throw new RuleError('nine-lives: determinization found no place for a card');
      let r = rng.int(weight);
      let g = 0;
      for (; g < total; g++) {
        if ((excluded & (1 << g)) !== 0 || (G_MASK[g]! & bit) === 0) continue;
        if (r < CAP_LEFT[g]!) break;
        r -= CAP_LEFT[g]!;
      }
      CAP_LEFT[g]!--;
      if (feasible(total)) {
        ASSIGN[i] = g;
        break;
      }
      CAP_LEFT[g]!++;
      excluded |= 1 << g;
    }
  }
  // Fold the split "one plain card" groups back onto their hands.
  for (let i = 0; i < n; i++) {
    const g = ASSIGN[i]!;
    if (g < groups) continue;
    for (let h = 0; h < groups; h++) if (G_OWNER[h] === G_OWNER[g] && G_BID[h] === 0) ASSIGN[i] = h;
  }
}

/** Powers: the places of the one unconstrained group, in order: promises, cards being given, face-down slots. */
const FREE_WHERE = new Uint8Array(NUM_CARDS);
const FREE_SLOT = new Int8Array(NUM_CARDS);

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
  if (free > 0) groups = setGroup(groups, -1, 2, free, ALL_SUITS, 0);
  const slots = placesOf(groups);
  if (slots !== n) throw new RuleError(`nine-lives: powers observation of seat ${me} leaves ${n} unseen cards for ${slots} places`);
  if (!rejectionDraw(o.blackCat, n, groups, rng, tries)) sequentialDraw(n, groups, rng);
  into.slotCard.set(o.slotCard);
  into.slotSuit.set(o.slotSuit);
  into.slotNum.set(o.slotNum);
  into.slotDown.set(o.slotDown);
  into.slotVoid.set(o.slotVoid);
  into.slotFlags.set(o.slotFlags);
  into.slotBy.set(o.slotBy);
  into.bid.fill(-1);
  let f = 0;
  for (let i = 0; i < n; i++) {
    const c = POOL[i]!;
    const g = ASSIGN[i]!;
    if (G_BID[g] === 1) {
      where[c] = W_BID;
      into.bid[G_OWNER[g]!] = c;
    } else if (G_BID[g] === 2) {
      where[c] = FREE_WHERE[f]!;
      const slot = FREE_SLOT[f++]!;
      if (slot >= 0) {
        into.slotCard[slot] = c;
        const pending = o.pw[PW_DECLSLOT] === slot && (o.pw[PW_CHOICE] === C_DECL_SUIT || o.pw[PW_CHOICE] === C_DECL_NUM);
        into.slotSuit[slot] = pending ? -1 : isWild(o.blackCat, c) ? 0 : suitOf(c);
        into.slotNum[slot] = pending ? -1 : (c % 9) + 1;
      }
    } else where[c] = W_HAND + G_OWNER[g]!;
  }
  for (let q = 0; q < P; q++) if (o.bids[q]! >= 0) into.bid[q] = o.bids[q]!;
  into.suitCount.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = where[c]!;
    if (w >= W_HAND && w < W_HAND + P && !isWild(o.blackCat, c)) into.suitCount[(w - W_HAND) * NUM_SUITS + suitOf(c)]!++;
  }
  into.powerOf.set(o.powerOf);
  into.rowCards.set(o.rowCards);
  into.rowLen.set(o.rowLen);
  into.pw.set(o.pw);
  into.evKey.set(o.evKey);
  into.evSeat.set(o.evSeat);
  into.evSlot.set(o.evSlot);
  into.evVal.set(o.evVal);
  if (into.pw[PW_LEAD] === -2) into.pw[PW_LEAD] = into.slotSuit[into.pw[PW_LEADSLOT]!]!;
  if (into.pw[PW_DECLSUIT] === -2) into.pw[PW_DECLSUIT] = 0;
  for (let e = 0; e < into.pw[PW_EVN]!; e++) if (into.evVal[e] === -2) into.evVal[e] = into.slotSuit[into.evSlot[e]!]!;
  if (into.pw[PW_TAKEN] === -2) {
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
const HELD = new Uint8Array(NUM_SUITS);
