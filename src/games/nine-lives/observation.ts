import { RuleError, shuffleInPlace, type Rng, type Variant } from '../../core/index.js';
import { boolParam, intParam } from '../../core/index.js';
import { CROWNS, NUM_CARDS, NUM_SUITS, suitOf } from './cards.js';
import { isWild } from './rules.js';
import {
  MAX_EVENTS,
  MAX_SLOTS,
  type NineLivesState,
  Phase,
  PW_SIZE,
  W_BID,
  W_DOWN,
  W_GIVING,
  W_HAND,
  W_LEFTOVER,
  W_OUT,
  W_PLAYED,
  W_PROMISE,
} from './state.js';
import {
  C_DECL_NUM,
  C_DECL_SUIT,
  PW_CHOICE,
  PW_DECLSLOT,
  PW_DECLSUIT,
  PW_LEAD,
  PW_LEADSLOT,
  PW_EVN,
  PW_MUSTLEAD,
  PW_REPLAY,
  PW_TAKEN,
  slotSeat,
} from './powers.js';
import { K_NEW_TRUMP } from './powers-list.js';

/**
 * What one seat sees (`nine-lives.md`, "Hidden information"): its own hand
 * and bid, the cards still in the game, the revealed leftovers, every card
 * played this round and the current trick (with declared suits), the bids
 * once all are in, tricks won, lives, hand sizes, and the suits each seat has
 * shown it lacks. During bidding no other seat's bid is shown.
 */
