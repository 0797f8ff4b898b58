import { NO_WINNERS, RuleError, type Rng } from '../../core/index.js';
import { lowestBit } from '../../core/bits.js';
import { emptied, fillPairsDeck, lowestRank, nthRank, PAIRS_RANKS, ranksIn, RANK_SLOTS, writeRanks } from '../../cards/pairs.js';
import { A_ASK, A_BELAY, A_DECLARE_NO, A_DECLARE_YES, A_DISCARD, A_DISCOVER, A_FOLLOW, A_GIVE, A_ORDER, A_PASS, MAX_SEATS, NUM_ACTIONS } from './actions.js';
import { encodeAction } from './codec.js';
import { type CaptainsOrdersState, LastKind, Phase } from './state.js';

/** The 55 cards of a PAIRS deck, ascending (copied into the state's deck before each deal). */
const FULL_DECK = new Uint8Array(55);
fillPairsDeck(FULL_DECK);

/** Rounds after which the game ends capped (`captains-orders.md`, "The game"). */
export const ROUND_CAP = 60;

/** The seat that decides now. */
export function currentSeat(s: CaptainsOrdersState): number {
  switch (s.phase) {
    case Phase.Turn:
      return s.turn;
    case Phase.Discard:
    case Phase.Give:
      return s.pending;
    case Phase.Declare:
      return s.runout;
    default:
      return -1;
  }
}

/** Writes the legal actions ascending into `into`; returns the count. */
export function legalActions(s: CaptainsOrdersState, into: Int32Array): number {
  const P = s.players;
  let n = 0;
  switch (s.phase) {
    case Phase.Turn: {
      // Runs of ranks are written branch-free (see writeRanks): no loop
      // exit depends on the cards. (Branch-free runs of seats measured no
      // faster than these loops.)
      const t = s.turn;
      const held = s.handMasks[t]!;
      const order = s.orderRank;
      if (order === 0) {
        n = writeRanks(into, n, A_ORDER - 1, held);
        for (let m = held; m !== 0; m &= m - 1) {
          const base = A_PASS + (lowestBit(m) - 1) * MAX_SEATS;
          for (let q = 0; q < t; q++) into[n++] = base + q;
          for (let q = t + 1; q < P; q++) into[n++] = base + q;
        }
        for (let q = 0; q < t; q++) into[n++] = A_ASK + q;
        for (let q = t + 1; q < P; q++) into[n++] = A_ASK + q;
      }
      for (let q = 0; q < t; q++) into[n++] = A_DISCOVER + q;
      for (let q = t + 1; q < P; q++) into[n++] = A_DISCOVER + q;
      if (order !== 0) {
        // Follow: held ranks >= the Order; belay: held ranks below it.
        n = writeRanks(into, n, A_FOLLOW - 1, held & ~((1 << order) - 1));
        n = writeRanks(into, n, A_BELAY - 1, held & ((1 << order) - 1));
      }
      return n;
    }
    case Phase.Discard:
    case Phase.Give:
      return writeRanks(into, 0, s.phase === Phase.Discard ? A_DISCARD - 1 : A_GIVE - 1, s.handMasks[s.pending]!);
    case Phase.Declare:
      into[0] = A_DECLARE_NO;
      into[1] = A_DECLARE_YES;
      return 2;
    default:
      return 0;
  }
}

/** The number of legal actions, as `legalActions` returns, without listing them. */
export function legalCount(s: CaptainsOrdersState): number {
  switch (s.phase) {
    case Phase.Turn: {
      const k = ranksIn(s.handMasks[s.turn]!);
      const others = s.players - 1;
      // No Order: order k ranks, pass k ranks to each other seat, ask and discover each other seat.
      // Under an Order: discover each other seat, follow or belay with each held rank.
      return s.orderRank === 0 ? k * s.players + 2 * others : others + k;
    }
    case Phase.Discard:
    case Phase.Give:
      return ranksIn(s.handMasks[s.pending]!);
    case Phase.Declare:
      return 2;
    default:
      return 0;
  }
}

