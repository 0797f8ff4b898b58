import type { Bot } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { actions, type NineVirtuesObservation, Phase } from '../../src/games/nine-virtues/index.js';
import { isOn, onOffSwitch, parseRankSet, setSwitch } from './switches.js';

const { A_SWAP, A_KILL, A_CALL, callId } = actions;

/** The weights of the Nine Virtues heuristic. */
export interface NineVirtuesGreedyWeights {
  /**
   * Share of each center card that the one-ply evaluation lets fall to each
   * opponent: a card left in the center may still go to an opponent's hand,
   * so bidding, taking or killing it also protects a majority.
   */
  readonly leak: number;
  /**
   * Points (times r) charged for each center card of rank r that an opponent
   * has a stake in (a bid of r, or an r seen going into its hand): killing,
   * bidding or taking such a card, or not giving one, denies it.
   */
  readonly denial: number;
  /** Points charged for the wild 1 lying in the center (any opponent may take it). */
  readonly wild: number;
}

/**
 * The weights of `greedy`. Tuned in 2-against-2 self-play at 4 players: leak
 * 0.12 beat 0, 0.05, 0.2 and 0.3; any `denial` > 0 lost (0.3: 45.5%, 0.1: 48%),
 * so it is off; `wild` 3 is even with 0 (within noise) and kept for intent.
 */
export const GREEDY_WEIGHTS: NineVirtuesGreedyWeights = { leak: 0.12, denial: 0, wild: 3 };

/**
 * The strategic elements of a turn the heuristic may use ("A round", 3, and
 * "Scoring a round", 1): counterfactual switches (`greedy:bid=none`), see
 * `switches.ts`. A barred action is chosen only when every legal action is barred.
 */
export interface NineVirtuesSwitches {
  /** Bit r set: bidding rank r is allowed (ranks 2..10; the 1 can never be bid). */
  readonly bidRanks: number;
  /** Whether the bot swaps. */
  readonly swap: boolean;
  /** Bit r set: killing a center card of rank r is allowed (ranks 1..10). */
  readonly killRanks: number;
  /** Whether the bot calls the wild 1 as another rank; false: it calls it 1 (its face) and values it so. */
  readonly call: boolean;
}

/** Every element on: the heuristic as written. */
export const ALL_ELEMENTS: NineVirtuesSwitches = { bidRanks: 0x7fc, swap: true, killRanks: 0x7fe, call: true };

/** Scratch buffers (one decision at a time; nothing is allocated per decision). */
const M = new Int32Array(11);
const B = new Int32Array(11);
const C = new Int32Array(11);
const UNSEEN = new Float64Array(11);
const BASE = new Float64Array(11);
const GAIN = new Float64Array(11);
const THREAT = new Float64Array(11);
const BINOM = new Float64Array(64);

/**
 * The doubles that cross calls of the estimate ({@link atMost},
 * {@link rankValue}) go through this scratch instead of arguments and return
 * values: V8 boxes a double passed to or returned from a function it does
 * not inline (a 16-byte heap number), and a decision makes hundreds of such
 * calls. Measured: 17 KB allocated per decision through arguments and
 * returns, nothing through the scratch (same values, bit for bit).
 */
const REAL = new Float64Array(3);
/** REAL slot: the chance that one unknown card of an opponent has the rank being valued. */
const R_DRAW = 0;
/** REAL slot: the decision's `leak` weight. */
const R_LEAK = 1;
/** REAL slot: the result of the last {@link atMost} or {@link rankValue}. */
const R_OUT = 2;

/**
 * P(K + Bin(n, p) + Bin(c, g) <= m) for one opponent holding K known cards,
 * p = REAL[R_DRAW] and g = REAL[R_LEAK]; into REAL[R_OUT].
 */