export class NineLivesObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Variant `blackCat`: crowns are wildcards and make the lowest number win. */
  readonly blackCat: boolean;
  /** Lives that end the game (variant `livesToWin`). */
  readonly livesToWin: number;
  /** Variant `teams`: seats whose bids share a suit score as a team. */
  readonly teams: boolean;
  /** What the game waits for (see `Phase`: a bid, a play, a Powers choice, over). */
  phase: Phase = Phase.Bid;
  /** The seat that decides now (-1 when over). */
  turn = 0;
  /** The Kittykeeper (leader of the current trick). */
  keeper = 0;
  /** Rounds finished. */
  round = 0;
  /** Cards dealt to each seat this round. */
  handSize = 0;
  /** Tricks still to play this round. */
  tricksLeft = 0;
  /** Cards played to the current trick (the used length of `trickCard`, `trickSuit` and the slot arrays). */
  trickLen = 0;
  /** inGame[c] = 1 for every card not yet scored (by id, see `cards.ts`). */
  readonly inGame = new Uint8Array(NUM_CARDS);
  /** hand[c] = 1 for the cards in this seat's hand. */
  readonly hand = new Uint8Array(NUM_CARDS);
  /** leftover[c] = 1 for this round's revealed leftovers. */
  readonly leftover = new Uint8Array(NUM_CARDS);
  /** played[c] = 1 for the cards played to tricks this round. */
  readonly played = new Uint8Array(NUM_CARDS);
  /** bids[q]: q's bid card when this seat may see it (its own; everyone's once all have bid), else -1. */
  readonly bids: Int8Array;
  /** handCount[q]: cards in seat q's hand (length P; public). */
  readonly handCount: Uint8Array;
  /** tricksWon[q]: tricks seat q has won this round (length P; public). */
  readonly tricksWon: Uint8Array;
  /** lives[q]: seat q's lives, the sum of the numbers of its scored bid cards (length P; the game's scores). */
  readonly lives: Uint16Array;
  /** voids[q*9 + x] = 1 when q failed to follow suit x this round. */
  readonly voids: Uint8Array;
  /** The current trick's cards and the suits they count as, in playing order (-1 beyond `trickLen`). */
  readonly trickCard: Int8Array;
  /** trickSuit[i]: the suit trick card i counts as (a crown's declared suit), -1 beyond `trickLen` (length P). */
  readonly trickSuit: Int8Array;

  // ---- Powers (`nine-lives-powers.md`, section 10); left empty when `powers` is false. ----
  /** Variant `powers`: the Powers variant is on (the fields below are filled). */
  readonly powers: boolean;
  /** place[c]: where card c is as this seat knows it (a `W_*` of `state.ts`), `UNSEEN` when it cannot tell. */
  readonly place = new Uint8Array(NUM_CARDS);
  /** The power index of every card (public, section 1.4). */
  readonly powerOf = new Int8Array(NUM_CARDS);
  /** rowCards[q*82 + i]: the i-th card of seat q's row, left to right, -1 beyond `rowLen[q]` (length 82P; rows are face up). */
  readonly rowCards: Int8Array;
  /** rowLen[q]: cards in seat q's row (length P). */
  readonly rowLen: Uint8Array;
  /** slotCard[i]: the card in slot i of the trick (playing order from 0); -1 when it is face down and another seat's, or empty. */
  readonly slotCard = new Int8Array(MAX_SLOTS);
  /** slotSuit[i]: the suit slot i's card counts as; -1 when face down and another seat's, or empty. */
  readonly slotSuit = new Int8Array(MAX_SLOTS);
  /** slotNum[i]: the number slot i's card counts as; -1 when face down and another seat's, or empty. */
  readonly slotNum = new Int8Array(MAX_SLOTS);
  /** slotDown[i]: 1 when slot i's card was played face down (public). */
  readonly slotDown = new Uint8Array(MAX_SLOTS);
  /** slotVoid[i]: the leading suit a face-down play failed to follow while bound, shown when turned up; else -1. */
  readonly slotVoid = new Int8Array(MAX_SLOTS);
  /** slotFlags[i]: the turn's powers of the play in slot i (bits F_* of `powers.ts`). */
  readonly slotFlags = new Uint8Array(MAX_SLOTS);
  /** slotBy[i]: the seat that put slot i's card there (public; it alone sees the card while face down). */
  readonly slotBy = new Int8Array(MAX_SLOTS);
  /** evKey[j]: the key of the j-th power used this trick (powers-list.ts). */
  readonly evKey = new Int8Array(MAX_EVENTS);
  /** evSeat[j]: the seat that used the j-th power of this trick. */
  readonly evSeat = new Int8Array(MAX_EVENTS);
  /** evSlot[j]: the user's slot in the trick, -1 before it played. */
  readonly evSlot = new Int8Array(MAX_EVENTS);
  /** evVal[j]: a value read when the power was used or played (-2 when read from a hidden card). */
  readonly evVal = new Int8Array(MAX_EVENTS);
  /** The public scalars (`PW_*` of `powers.ts`); the leading suit shows -2 while set by a hidden card. */
  readonly pw = new Int16Array(PW_SIZE);
  /** promiseCount[q]: cards seat q holds as its promise (length P; public, the cards are not). */
  readonly promiseCount: Uint8Array;
  /** giveCount[q]: cards seat q has chosen to give and not yet passed (length P; public). */
  readonly giveCount: Uint8Array;

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.blackCat = boolParam(variant, 'blackCat');
    this.livesToWin = intParam(variant, 'livesToWin');
    this.teams = boolParam(variant, 'teams');
    const p = this.players;
    this.bids = new Int8Array(p);
    this.handCount = new Uint8Array(p);
    this.tricksWon = new Uint8Array(p);
    this.lives = new Uint16Array(p);
    this.voids = new Uint8Array(p * NUM_SUITS);
    this.trickCard = new Int8Array(p);
    this.trickSuit = new Int8Array(p);
    this.powers = variant.powers === true;
    this.rowCards = new Int8Array(p * 82);
    this.rowLen = new Uint8Array(p);
    this.promiseCount = new Uint8Array(p);
    this.giveCount = new Uint8Array(p);
  }
}