/** The i-th other seat than `t` (0 <= i < P - 1), ascending; branch-free (`t - i - 1 < 0` exactly when i >= t). */
function otherSeat(t: number, i: number): number {
  return i + ((t - i - 1) >>> 31);
}

/** `legal[i]` after `legalActions(s, legal)`, decoded from the layout that function writes (0 <= i < legalCount(s)). */
export function legalAt(s: CaptainsOrdersState, i: number): number {
  switch (s.phase) {
    case Phase.Turn: {
      const t = s.turn;
      const held = s.handMasks[t]!;
      const others = s.players - 1;
      const order = s.orderRank;
      if (order === 0) {
        const k = ranksIn(held);
        if (i < k) return A_ORDER - 1 + nthRank(held, i);
        i -= k;
        if (i < k * others) {
          const rankIndex = (i / others) | 0;
          return A_PASS + (nthRank(held, rankIndex) - 1) * MAX_SEATS + otherSeat(t, i - rankIndex * others);
        }
        i -= k * others;
        if (i < others) return A_ASK + otherSeat(t, i);
        return A_DISCOVER + otherSeat(t, i - others);
      }
      if (i < others) return A_DISCOVER + otherSeat(t, i);
      i -= others;
      const follow = held & ~((1 << order) - 1);
      const kf = ranksIn(follow);
      if (i < kf) return A_FOLLOW - 1 + nthRank(follow, i);
      return A_BELAY - 1 + nthRank(held & ((1 << order) - 1), i - kf);
    }
    case Phase.Discard:
      return A_DISCARD - 1 + nthRank(s.handMasks[s.pending]!, i);
    case Phase.Give:
      return A_GIVE - 1 + nthRank(s.handMasks[s.pending]!, i);
    default:
      return A_DECLARE_NO + i;
  }
}

/** Starts a new game: clears round wins, seat 0 deals the first round. */
export function deal(s: CaptainsOrdersState, rng: Rng): void {
  s.rng = rng;
  s.deck.set(FULL_DECK);
  for (let q = 0; q < s.players; q++) s.roundWins[q] = 0;
  s.round = 0;
  s.dealer = 0;
  s.capped = false;
  s.winners = NO_WINNERS;
  startRound(s);
}

/** Shuffles the whole deck and deals `handSize` cards to each seat ("A round", 1-2). */
function startRound(s: CaptainsOrdersState): void {
  const P = s.players;
  const h = s.handSize;
  // A partial Fisher-Yates shuffle: only the P x handSize dealt positions are
  // drawn. The deck holds all 55 cards in some order (reset to FULL_DECK when
  // a game starts); any starting order gives uniformly random dealt cards.
  // Each drawn card goes straight to its hand: positions 0..h-1 to seat 0, and so on.
  const deck = s.deck;
  s.roundBuffer.fill(0);
  s.rng.drawInto(deck, 55, P * h);
  const hands = s.hands;
  for (let q = 0, i = 0; q < P; q++) {
    const off = q * RANK_SLOTS;
    let mask = 0;
    let points = 0;
    for (let k = 0; k < h; k++, i++) {
      const r = deck[i]!;
      hands[off + r]!++;
      mask |= 1 << r;
      points += r;
    }
    s.handMasks[q] = mask;
    s.points[q] = points;
    s.handCount[q] = h;
  }
  s.orderRank = 0;
  s.orderOwner = -1;
  s.phase = Phase.Turn;
  s.pending = -1;
  s.runout = -1;
  s.lastRank = 0;
  s.lastTo = -1;
  s.turn = (s.dealer + 1) % P;
  if (s.recorder) {
    const hands: number[][] = [];
    for (let q = 0; q < P; q++) hands.push(Array.from(s.deck.subarray(q * h, (q + 1) * h)));
    s.recorder.startRound({ dealer: s.dealer, deal: { hands } });
  }
}

/**
 * Seats other than `except` learn nothing of which card left `q`'s hand: each
 * of their certain counts of it may have dropped by one, so each drops by one.
 * Only the seats in `knowers[q]` have counts to lower.
 */
