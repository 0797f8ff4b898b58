import { NO_WINNERS, RuleError, type Rng } from '../../core/index.js';
import { lowestBit } from '../../core/bits.js';
import { emptied, fillPairsDeck, nthRank, PAIRS_RANKS, ranksIn, RANK_SLOTS, writeRanks } from '../../cards/pairs.js';
import { A_BID, A_CALL, A_KILL, A_SWAP, callId, NUM_ACTIONS } from './actions.js';
import { encodeAction } from './codec.js';
import { type NineVirtuesState, Phase, STAT_KINDS } from './state.js';

/** The seat that decides now (the turn seat, or the holder of the 1 at scoring); -1 when over. */
export function currentSeat(s: NineVirtuesState): number {
  switch (s.phase) {
    case Phase.Turn:
      return s.turn;
    case Phase.Call:
      return s.caller;
    default:
      return -1;
  }
}

/** True when a kill is allowed now ("A round", 3: not during the round's first P turns). */
export function killAllowed(s: { killAfterFirstLap: boolean; turnInRound: number; players: number }): boolean {
  return !s.killAfterFirstLap || s.turnInRound >= s.players;
}

/**
 * Writes the legal actions ascending into `into`; returns the count.
 * Turn: bids (r >= 2 in the center), swaps (h in hand, c in center, h != c),
 * kills (r in the center, after the first lap). Call: call 1..10.
 */
export function legalActions(s: NineVirtuesState, into: Int32Array): number {
  let n = 0;
  if (s.phase === Phase.Turn) {
    // Bit masks of the ranks in the center and in the hand (kept by apply).
    // Each run of ranks is written branch-free: all ten candidates are
    // stored and the count advances by the rank's bit, so no loop exit
    // depends on the cards (those mispredictions cost more than the stores).
    // Scratch values land beyond the count, inside `into`.
    const centre = s.centerMask;
    const held = s.handMasks[s.turn]!;
    n = writeRanks(into, n, A_BID - 1, centre & ~2);
    for (let hm = held; hm !== 0; hm &= hm - 1) {
      const bit = hm & -hm;
      n = writeRanks(into, n, A_SWAP + (30 - Math.clz32(bit)) * 10 - 1, centre & ~bit);
    }
    if (killAllowed(s)) n = writeRanks(into, n, A_KILL - 1, centre);
    if (n === 0) throw new RuleError(`nine-virtues: seat ${s.turn} has no legal action`);
    return n;
  }
  if (s.phase === Phase.Call) {
    for (let r = 1; r <= PAIRS_RANKS; r++) into[n++] = callId(r);
    return n;
  }
  return 0;
}

/** The number of legal actions, as `legalActions` returns, without listing them. */
export function legalCount(s: NineVirtuesState): number {
  if (s.phase === Phase.Turn) {
    const centre = s.centerMask;
    const held = s.handMasks[s.turn]!;
    const inCentre = ranksIn(centre);
    // Bids: centre ranks but 1. Swaps: each held rank h with each centre rank c != h. Kills: centre ranks.
    const swaps = ranksIn(held) * inCentre - ranksIn(held & centre);
    return ranksIn(centre & ~2) + swaps + (killAllowed(s) ? inCentre : 0);
  }
  return s.phase === Phase.Call ? PAIRS_RANKS : 0;
}

/** `legal[i]` after `legalActions(s, legal)`, decoded from the layout that function writes (0 <= i < legalCount(s)). */
export function legalAt(s: NineVirtuesState, i: number): number {
  if (s.phase !== Phase.Turn) return A_CALL + i;
  const centre = s.centerMask;
  const bids = centre & ~2;
  const nb = ranksIn(bids);
  if (i < nb) return A_BID - 1 + nthRank(bids, i);
  i -= nb;
  // One group per held rank h, ascending: the centre ranks but h.
  for (let hm = s.handMasks[s.turn]!; hm !== 0; hm &= hm - 1) {
    const bit = hm & -hm;
    const takes = centre & ~bit;
    const size = ranksIn(takes);
    if (i < size) return A_SWAP + (30 - Math.clz32(bit)) * 10 - 1 + nthRank(takes, i);
    i -= size;
  }
  return A_KILL - 1 + nthRank(centre, i);
}

/** Starts a new game: clears the scores and statistics, seat 0 deals the first round ("The game"). */
export function deal(s: NineVirtuesState, rng: Rng): void {
  s.rng = rng;
  fillPairsDeck(s.deck);
  s.totals.fill(0);
  s.round = 0;
  s.capped = false;
  s.winners = NO_WINNERS;
  s.statBytes.fill(0);
  startRound(s);
}