/** `place[c]` of a card the observer cannot locate. */
export const UNSEEN = 255;

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: NineLivesState, seat: number, o: NineLivesObservation): NineLivesObservation {
  o.seat = seat;
  o.phase = s.phase;
  o.turn = s.turn;
  o.keeper = s.keeper;
  o.round = s.round;
  o.handSize = s.handSize;
  o.tricksLeft = s.tricksLeft;
  o.trickLen = s.trickLen;
  const mine = W_HAND + seat;
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = s.where[c]!;
    o.inGame[c] = w !== W_OUT ? 1 : 0;
    o.hand[c] = w === mine ? 1 : 0;
    o.leftover[c] = w === W_LEFTOVER ? 1 : 0;
    o.played[c] = w === W_PLAYED ? 1 : 0;
  }
  if (s.phase === Phase.Bid) {
    o.bids.fill(-1);
    o.bids[seat] = s.bid[seat]!;
  } else o.bids.set(s.bid);
  o.handCount.set(s.handCount);
  o.tricksWon.set(s.tricksWon);
  o.lives.set(s.lives);
  o.voids.set(s.voids);
  o.trickCard.set(s.trickCard);
  o.trickSuit.set(s.trickSuit);
  if (s.powers) observePowers(s, seat, o);
  return o;
}

/**
 * Section 10: what seat `seat` sees of the Powers state besides the base
 * game's view: rows, piles, the power of every card, every face-up play, the
 * cards known in other hands (shown, or seen entering), its own promise and
 * cards being given, its own face-down plays, counts of hands, promises and
 * cards being given, the voids it has seen shown and not forgotten.
 */
