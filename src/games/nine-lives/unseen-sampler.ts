/**
 * Nine Lives' constraint sampler, behind `determinize.ts`: the cards a seat
 * cannot locate (`POOL`) dealt uniformly to the places it cannot see, cut
 * into groups (a hand avoiding the suits it has shown void, a hidden bid, the
 * Powers' other hidden places), each with a capacity and a mask of the suits
 * it may take. Rejection sampling gives the exact uniform draw; when it keeps
 * failing (many voids), a sequential draw checked by max-flow takes over,
 * which is always feasible. Everything is scratch: nothing is allocated per draw.
 */
import { RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { CROWNS, NUM_CARDS, NUM_SUITS, suitOf } from './cards.js';
import type { NineLivesObservation } from './observation.js';
import { isWild } from './rules.js';
import { Phase } from './state.js';

/** The most groups of one draw: a hidden bid and a hand for each of 8 other seats, the Powers' group, the fallback's split groups. */
const MAX_GROUPS = 24;
/** The cards to deal: the caller writes them into POOL[0..n-1]; a draw may reorder them. */
export const POOL = new Uint8Array(NUM_CARDS);
/** ASSIGN[i]: the group POOL[i] was dealt to, after a draw. */
export const ASSIGN = new Int8Array(NUM_CARDS);
const SHUFFLED = new Uint8Array(NUM_CARDS);

/** What a group of places is (`G_KIND`). */
export const enum GroupKind {
  /** A seat's hand. */
  Hand = 0,
  /** A seat's hidden bid (during bidding). */
  Bid = 1,
  /** Powers: the places no suit constraint applies to (promises, cards being given, face-down plays). */
  Free = 2,
}
/** G_OWNER[g]: the seat of group g (-1 for the Powers' free group). */
export const G_OWNER = new Int8Array(MAX_GROUPS);
/** G_KIND[g]: a `GroupKind`. */
export const G_KIND = new Uint8Array(MAX_GROUPS);
const G_CAP = new Uint8Array(MAX_GROUPS);
const G_MASK = new Uint16Array(MAX_GROUPS);
/** G_NEEDPLAIN[g] = 1: the hand group must get at least one plain card (Black Cat redeal rule). */
const G_NEEDPLAIN = new Uint8Array(MAX_GROUPS);
/** The suit mask of a group any suit may fill. */
export const ALL_SUITS = (1 << NUM_SUITS) - 1;
const CROWN_BIT = 1 << CROWNS;

/** Writes group g; returns g + 1. */
export function setGroup(g: number, owner: number, kind: GroupKind, cap: number, mask: number, needPlain: number): number {
  G_OWNER[g] = owner;
  G_KIND[g] = kind;
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
export function seatGroups(o: NineLivesObservation, held: Uint8Array | null): number {
  const plainMask = o.blackCat ? ALL_SUITS & ~CROWN_BIT : ALL_SUITS;
  let groups = 0;
  for (let q = 0; q < o.players; q++) {
    if (q === o.seat) continue;
    if (o.phase === Phase.Bid && q < o.turn && o.bids[q]! < 0) groups = setGroup(groups, q, GroupKind.Bid, 1, plainMask, 0);
    let mask = ALL_SUITS;
    for (let x = 0; x < NUM_SUITS; x++) if (o.voids[q * NUM_SUITS + x] === 1) mask &= ~(1 << x);
    const cap = o.handCount[q]! - (held === null ? 0 : held[q]!);
    groups = setGroup(groups, q, GroupKind.Hand, cap, mask, o.blackCat && o.phase === Phase.Bid && q >= o.turn && cap > 0 ? 1 : 0);
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
 * Deals the `n` cards of POOL to groups 0..groups-1 (ASSIGN filled): up to
 * `tries` rejection draws, then the sequential draw.
 * @param what the observation, for the message of an inconsistent one ("observation of seat 2").
 * @throws RuleError when the cards do not fill the places exactly, or no deal fits (a bug).
 */
export function drawUnseen(blackCat: boolean, n: number, groups: number, rng: Rng, tries: number, what: string): void {
  const slots = placesOf(groups);
  if (slots !== n) throw new RuleError(`nine-lives: ${what} leaves ${n} unseen cards for ${slots} places`);
  if (!rejectionDraw(blackCat, n, groups, rng, tries)) sequentialDraw(n, groups, rng);
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
      total = setGroup(total, G_OWNER[g]!, GroupKind.Hand, 1, G_MASK[g]! & ~CROWN_BIT, 0);
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
    for (let h = 0; h < groups; h++) if (G_OWNER[h] === G_OWNER[g] && G_KIND[h] === GroupKind.Hand) ASSIGN[i] = h;
  }
}