function forgetOne(s: CaptainsOrdersState, q: number, except: number): void {
  // except = -1 clears bit 31, which no seat uses.
  let who = s.knowers[q]! & ~(1 << except);
  if (who === 0) return;
  const P = s.players;
  const known = s.known;
  for (; who !== 0; who &= who - 1) {
    const o = lowestBit(who);
    const pair = o * P + q;
    const off = pair * RANK_SLOTS;
    let keep = 0;
    let lost = 0;
    for (let m = s.knownMask[pair]!; m !== 0; m &= m - 1) {
      const r = lowestBit(m);
      keep |= ((--known[off + r]! + 255) >> 8) << r;
      lost++;
    }
    s.knownMask[pair] = keep;
    s.knowers[q]! &= ~(emptied((s.knownAny[pair]! -= lost)) << o);
  }
}

/** Seat `o` saw a rank-r card leave `q`'s hand: its certain count of r drops by one (if it had one). */
function seenLeaving(s: CaptainsOrdersState, o: number, q: number, r: number): void {
  const pair = o * s.players + q;
  const i = pair * RANK_SLOTS + r;
  const sure = (s.known[i]! + 255) >> 8; // 1 when o was sure of such a card (branch-free)
  s.knownMask[pair]! &= ~(emptied((s.known[i]! -= sure)) << r);
  s.knowers[q]! &= ~(emptied((s.knownAny[pair]! -= sure)) << o);
}

/** A rank-r card leaves q's hand face up: every seat saw it (only the seats sure of some card of q's have a count to lower). */
function leavesFaceUp(s: CaptainsOrdersState, q: number, r: number): void {
  for (let who = s.knowers[q]!; who !== 0; who &= who - 1) seenLeaving(s, lowestBit(who), q, r);
}

function takeFromHand(s: CaptainsOrdersState, q: number, r: number): void {
  const i = q * RANK_SLOTS + r;
  if (s.hands[i] === 0) throw new RuleError(`captains-orders: seat ${q} has no rank ${r}`);
  s.handMasks[q]! &= ~(emptied(--s.hands[i]!) << r);
  s.handCount[q]!--;
  s.points[q]! -= r;
}

function putInHand(s: CaptainsOrdersState, q: number, r: number): void {
  s.hands[q * RANK_SLOTS + r]!++;
  s.handMasks[q]! |= 1 << r;
  s.handCount[q]!++;
  s.points[q]! += r;
}

/** A card moves face down from `from` to `to`: both see it, the others only see that one moved. */
function handOver(s: CaptainsOrdersState, from: number, to: number, r: number): void {
  takeFromHand(s, from, r);
  seenLeaving(s, to, from, r);
  forgetOne(s, from, to);
}

function receive(s: CaptainsOrdersState, from: number, to: number, r: number): void {
  putInHand(s, to, r);
  const pair = from * s.players + to;
  s.known[pair * RANK_SLOTS + r]!++;
  s.knownAny[pair]!++;
  s.knownMask[pair]! |= 1 << r;
  s.knowers[to]! |= 1 << from;
}

/** Ends the turn: the turn passes left; an Order that came back to its owner is retired ("A round", 5). */
function nextTurn(s: CaptainsOrdersState): void {
  const P = s.players;
  s.phase = Phase.Turn;
  s.pending = -1;
  let t = s.turn + 1 === P ? 0 : s.turn + 1;
  if (s.orderRank !== 0 && s.orderOwner === t) {
    s.recorder?.action({ seat: t, type: 'retire' });
    s.discardUp[s.orderRank]!++;
    s.orderRank = 0;
    s.orderOwner = -1;
    t = t + 1 === P ? 0 : t + 1;
  }
  s.turn = t;
}

function startRunout(s: CaptainsOrdersState, seat: number, r: number, to: number, kind: LastKind): void {
  s.phase = Phase.Declare;
  s.runout = seat;
  s.lastRank = r;
  s.lastTo = to;
  s.lastKind = kind;
}