function atMost(m: number, k: number, n: number, c: number): void {
  const lim = m - k;
  if (lim < 0) {
    REAL[R_OUT] = 0;
    return;
  }
  if (lim >= n + c) {
    REAL[R_OUT] = 1;
    return;
  }
  const p = REAL[R_DRAW]!;
  const g = REAL[R_LEAK]!;
  // Distribution of Bin(n, p) + Bin(c, g) by convolution, truncated at lim.
  BINOM.fill(0, 0, n + c + 1);
  BINOM[0] = 1;
  let len = 1;
  for (let i = 0; i < n + c; i++) {
    const q = i < n ? p : g;
    for (let j = len; j > 0; j--) BINOM[j] = BINOM[j]! * (1 - q) + BINOM[j - 1]! * q;
    BINOM[0] = BINOM[0]! * (1 - q);
    len++;
  }
  let s = 0;
  for (let j = 0; j <= lim; j++) s += BINOM[j]!;
  REAL[R_OUT] = s;
}

/**
 * Per seat: the cards of its hand the observer does not know (hand size less
 * its known cards), set once a decision. Sized beyond any table the rules
 * allow (3-6 players).
 */
const UNKNOWN = new Int32Array(16);

/**
 * The decision's estimates by (r, m, b, c), each at most {@link MEMO_DIM} - 1:
 * within one decision {@link estimateRank} depends on nothing else (the
 * observation, the unseen counts, the bid penalty and `leak` are the
 * decision's), and the one-ply search asks the same one many times (every
 * candidate action re-values the ranks it leaves alone when the bot holds
 * the wild 1). `MEMO_STAMP` says which decision an entry belongs to, so a
 * new decision clears nothing.
 */
const MEMO_DIM = 16;
const MEMO = new Float64Array(11 * MEMO_DIM * MEMO_DIM * MEMO_DIM);
const MEMO_STAMP = new Int32Array(MEMO.length);
let decision = 0;

/** Starts a decision: forgets the last one's estimates and counts each opponent's unknown cards. */
function startDecision(o: NineVirtuesObservation): void {
  decision = (decision + 1) | 0 || 1;
  for (let q = 0; q < o.players; q++) {
    let unknown = o.handSize;
    for (let x = 1; x <= 10; x++) unknown -= o.known[q * 11 + x]!;
    UNKNOWN[q] = unknown;
  }
}

/**
 * The one-ply estimate of the points rank r brings to the observer with `m`
 * rank-r cards in hand, `b` in its bid row and `c` left in the center:
 * P(no opponent holds more) decides both the majority (when m >= 1) and the
 * bids ("Scoring a round", 2-3). Into REAL[R_OUT] (leak: REAL[R_LEAK]);
 * remembered for the rest of the decision ({@link MEMO}), the same bits as
 * computed afresh.
 */
function rankValue(o: NineVirtuesObservation, r: number, m: number, b: number, c: number, penalty: number, total: number): void {
  if (m >= MEMO_DIM || b >= MEMO_DIM || c >= MEMO_DIM || m < 0 || c < 0) {
    estimateRank(o, r, m, b, c, penalty, total);
    return;
  }
  const i = ((r * MEMO_DIM + m) * MEMO_DIM + b) * MEMO_DIM + c;
  if (MEMO_STAMP[i] === decision) {
    REAL[R_OUT] = MEMO[i]!;
    return;
  }
  estimateRank(o, r, m, b, c, penalty, total);
  MEMO[i] = REAL[R_OUT]!;
  MEMO_STAMP[i] = decision;
}

/** {@link rankValue} computed: the product over opponents of P(it holds at most m), then the majority's and the bids' points. */
function estimateRank(o: NineVirtuesObservation, r: number, m: number, b: number, c: number, penalty: number, total: number): void {
  const P = o.players;
  let pLead = 1;
  REAL[R_DRAW] = total > 0 ? UNSEEN[r]! / total : 0;
  for (let q = 0; q < P; q++) {
    if (q === o.seat) continue;
    atMost(m, o.known[q * 11 + r]!, UNKNOWN[q]!, c);
    pLead *= REAL[R_OUT]!;
  }
  let v = 0;
  if (m >= 1) v += r * pLead;
  if (b > 0) v += b * r * (pLead - penalty * (1 - pLead));
  REAL[R_OUT] = v;
}

/**
 * What one more rank-r card adds to {@link rankValue} with `m` in hand (the
 * difference of the two estimates, m + 1 minus m), returned in REAL[R_OUT].
 */
