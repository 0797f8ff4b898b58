import { RuleError, shuffleInPlace, type Rng, type Variant } from '../../core/index.js';
import { boolParam, intParam } from '../../core/index.js';
import { CROWNS, NUM_CARDS, NUM_SUITS, suitOf } from './cards.js';
import { isWild } from './rules.js';
import { NineLivesState, Phase, W_BID, W_HAND, W_LEFTOVER, W_OUT, W_PLAYED } from './state.js';

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
  readonly players: number;
  readonly blackCat: boolean;
  readonly livesToWin: number;
  readonly teams: boolean;
  phase: Phase = Phase.Bid;
  /** The seat that decides now (-1 when over). */
  turn = 0;
  /** The Kittykeeper (leader of the current trick). */
  keeper = 0;
  /** Rounds finished. */
  round = 0;
  /** Cards dealt to each seat this round. */
  handSize = 0;
  tricksLeft = 0;
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
  readonly handCount: Uint8Array;
  readonly tricksWon: Uint8Array;
  readonly lives: Uint16Array;
  /** voids[q*9 + x] = 1 when q failed to follow suit x this round. */
  readonly voids: Uint8Array;
  /** The current trick's cards and the suits they count as, in playing order (-1 beyond `trickLen`). */
  readonly trickCard: Int8Array;
  readonly trickSuit: Int8Array;

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
  }
}

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
  return o;
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