/**
 * Applies a legal action of the current seat, then any automatic step.
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: CaptainsOrdersState, a: number): void {
  // The range tests below would let a fraction through (to index the counts with it).
  if ((a | 0) !== a) throw new RuleError(`captains-orders: ${a} is not an action id`);
  if (s.recorder) s.recorder.action(encodeAction(s, a));
  const P = s.players;
  switch (s.phase) {
    case Phase.Turn: {
      const t = s.turn;
      if (a >= A_DISCOVER && a < A_DISCOVER + MAX_SEATS) {
        const q = a - A_DISCOVER;
        if (q === t || q >= P) break;
        scoreDiscover(s, t, q);
        return;
      }
      if (s.orderRank === 0) {
        if (a >= A_ORDER && a < A_ORDER + PAIRS_RANKS) {
          const r = a - A_ORDER + 1;
          takeFromHand(s, t, r);
          leavesFaceUp(s, t, r);
          s.orderRank = r;
          s.orderOwner = t;
          if (s.handCount[t] === 0) startRunout(s, t, r, -1, LastKind.Order);
          else nextTurn(s);
          return;
        }
        if (a >= A_PASS && a < A_ASK) {
          const r = (((a - A_PASS) / MAX_SEATS) | 0) + 1;
          const q = (a - A_PASS) % MAX_SEATS;
          if (q === t || q >= P) break;
          handOver(s, t, q, r);
          if (s.handCount[t] === 0) {
            startRunout(s, t, r, q, LastKind.Pass);
            return;
          }
          receive(s, t, q, r);
          s.phase = Phase.Discard;
          s.pending = q;
          return;
        }
        if (a >= A_ASK && a < A_ASK + MAX_SEATS) {
          const q = a - A_ASK;
          if (q === t || q >= P) break;
          s.phase = Phase.Give;
          s.pending = q;
          return;
        }
      } else {
        const r = a >= A_FOLLOW && a < A_FOLLOW + PAIRS_RANKS ? a - A_FOLLOW + 1 : a >= A_BELAY && a < A_BELAY + PAIRS_RANKS ? a - A_BELAY + 1 : 0;
        if (r === 0) break;
        const isFollow = a < A_BELAY;
        if (isFollow !== r >= s.orderRank) break;
        if (isFollow) {
          const owner = s.orderOwner;
          handOver(s, t, owner, r);
          if (s.handCount[t] === 0) {
            startRunout(s, t, r, owner, LastKind.Follow);
            return;
          }
          receive(s, t, owner, r);
        } else {
          takeFromHand(s, t, r);
          leavesFaceUp(s, t, r);
          s.discardUp[s.orderRank]!++;
          s.orderRank = r;
          s.orderOwner = t;
          if (s.handCount[t] === 0) {
            startRunout(s, t, r, -1, LastKind.Belay);
            return;
          }
        }
        nextTurn(s);
        return;
      }
      break;
    }
    case Phase.Discard: {
      if (a < A_DISCARD || a >= A_DISCARD + PAIRS_RANKS) break;
      const q = s.pending;
      const r = a - A_DISCARD + 1;
      takeFromHand(s, q, r);
      forgetOne(s, q, -1);
      s.down[q * RANK_SLOTS + r]!++;
      s.downCount[q]!++;
      nextTurn(s);
      return;
    }
    case Phase.Give: {
      if (a < A_GIVE || a >= A_GIVE + PAIRS_RANKS) break;
      const q = s.pending;
      const t = s.turn;
      const r = a - A_GIVE + 1;
      handOver(s, q, t, r);
      if (s.handCount[q] === 0) {
        startRunout(s, q, r, t, LastKind.Give);
        return;
      }
      receive(s, q, t, r);
      s.phase = Phase.Discard;
      s.pending = t;
      return;
    }
    case Phase.Declare: {
      if (a !== A_DECLARE_NO && a !== A_DECLARE_YES) break;
      scoreRunout(s, a === A_DECLARE_YES);
      return;
    }
    default:
      break;
  }
  throw new RuleError(`captains-orders: action ${a} is not legal in phase ${s.phase}`);
}

/**
 * Fills the state's scratch `lowest` (lowest rank per hand, 11 when empty);
 * returns the Captains' rank (the lowest of all hands, 11 when all are
 * empty). Points per hand are kept in `points` as cards move.
 */
