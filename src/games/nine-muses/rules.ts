import { NO_WINNERS, RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { lowestBit } from '../../core/bits.js';
import { decodeId, Kind, type DecodedAction, NUM_ACTIONS } from './actions.js';
import { MAX_OPTIONS, MIN_MUSES, type CardSet } from './cards.js';
import { encodeAction, recordRoundStart } from './codec.js';
import { musesAt } from './conditions.js';
import { callableNow } from './legal.js';
import {
  CENTER,
  clearCounters,
  HAND_SIZE,
  IN_DECK,
  type NineMusesState,
  NUM_KINDS,
  NUM_SOURCES,
  Phase,
  SRC_ARISTOTLE,
  SRC_EXCHANGE,
  SRC_MUSE,
  START_CRAFT,
  Then,
} from './state.js';

/** Seat s's Aristotle rate for Knowledge k: the card's base plus the lasting abilities of the Muses s holds. */
export function rate(s: NineMusesState, seat: number, k: number): number {
  let r = s.cards.rates[k]!;
  for (let m = 0; m < s.numMuses; m++) {
    if (s.museLoc[m] !== seat) continue;
    const muse = s.cards.muses[m]!;
    if (muse.rateKnowledge === k) r += muse.rateAdd;
  }
  return r;
}

/** True when some player other than `seat` holds Knowledge k. */
function opponentHas(s: NineMusesState, seat: number, k: number): boolean {
  for (let o = 0; o < s.players; o++) if (o !== seat && s.know[o * 3 + k]! > 0) return true;
  return false;
}

/** The seat that decides now (-1 once the game is over). */
export function currentSeat(s: NineMusesState): number {
  return s.phase === Phase.Over ? -1 : s.turn;
}

function canPay(s: NineMusesState, seat: number, pay: Int32Array): boolean {
  return s.know[seat * 3]! >= pay[0]! && s.know[seat * 3 + 1]! >= pay[1]! && s.know[seat * 3 + 2]! >= pay[2]!;
}

/**
 * Draws the top Philosopher for `seat`; when the deck is empty the discard pile
 * is first shuffled into a new deck ("Rounds and the end").
 * @throws RuleError when deck and discard pile are both empty (a card file too small; checkVariant prevents it).
 */
function draw(s: NineMusesState, seat: number): number {
  if (s.deckLen === 0) {
    let n = 0;
    for (let t = 0; t < s.types; t++) {
      for (let c = s.discard[t]!; c > 0; c--) s.deck[n++] = t;
      s.discard[t] = 0;
    }
    if (n === 0) throw new RuleError('nine-muses: no Philosopher left to deal');
    shuffleInPlace(s.deck, s.rng, n);
    s.deckLen = n;
    s.reshuffleSeat = seat;
  }
  return s.deck[--s.deckLen]!;
}

/** Scratch for the record of a deal: the types dealt to each seat, in order. */
const DEALT: number[][] = [[], [], [], []];

/** Deals 3 Philosophers to each player, one at a time from the first player clockwise. */
function dealPhilosophers(s: NineMusesState): void {
  const P = s.players;
  const T = s.types;
  if (s.recorder) for (const d of DEALT) d.length = 0;
  s.reshuffleSeat = -1;
  for (let i = 0; i < HAND_SIZE; i++) {
    for (let j = 0; j < P; j++) {
      const q = (s.first + j) % P;
      const t = draw(s, q);
      s.hand[q * T + t]!++;
      s.handCount[q]!++;
      if (s.recorder) DEALT[q]!.push(t);
    }
  }
}

/**
 * Starts a new game ("Setup"): shuffles both decks, fills the pool with the
 * supply, deals 5 Muses to the row and 3 Philosophers to each player, gives
 * each player 2 Craft; seat 0 starts.
 */
export function deal(s: NineMusesState, rng: Rng): void {
  const P = s.players;
  s.rng = rng;
  s.version++;
  clearCounters(s);
  s.vp.fill(0);
  s.roundStartVp.fill(0);
  s.hand.fill(0);
  s.handCount.fill(0);
  s.discard.fill(0);
  let n = 0;
  const phils = s.cards.philosophers;
  for (let t = 0; t < s.types; t++) for (let c = phils[t]!.count; c > 0; c--) s.deck[n++] = t;
  shuffleInPlace(s.deck, rng, n);
  s.deckLen = n;
  for (let m = 0; m < s.numMuses; m++) s.museOrder[m] = m;
  shuffleInPlace(s.museOrder, rng);
  s.museLoc.fill(IN_DECK);
  s.revealed = MIN_MUSES;
  for (let i = 0; i < MIN_MUSES; i++) s.museLoc[s.museOrder[i]!] = CENTER;
  s.pool.set(s.supply);
  s.know.fill(0);
  for (let q = 0; q < P; q++) {
    s.know[q * 3] = START_CRAFT;
    s.pool[0]! -= START_CRAFT;
  }
  s.round = 1;
  s.first = 0;
  s.turn = 0;
  s.winners = NO_WINNERS;
  s.stealLeft.fill(0);
  dealPhilosophers(s);
  if (s.recorder) recordRoundStart(s, DEALT);
  beginTurn(s);
}

/** "A turn", 1. Collect: the Muses the turn player holds give their start-of-turn gains. */
function beginTurn(s: NineMusesState): void {
  const me = s.turn;
  const tb = s.tables;
  const mine = musesAt(s, me);
  const g = tb.startGain;
  let c = 0;
  let sc = 0;
  let e = 0;
  for (let b = mine & tb.startMask; b !== 0; b &= b - 1) {
    const m = lowestBit(b);
    c += g[m * 4]!;
    sc += g[m * 4 + 1]!;
    e += g[m * 4 + 2]!;
    const v = g[m * 4 + 3]!;
    s.vp[me]! += v;
    s.vpSource[me * NUM_SOURCES + SRC_MUSE]! += v;
    s.vpByMuse[m]! += v;
  }
  gain(s, c, sc, e, Then.Play);
}

/**
 * "Knowledge flow": the turn player gains (c, sc, e) tokens from the pool; what
 * the pool lacks is taken from opponents one token at a time (phase Steal),
 * as far as opponents hold any; then `then` follows.
 */
function gain(s: NineMusesState, c: number, sc: number, e: number, then: Then): void {
  const o = s.turn * 3;
  const pool = s.pool;
  const know = s.know;
  const left = s.stealLeft;
  // min(want, pool) without a branch (or a float compare): want + (the shortfall if negative).
  const d0 = pool[0]! - c;
  const d1 = pool[1]! - sc;
  const d2 = pool[2]! - e;
  const t0 = c + (d0 & (d0 >> 31));
  const t1 = sc + (d1 & (d1 >> 31));
  const t2 = e + (d2 & (d2 >> 31));
  pool[0]! -= t0;
  pool[1]! -= t1;
  pool[2]! -= t2;
  know[o]! += t0;
  know[o + 1]! += t1;
  know[o + 2]! += t2;
  left[0] = c - t0;
  left[1] = sc - t1;
  left[2] = e - t2;
  s.stealThen = then;
  advanceSteal(s);
}

/** Moves to the next steal decision, or on to `stealThen` when nothing more can be taken. */
function advanceSteal(s: NineMusesState): void {
  const me = s.turn;
  for (let k = 0; k < 3; k++) {
    if (s.stealLeft[k] === 0) continue;
    if (opponentHas(s, me, k)) {
      s.phase = Phase.Steal;
      s.stealType = k;
      return;
    }
    s.stealLeft[k] = 0;
  }
  if (s.stealThen === Then.Play) s.phase = Phase.Play;
  else endTurn(s);
}

/** The turn passes left; after the last card of the round the round ends ("Rounds and the end"). */
function endTurn(s: NineMusesState): void {
  let left = 0;
  for (let q = 0; q < s.players; q++) left += s.handCount[q]!;
  if (left === 0) {
    endRound(s);
    return;
  }
  s.turn = (s.turn + 1) % s.players;
  beginTurn(s);
}

/** Scores the round; the game ends after the round in which the last Muse was revealed, else a new round is dealt. */
function endRound(s: NineMusesState): void {
  const P = s.players;
  if (s.recorder) {
    const scores: number[] = [];
    for (let q = 0; q < P; q++) scores.push(s.vp[q]! - s.roundStartVp[q]!);
    s.recorder.endRound(scores, false);
  }
  if (s.revealed >= s.numMuses) {
    finish(s);
    return;
  }
  s.round++;
  s.roundStartVp.set(s.vp);
  s.first = (s.first + 1) % P;
  dealPhilosophers(s);
  s.museLoc[s.museOrder[s.revealed++]!] = CENTER;
  if (s.recorder) recordRoundStart(s, DEALT);
  s.turn = s.first;
  beginTurn(s);
}

function finish(s: NineMusesState): void {
  s.phase = Phase.Over;
  let best = -Infinity;
  for (let q = 0; q < s.players; q++) best = Math.max(best, s.vp[q]!);
  const w: number[] = [];
  for (let q = 0; q < s.players; q++) if (s.vp[q] === best) w.push(q);
  s.winners = w;
}

/**
 * Plays Philosopher type t from `me`'s hand to the discard pile: apply's
 * first change once a card action has passed its checks, so the version is
 * bumped here (an illegal action leaves the state as it was).
 */
function playCard(s: NineMusesState, me: number, t: number): void {
  s.version++;
  s.hand[me * s.types + t]!--;
  s.handCount[me]!--;
  s.discard[t]!++;
}

const D: DecodedAction = { kind: Kind.Toil, card: 0, arg: 0, count: 0 };

/**
 * Applies a legal action of the turn player, then every automatic step (turn
 * end, collect, round end, deal).
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: NineMusesState, a: number): void {
  if (!(a >= 0 && a < NUM_ACTIONS) || (a | 0) !== a) illegal(s, a);
  if (s.recorder) s.recorder.action(encodeAction(s, a));
  const me = s.turn;
  const d = decodeId(a, D);
  if (s.phase === Phase.Steal) {
    const k = s.stealType;
    const q = d.arg;
    if (d.kind !== Kind.Steal || q === me || q >= s.players || s.know[q * 3 + k] === 0) illegal(s, a);
    s.version++;
    s.know[q * 3 + k]!--;
    s.know[me * 3 + k]!++;
    s.stealLeft[k]!--;
    s.actionMix[me * NUM_KINDS + Kind.Steal]!++;
    s.tokensLost[q]!++;
    advanceSteal(s);
    return;
  }
  if (s.phase !== Phase.Play || d.kind === Kind.Steal) illegal(s, a);
  const t = d.card;
  if (t >= s.types || s.hand[me * s.types + t] === 0) illegal(s, a);
  switch (d.kind) {
    case Kind.Exchange: {
      const opt = s.cards.philosophers[t]!.options[d.arg];
      if (!opt || !canPay(s, me, opt.pay)) illegal(s, a);
      const o = opt!;
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Exchange]!++;
      s.optionUse[(me * s.types + t) * MAX_OPTIONS + d.arg]!++;
      for (let k = 0; k < 3; k++) {
        s.know[me * 3 + k]! -= o.pay[k]!;
        s.pool[k]! += o.pay[k]!;
      }
      if (o.gain[3]! > 0) {
        s.vp[me]! += o.gain[3]!;
        s.vpSource[me * NUM_SOURCES + SRC_EXCHANGE]! += o.gain[3]!;
      }
      gain(s, o.gain[0]!, o.gain[1]!, o.gain[2]!, Then.EndTurn);
      return;
    }
    case Kind.Call: {
      const m = d.arg;
      if (((callableNow(s, me) >> m) & 1) === 0) illegal(s, a);
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Call]!++;
      const from = s.museLoc[m]!;
      if (from === CENTER) {
        s.calledFromCenter[me]!++;
        s.callsByMuse[m]!++;
      } else {
        s.calledFromPlayer[me]!++;
        s.musesLost[from]!++;
        s.stealsByMuse[m]!++;
      }
      s.museLoc[m] = me;
      endTurn(s);
      return;
    }
    case Kind.Demonstrate: {
      const k = d.arg;
      const c = d.count;
      if (s.know[me * 3 + k]! < c) illegal(s, a);
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Demonstrate]!++;
      s.know[me * 3 + k]! -= c;
      s.pool[k]! += c;
      const base = s.cards.rates[k]!;
      s.vp[me]! += c * base;
      s.vpSource[me * NUM_SOURCES + SRC_ARISTOTLE + k]! += c * base;
      for (let b = musesAt(s, me) & s.tables.rateMuses[k]!; b !== 0; b &= b - 1) {
        const m = lowestBit(b);
        const muse = s.cards.muses[m]!;
        s.vp[me]! += c * muse.rateAdd;
        s.vpSource[me * NUM_SOURCES + SRC_MUSE]! += c * muse.rateAdd;
        s.vpByMuse[m]! += c * muse.rateAdd;
      }
      endTurn(s);
      return;
    }
    case Kind.Toil:
      playCard(s, me, t);
      s.actionMix[me * NUM_KINDS + Kind.Toil]!++;
      gain(s, 1, 0, 0, Then.EndTurn);
      return;
    default:
      break;
  }
  illegal(s, a);
}

function illegal(s: NineMusesState, a: number): never {
  throw new RuleError(`nine-muses: action ${a} is not legal in phase ${s.phase} for seat ${s.turn}`);
}

/**
 * An upper bound on decisions: each of the rounds x P x 3 turns has one card
 * play and at most one steal per token of the supply (a token taken in a turn
 * stays with the taker for the rest of the turn).
 */
export function maxDecisions(cards: CardSet, players: number): number {
  return cards.rounds * players * HAND_SIZE * (1 + 26);
}

export { NUM_ACTIONS };