function oneMore(o: NineVirtuesObservation, r: number, m: number, b: number, c: number, penalty: number, total: number): void {
  rankValue(o, r, m + 1, b, c, penalty, total);
  const up = REAL[R_OUT]!;
  rankValue(o, r, m, b, c, penalty, total);
  REAL[R_OUT] = up - REAL[R_OUT]!;
}

/**
 * The Nine Virtues heuristic: a one-ply search over the legal actions with
 * an estimate of the round's points (own majorities and bids, each weighted
 * by the chance that no opponent holds more: opponents' unknown cards are
 * drawn from the unseen ones, and every center card may still leak to them).
 * It therefore bids on ranks it leads or nobody can hold, swaps toward its
 * majorities, kills the center cards that threaten a majority or bid of its
 * own, and calls the 1 as the rank where it adds the most.
 */
export function nineVirtuesGreedy(): Bot<NineVirtuesObservation> {
  return makeNineVirtuesGreedy(GREEDY_WEIGHTS);
}

/**
 * `greedy` in Nine Virtues: the weights as parameters (`greedy:leak=0.08`),
 * defaults `GREEDY_WEIGHTS`; the tuning ranges cover the values tried by hand.
 */
export const nineVirtuesHeuristic: GreedyHeuristic<NineVirtuesObservation> = {
  params: [
    {
      key: 'leak',
      kind: 'float',
      min: 0,
      max: 1,
      default: GREEDY_WEIGHTS.leak,
      doc: 'share of each center card the one-ply estimate lets fall to each opponent (so bidding, taking or killing it also protects a majority)',
      tune: { min: 0, max: 0.5 },
    },
    {
      key: 'denial',
      kind: 'float',
      min: 0,
      max: 10,
      default: GREEDY_WEIGHTS.denial,
      doc: 'points (times the rank) charged for each center card an opponent has a stake in (a bid, or a card seen going to its hand)',
      tune: { min: 0, max: 1 },
    },
    {
      key: 'wild',
      kind: 'float',
      min: 0,
      max: 50,
      default: GREEDY_WEIGHTS.wild,
      doc: 'points charged for the wild 1 lying in the center (any opponent may take it)',
      tune: { min: 0, max: 10 },
    },
    setSwitch('bid', "ranks the bot may bid: all, none, or ranks 2..10 and ranges joined by '+' (bid=7-10); a swap or kill instead"),
    onOffSwitch('swap', 'all, or none: never swap (a bid or kill instead)'),
    setSwitch('kill', "ranks of center cards the bot may kill: all, none, or ranks 1..10 and ranges joined by '+'; a bid or swap instead"),
    onOffSwitch('call', 'all, or none: call the wild 1 as a 1, its face, and value it so in play'),
  ],
  create: (p) =>
    makeNineVirtuesGreedy(
      { leak: Number(p.leak), denial: Number(p.denial), wild: Number(p.wild) },
      { bidRanks: parseRankSet('bid', p.bid, 2, 10), swap: isOn(p.swap), killRanks: parseRankSet('kill', p.kill, 1, 10), call: isOn(p.call) },
    ),
};

/**
 * The heuristic with explicit weights.
 * @param s the elements it may use; {@link ALL_ELEMENTS} (every one) by default.
 */