function scanHands(s: CaptainsOrdersState): number {
  let low = 11;
  for (let q = 0; q < s.players; q++) {
    const m = s.handMasks[q]!;
    const l = m === 0 ? 11 : lowestBit(m);
    s.lowest[q] = l;
    if (l < low) low = l;
  }
  return low;
}

/** Marks in `roundWinners` the Mutineers other than `excluded` with the most points (after `scanHands`). */
function richestMutineers(s: CaptainsOrdersState, excluded: number, low: number): void {
  let best = -1;
  for (let q = 0; q < s.players; q++) {
    if (q === excluded || s.lowest[q] === low) continue;
    if (s.points[q]! > best) best = s.points[q]!;
  }
  for (let q = 0; q < s.players; q++) {
    if (q === excluded || s.lowest[q] === low) continue;
    if (s.points[q] === best) s.roundWinners[q] = 1;
  }
}

/** Clears the round's winner marks (a loop: `fill` costs a call on a 4-8 byte array). */
function clearRoundWinners(s: CaptainsOrdersState): void {
  const w = s.roundWinners;
  for (let q = 0; q < w.length; q++) w[q] = 0;
}

/** "Ending a round", Discover: accuser `a` names `q`. */
function scoreDiscover(s: CaptainsOrdersState, a: number, q: number): void {
  clearRoundWinners(s);
  const low = scanHands(s);
  if (s.lowest[a] !== low && s.lowest[q] === low) s.roundWinners[a] = 1;
  else richestMutineers(s, a, low);
  endRound(s);
}

/** "Ending a round", Run-out: a right declaration wins alone; otherwise the card reaches its receiver and points decide. */
function scoreRunout(s: CaptainsOrdersState, declared: boolean): void {
  clearRoundWinners(s);
  const seat = s.runout;
  let right = false;
  if (declared) {
    right = true;
    for (let q = 0; q < s.players && right; q++) {
      if (q === seat) continue;
      const low = lowestRank(s.hands, q * RANK_SLOTS);
      if (low !== 0 && low < s.lastRank) right = false;
    }
  }
  if (right) {
    s.roundWinners[seat] = 1;
    // Ruling: the revealed card of a right declaration lies face up (it scores for nobody).
    if (s.lastTo >= 0) s.discardUp[s.lastRank]!++;
  } else {
    if (s.lastTo >= 0) putInHand(s, s.lastTo, s.lastRank);
    richestMutineers(s, -1, scanHands(s));
  }
  endRound(s);
}

/** Records the round, counts wins, and ends the game or deals the next round ("The game"). */
function endRound(s: CaptainsOrdersState): void {
  const P = s.players;
  if (s.recorder) s.recorder.endRound(Array.from(s.roundWinners), false);
  let reached = false;
  for (let q = 0; q < P; q++) {
    s.roundWins[q]! += s.roundWinners[q]!;
    if (s.roundWins[q]! >= s.winsToWin) reached = true;
  }
  s.round++;
  if (reached) {
    finish(s, s.winsToWin, false);
    return;
  }
  if (s.round >= ROUND_CAP) {
    let most = 0;
    for (let q = 0; q < P; q++) most = Math.max(most, s.roundWins[q]!);
    finish(s, most, true);
    return;
  }
  s.dealer = (s.dealer + 1) % P;
  startRound(s);
}

function finish(s: CaptainsOrdersState, threshold: number, capped: boolean): void {
  s.phase = Phase.Over;
  s.capped = capped;
  // An array of the exact size (a first push reserves room for 17).
  let k = 0;
  for (let q = 0; q < s.players; q++) if (s.roundWins[q]! >= threshold) k++;
  const w = new Array<number>(k);
  k = 0;
  for (let q = 0; q < s.players; q++) if (s.roundWins[q]! >= threshold) w[k++] = q;
  s.winners = w;
}

/** An upper bound on decisions in a game: per round every card leaves a hand within max(3, P) decisions. */
export function maxDecisions(players: number, handSize: number): number {
  return ROUND_CAP * (players * handSize * Math.max(3, players) + 2);
}

export { NUM_ACTIONS };