function observePowers(s: NineLivesState, seat: number, o: NineLivesObservation): void {
  const P = s.players;
  o.powerOf.set(s.powerOf);
  o.rowCards.set(s.rowCards);
  o.rowLen.set(s.rowLen);
  o.pw.set(s.pw);
  o.evKey.set(s.evKey);
  o.evSeat.set(s.evSeat);
  o.evSlot.set(s.evSlot);
  o.evVal.set(s.evVal);
  o.slotCard.set(s.slotCard);
  o.slotSuit.set(s.slotSuit);
  o.slotNum.set(s.slotNum);
  o.slotDown.set(s.slotDown);
  o.slotVoid.set(s.slotVoid);
  o.slotFlags.set(s.slotFlags);
  o.slotBy.set(s.slotBy);
  o.voids.set(s.pvoids.subarray(seat * P * NUM_SUITS, (seat + 1) * P * NUM_SUITS));
  o.promiseCount.fill(0);
  o.giveCount.fill(0);
  for (let c = 0; c < NUM_CARDS; c++) {
    const w = s.where[c]!;
    let v = w;
    if (w >= W_HAND && w < W_HAND + P) {
      if (w !== W_HAND + seat && s.known[seat * NUM_CARDS + c] === 0) v = UNSEEN;
    } else if (w >= W_PROMISE && w < W_PROMISE + P) {
      o.promiseCount[w - W_PROMISE]!++;
      if (w !== W_PROMISE + seat) v = UNSEEN;
    } else if (w >= W_GIVING && w < W_GIVING + P) {
      o.giveCount[w - W_GIVING]!++;
      if (w !== W_GIVING + seat) v = UNSEEN;
    } else if (w === W_BID) {
      if (s.phase === Phase.Bid && s.bid[seat] !== c) v = UNSEEN;
    }
    o.place[c] = v;
  }
  for (let i = 0; i < s.trickLen; i++) {
    if (s.slotDown[i] === 0 || s.slotBy[i] === seat) continue;
    o.place[s.slotCard[i]!] = UNSEEN;
    o.slotCard[i] = -1;
    o.slotSuit[i] = -1;
    o.slotNum[i] = -1;
    o.slotVoid[i] = -1;
    if (s.pw[PW_LEADSLOT] === i) o.pw[PW_LEAD] = -2;
    if (s.pw[PW_DECLSLOT] === i) o.pw[PW_DECLSUIT] = -2; // a face-down wildcard's suit while its number is chosen
    for (let e = 0; e < s.pw[PW_EVN]!; e++) if (s.evKey[e] === K_NEW_TRUMP && s.evSlot[e] === i) o.evVal[e] = -2;
  }
  const taken = s.pw[PW_TAKEN]!;
  if (taken >= 0 && o.place[taken] === UNSEEN) o.pw[PW_TAKEN] = -2;
  if (s.turn !== seat) o.pw[PW_MUSTLEAD] = 0;
}

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
  // The groups of unseen places.
  const crownBit = 1 << CROWNS;
  const allSuits = (1 << NUM_SUITS) - 1;
  const plainMask = o.blackCat ? allSuits & ~crownBit : allSuits;
  let groups = 0;
  let slots = 0;
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    if (o.phase === Phase.Bid && q < o.turn && o.bids[q]! < 0) {
      G_OWNER[groups] = q;
      G_BID[groups] = 1;
      G_CAP[groups] = 1;
      G_MASK[groups] = plainMask;
      G_NEEDPLAIN[groups] = 0;
      groups++;
      slots++;
    }
    let mask = allSuits;
    for (let x = 0; x < NUM_SUITS; x++) if (o.voids[q * NUM_SUITS + x] === 1) mask &= ~(1 << x);
    G_OWNER[groups] = q;
    G_BID[groups] = 0;
    G_CAP[groups] = o.handCount[q]!;
    G_MASK[groups] = mask;
    G_NEEDPLAIN[groups] = o.blackCat && o.phase === Phase.Bid && q >= o.turn && o.handCount[q]! > 0 ? 1 : 0;
    groups++;
    slots += o.handCount[q]!;
  }
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
  const crownBit = 1 << CROWNS;
  let total = groups;
  for (let g = 0; g < groups; g++) {
    if (G_NEEDPLAIN[g] === 1 && G_CAP[g]! > 0) {
      G_OWNER[total] = G_OWNER[g]!;
      G_BID[total] = 0;
      G_CAP[total] = 1;
      G_MASK[total] = G_MASK[g]! & ~crownBit;
      G_NEEDPLAIN[total] = 0;
      G_CAP[g]!--;
      G_NEEDPLAIN[g] = 0;
      total++;
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
  const crownBit = 1 << CROWNS;
  const allSuits = (1 << NUM_SUITS) - 1;
  const plainMask = o.blackCat ? allSuits & ~crownBit : allSuits;
  let groups = 0;
  let slots = 0;
  for (let q = 0; q < P; q++) {
    if (q === me) continue;
    if (o.phase === Phase.Bid && q < o.turn && o.bids[q]! < 0) {
      G_OWNER[groups] = q;
      G_BID[groups] = 1;
      G_CAP[groups] = 1;
      G_MASK[groups] = plainMask;
      G_NEEDPLAIN[groups] = 0;
      groups++;
      slots++;
    }
    let mask = allSuits;
    for (let x = 0; x < NUM_SUITS; x++) if (o.voids[q * NUM_SUITS + x] === 1) mask &= ~(1 << x);
    const cap = o.handCount[q]! - inHand[q]!;
    G_OWNER[groups] = q;
    G_BID[groups] = 0;
    G_CAP[groups] = cap;
    G_MASK[groups] = mask;
    G_NEEDPLAIN[groups] = o.blackCat && o.phase === Phase.Bid && q >= o.turn && cap > 0 ? 1 : 0;
    groups++;
    slots += cap;
    for (let k = 0; k < o.promiseCount[q]!; k++) (FREE_WHERE[free] = W_PROMISE + q), (FREE_SLOT[free++] = -1);
    for (let k = 0; k < o.giveCount[q]!; k++) (FREE_WHERE[free] = W_GIVING + q), (FREE_SLOT[free++] = -1);
  }
  for (let i = 0; i < o.trickLen; i++) {
    if (o.slotDown[i] === 1 && o.slotCard[i]! < 0 && o.slotBy[i] !== me) (FREE_WHERE[free] = W_DOWN), (FREE_SLOT[free++] = i);
  }
  if (free > 0) {
    G_OWNER[groups] = -1;
    G_BID[groups] = 2;
    G_CAP[groups] = free;
    G_MASK[groups] = allSuits;
    G_NEEDPLAIN[groups] = 0;
    groups++;
    slots += free;
  }
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
const HELD = new Uint8Array(NUM_SUITS);