export function makeNineVirtuesGreedy(w: NineVirtuesGreedyWeights, s: NineVirtuesSwitches = ALL_ELEMENTS): Bot<NineVirtuesObservation> {
  const { bidRanks, swap, killRanks, call } = s;
  return {
    act(o, legal, n) {
      const P = o.players;
      const me = o.seat;
      REAL[R_LEAK] = w.leak;
      const penalty = o.bidPenalty === 'zero' ? 0 : o.bidPenalty === 'double' ? 2 : 1;
      startDecision(o);
      // Unseen cards by rank: not in own hand, the center, a bid row, the discards, or known in a hand.
      let total = 0;
      for (let r = 1; r <= 10; r++) {
        let u = r - o.hand[r]! - o.center[r]! - o.discard[r]!;
        for (let q = 0; q < P; q++) {
          u -= o.bids[q * 11 + r]!;
          if (q !== me) u -= o.known[q * 11 + r]!;
        }
        UNSEEN[r] = u;
        total += u;
        M[r] = o.hand[r]!;
        B[r] = o.bids[me * 11 + r]!;
        C[r] = o.center[r]!;
        let stake = 0;
        for (let q = 0; q < P; q++) {
          if (q === me) continue;
          if (o.bids[q * 11 + r]! > 0) stake += 1;
          if (o.known[q * 11 + r]! > 0) stake += 0.5;
        }
        THREAT[r] = w.denial * r * Math.min(1, stake);
      }
      // The wild 1 helps whoever takes it.
      if (o.wildOne) THREAT[1] = w.wild;
      // Without the call the own 1 counts as a 1 (THREAT above still fears an opponent's call).
      const wild = o.wildOne && call;
      if (o.phase === Phase.Call) {
        if (!call) return callId(1);
        // The 1 counts as the called rank: pick the rank where one more card adds the most.
        M[1]!--;
        let best = callId(1);
        let bestGain = -Infinity;
        for (let r = 1; r <= 10; r++) {
          oneMore(o, r, M[r]!, B[r]!, 0, penalty, total);
          const g = REAL[R_OUT]!;
          if (g > bestGain) {
            bestGain = g;
            best = callId(r);
          }
        }
        return best;
      }
      let base = 0;
      for (let r = 1; r <= 10; r++) {
        rankValue(o, r, M[r]! - (wild && r === 1 ? M[1]! : 0), B[r]!, C[r]!, penalty, total);
        BASE[r] = REAL[R_OUT]!;
        base += BASE[r]!;
      }
      let bestA = legal[0]!;
      let bestV = -Infinity;
      // Lexicographic: an action using a switched-off element only when all are such.
      let bestBarred = true;
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        let r1 = 0;
        let r2 = 0;
        let barred = false;
        if (a < A_SWAP) {
          r1 = a + 1;
          barred = ((bidRanks >>> r1) & 1) === 0;
          B[r1]!++;
          C[r1]!--;
        } else if (a < A_KILL) {
          r1 = (((a - A_SWAP) / 10) | 0) + 1;
          r2 = ((a - A_SWAP) % 10) + 1;
          barred = !swap;
          M[r1]!--;
          C[r1]!++;
          M[r2]!++;
          C[r2]!--;
        } else if (a < A_CALL) {
          r1 = a - A_KILL + 1;
          barred = ((killRanks >>> r1) & 1) === 0;
          C[r1]!--;
        }
        const holdsWild = wild && M[1]! > 0;
        let v = base;
        // Center cards an opponent has a stake in count against the observer.
        if (r1 > 0) v -= THREAT[r1]! * (C[r1]! - o.center[r1]!);
        if (r2 > 0) v -= THREAT[r2]! * (C[r2]! - o.center[r2]!);
        if (r1 > 0) {
          rankValue(o, r1, M[r1]! - (holdsWild && r1 === 1 ? 1 : 0), B[r1]!, C[r1]!, penalty, total);
          v += REAL[R_OUT]! - BASE[r1]!;
        }
        if (r2 > 0) {
          rankValue(o, r2, M[r2]! - (holdsWild && r2 === 1 ? 1 : 0), B[r2]!, C[r2]!, penalty, total);
          v += REAL[R_OUT]! - BASE[r2]!;
        }
        if (holdsWild) {
          // The 1 will be called where one more card adds the most.
          let g = -Infinity;
          for (let r = 1; r <= 10; r++) {
            const m = M[r]! - (r === 1 ? 1 : 0);
            oneMore(o, r, m, B[r]!, C[r]!, penalty, total);
            GAIN[r] = REAL[R_OUT]!;
            if (GAIN[r]! > g) g = GAIN[r]!;
          }
          v += g;
        }
        if ((bestBarred && !barred) || (barred === bestBarred && v > bestV)) {
          bestV = v;
          bestA = a;
          bestBarred = barred;
        }
        // Undo.
        if (a < A_SWAP) {
          B[r1]!--;
          C[r1]!++;
        } else if (a < A_KILL) {
          M[r1]!++;
          C[r1]!--;
          M[r2]!--;
          C[r2]!++;
        } else if (a < A_CALL) {
          C[r1]!++;
        }
      }
      return bestA;
    },
  };
}