/**
 * "A round", 1-2: the dealer of round k is seat k mod P; the whole deck is
 * shuffled, `handSize` cards go to each hand one at a time starting left of
 * the dealer, then `centerPerPlayer x P` cards face up into the center; the
 * rest is set aside unseen. The player left of the dealer starts.
 */
function startRound(s: NineVirtuesState): void {
  const P = s.players;
  const h = s.handSize;
  s.dealer = s.round % P;
  const inHands = P * h;
  const dealt = inHands + s.centerPerPlayer * P;
  // A partial Fisher-Yates shuffle of the dealt positions. The deck holds all
  // 55 cards in some order (sorted when a game starts, then as the previous
  // round left it); any starting order gives uniformly random dealt cards.
  const deck = s.deck;
  const rng = s.rng;
  s.roundBuffer.fill(0);
  s.bidMask = 0;
  // Each drawn card goes straight to its place: one at a time to the hands
  // starting left of the dealer (a seat counter, no modulo per card), then
  // to the center.
  const hands = s.hands;
  const masks = s.handMasks;
  masks.fill(0);
  let i = 0;
  for (let q = s.dealer + 1 === P ? 0 : s.dealer + 1; i < inHands; i++) {
    const j = i + rng.int(55 - i);
    const r = deck[j]!;
    deck[j] = deck[i]!;
    deck[i] = r;
    hands[q * RANK_SLOTS + r]!++;
    masks[q]! |= 1 << r;
    if (++q === P) q = 0;
  }
  const center = s.center;
  let centerMask = 0;
  for (; i < dealt; i++) {
    const j = i + rng.int(55 - i);
    const r = deck[j]!;
    deck[j] = deck[i]!;
    deck[i] = r;
    center[r]!++;
    centerMask |= 1 << r;
  }
  s.centerMask = centerMask;
  const unused = s.unused;
  for (; i < 55; i++) unused[deck[i]!]!++;
  s.centerCount = dealt - inHands;
  s.turn = (s.dealer + 1) % P;
  s.turnInRound = 0;
  s.phase = Phase.Turn;
  s.caller = -1;
  s.roundCapped = false;
  s.statCall[s.round * 2] = -1;
  s.statCall[s.round * 2 + 1] = 0;
  if (s.recorder) {
    const hands: number[][] = [];
    for (let q = 0; q < P; q++) hands.push([]);
    for (let i = 0; i < inHands; i++) hands[(s.dealer + 1 + (i % P)) % P]!.push(s.deck[i]!);
    s.recorder.startRound({ dealer: s.dealer, deal: { hands, center: Array.from(s.deck.subarray(inHands, dealt)) } });
  }
}

function illegal(s: NineVirtuesState, a: number): never {
  throw new RuleError(`nine-virtues: action ${a} is not legal in phase ${s.phase} (seat ${currentSeat(s)})`);
}

/**
 * Applies a legal action of the current seat, then any automatic step (the
 * end of the round, the cap, the scoring, the next deal).
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: NineVirtuesState, a: number): void {
  if (!(a >= 0 && a < NUM_ACTIONS) || (a | 0) !== a) illegal(s, a);
  if (s.phase === Phase.Call) {
    if (a < A_CALL) illegal(s, a);
    if (s.recorder) s.recorder.action(encodeAction(s, a));
    scoreRound(s, a - A_CALL + 1);
    return;
  }
  if (s.phase !== Phase.Turn || a >= A_CALL) illegal(s, a);
  const t = s.turn;
  const off = t * RANK_SLOTS;
  const P = s.players;
  const stat = (s.round * P + t) * STAT_KINDS;
  if (a < A_SWAP) {
    const r = a + 1;
    if (r === 1 || s.center[r] === 0) illegal(s, a);
    if (s.recorder) s.recorder.action(encodeAction(s, a));
    s.centerMask &= ~(emptied(--s.center[r]!) << r);
    s.centerCount--;
    s.bids[off + r]!++;
    s.bidMask |= 1 << r;
    s.statActions[stat]!++;
  } else if (a < A_KILL) {
    const h = (((a - A_SWAP) / 10) | 0) + 1;
    const c = ((a - A_SWAP) % 10) + 1;
    if (h === c || s.hands[off + h] === 0 || s.center[c] === 0) illegal(s, a);
    if (s.recorder) s.recorder.action(encodeAction(s, a));
    s.handMasks[t]! &= ~(emptied(--s.hands[off + h]!) << h);
    s.center[h]!++;
    s.centerMask = (s.centerMask & ~(emptied(--s.center[c]!) << c)) | (1 << h);
    s.hands[off + c]!++;
    s.handMasks[t]! |= 1 << c;
    const k = s.known[off + h]!;
    s.known[off + h] = k - ((k + 255) >> 8);
    s.known[off + c]!++;
    s.statActions[stat + 1]!++;
  } else {
    const r = a - A_KILL + 1;
    if (s.center[r] === 0 || !killAllowed(s)) illegal(s, a);
    if (s.recorder) s.recorder.action(encodeAction(s, a));
    s.centerMask &= ~(emptied(--s.center[r]!) << r);
    s.centerCount--;
    s.discard[r]!++;
    s.statActions[stat + 2]!++;
  }
  s.turnInRound++;
  if (s.centerCount === 0) {
    endPlay(s);
    return;
  }
  if (s.turnInRound >= s.turnCap) {
    // "A round", 5: the cards left in the center are discarded, the round is scored and counted capped.
    for (let r = 1; r <= PAIRS_RANKS; r++) s.discard[r]! += s.center[r]!;
    s.center.fill(0);
    s.centerCount = 0;
    s.centerMask = 0;
    s.roundCapped = true;
    endPlay(s);
    return;
  }
  s.turn = t + 1 === P ? 0 : t + 1;
}

/** The center is empty: the holder of the wild 1 calls it, or the round is scored at once. */
function endPlay(s: NineVirtuesState): void {
  if (s.wildOne) {
    for (let q = 0; q < s.players; q++) {
      if (s.hands[q * RANK_SLOTS + 1]! > 0) {
        s.phase = Phase.Call;
        s.caller = q;
        return;
      }
    }
  }
  scoreRound(s, 0);
}

/**
 * "Scoring a round", 2-3: every player with the most rank-r cards in hand (at
 * least one) scores r, ties all in full; each bid card of rank r scores +r
 * when nobody holds r or the bidder holds the most (or ties), otherwise
 * -r x penalty. Then the next round is dealt or the game ends.
 * @param called the rank the 1 was called as, 0 when nobody called.
 */
function scoreRound(s: NineVirtuesState, called: number): void {
  const P = s.players;
  const k = s.round;
  const sc = s.roundScores;
  sc.fill(0);
  if (called > 0) {
    s.statCall[k * 2] = s.caller;
    s.statCall[k * 2 + 1] = called;
  }
  // Hand counts as scored: the called 1 counts as its called rank ("Scoring a round", 1).
  const eff = s.scoreCounts;
  eff.set(s.hands);
  if (called > 0) {
    eff[s.caller * RANK_SLOTS + 1]!--;
    eff[s.caller * RANK_SLOTS + called]!++;
  }
  // Only ranks someone holds or bid can score (others have m = 0 and no bids).
  let ranks = s.bidMask;
  for (let q = 0; q < P; q++) ranks |= s.handMasks[q]!;
  if (called > 0) ranks |= 1 << called;
  for (; ranks !== 0; ranks &= ranks - 1) {
    const r = lowestBit(ranks);
    let m = 0;
    for (let q = 0; q < P; q++) if (eff[q * RANK_SLOTS + r]! > m) m = eff[q * RANK_SLOTS + r]!;
    for (let q = 0; q < P; q++) {
      const c = eff[q * RANK_SLOTS + r]!;
      if (m >= 1 && c === m) {
        sc[q]! += r;
        s.statHand[k * P + q]! += r;
      }
      const b = s.bids[q * RANK_SLOTS + r]!;
      if (b === 0) continue;
      const right = c === m;
      const pts = right ? b * r : -s.penalty * b * r;
      sc[q]! += pts;
      s.statBid[k * P + q]! += pts;
      s.statBidRow[(k * P + q) * RANK_SLOTS + r] = b;
      s.statBidMask[k * P + q]! |= 1 << r;
      s.statBidRight[(k * P + q) * RANK_SLOTS + r] = right ? 1 : 0;
    }
  }
  s.statTurns[k] = s.turnInRound;
  s.statCapped[k] = s.roundCapped ? 1 : 0;
  if (s.recorder) s.recorder.endRound(Array.from(sc), s.roundCapped);
  for (let q = 0; q < P; q++) s.totals[q]! += sc[q]!;
  if (s.roundCapped) s.capped = true;
  s.caller = -1;
  s.round++;
  if (s.round >= s.rounds) {
    finish(s);
    return;
  }
  startRound(s);
}

/** "The game": highest total wins, tied players share the win. */
function finish(s: NineVirtuesState): void {
  s.phase = Phase.Over;
  let best = -Infinity;
  for (let q = 0; q < s.players; q++) best = Math.max(best, s.totals[q]!);
  const w: number[] = [];
  for (let q = 0; q < s.players; q++) if (s.totals[q] === best) w.push(q);
  s.winners = w;
}

/** An upper bound on decisions in a game: per round at most 100 x P turns and one call. */
export function maxDecisions(players: number, rounds: number): number {
  return rounds * (100 * players + 1);
}

export { NUM_ACTIONS };
