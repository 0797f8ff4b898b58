import { RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { decodeId, demonstrateId, exchangeId, callId, toilId, stealId, Kind, type DecodedAction, NUM_ACTIONS } from './actions.js';
import { CondKind, MAX_MUSES, MAX_OPTIONS, MIN_MUSES, Q_KNOWLEDGE, Q_MUSES, Q_VP, type CardSet, type CompiledCondition } from './cards.js';
import { encodeAction, recordRoundStart } from './codec.js';
import {
  CENTER,
  clearCounters,
  HAND_SIZE,
  IN_DECK,
  NineMusesState,
  NUM_KINDS,
  NUM_SOURCES,
  Phase,
  SRC_ARISTOTLE,
  SRC_EXCHANGE,
  SRC_MUSE,
  START_CRAFT,
  Then,
} from './state.js';

/** Seat s's quantity q (a `QUANTITIES` index): tokens of one type, all tokens, VP or Muses held. */
export function quantity(s: NineMusesState, seat: number, q: number): number {
  if (q < 3) return s.know[seat * 3 + q]!;
  if (q === Q_KNOWLEDGE) return s.know[seat * 3]! + s.know[seat * 3 + 1]! + s.know[seat * 3 + 2]!;
  if (q === Q_VP) return s.vp[seat]!;
  if (q === Q_MUSES) {
    let n = 0;
    for (let m = 0; m < s.numMuses; m++) if (s.museLoc[m] === seat) n++;
    return n;
  }
  throw new RuleError(`nine-muses: unknown quantity ${q}`);
}

/** `a OP b` for an `OPS` index: >=, <=, >, <, ==, !=. */
function compare(a: number, op: number, b: number): boolean {
  switch (op) {
    case 0:
      return a >= b;
    case 1:
      return a <= b;
    case 2:
      return a > b;
    case 3:
      return a < b;
    case 4:
      return a === b;
    default:
      return a !== b;
  }
}

/** Quantities per seat (`QUANTITIES` order) of the state being examined: QTAB[seat * NUM_QUANTITIES + q]. */
const NUM_QUANTITIES = 6;
const QTAB = new Int32Array(4 * NUM_QUANTITIES);

/**
 * Fills QTAB with every seat's quantities, once per examination: conditions
 * ask for them again and again ("most" compares every seat), and counting the
 * Muses held walks all Muses each time.
 */
function fillQuantities(s: NineMusesState): void {
  const P = s.players;
  for (let q = 0; q < P; q++) {
    const o = q * NUM_QUANTITIES;
    const a = s.know[q * 3]!;
    const b = s.know[q * 3 + 1]!;
    const c = s.know[q * 3 + 2]!;
    QTAB[o] = a;
    QTAB[o + 1] = b;
    QTAB[o + 2] = c;
    QTAB[o + Q_KNOWLEDGE] = a + b + c;
    QTAB[o + Q_VP] = s.vp[q]!;
    QTAB[o + Q_MUSES] = 0;
  }
  for (let m = 0; m < s.numMuses; m++) {
    const loc = s.museLoc[m]!;
    if (loc >= 0 && loc < P) QTAB[loc * NUM_QUANTITIES + Q_MUSES]!++;
  }
}

/** `meets` on the quantities in QTAB (filled by `fillQuantities` for the same state). */
function meetsFilled(c: CompiledCondition, seat: number, players: number): boolean {
  switch (c.kind) {
    case CondKind.CountValue:
      return compare(QTAB[seat * NUM_QUANTITIES + c.q]!, c.op, c.value);
    case CondKind.CountThan:
      return compare(QTAB[seat * NUM_QUANTITIES + c.q]!, c.op, QTAB[seat * NUM_QUANTITIES + c.value]!);
    case CondKind.Most:
    case CondKind.Fewest: {
      const mine = QTAB[seat * NUM_QUANTITIES + c.q]!;
      for (let o = 0; o < players; o++) {
        if (o === seat) continue;
        const theirs = QTAB[o * NUM_QUANTITIES + c.q]!;
        if (c.kind === CondKind.Most ? theirs >= mine : theirs <= mine) return false;
      }
      return true;
    }
    case CondKind.All:
      for (let i = 0; i < c.children.length; i++) if (!meetsFilled(c.children[i]!, seat, players)) return false;
      return true;
    case CondKind.Any:
      for (let i = 0; i < c.children.length; i++) if (meetsFilled(c.children[i]!, seat, players)) return true;
      return false;
  }
}

/**
 * Whether seat `seat` meets condition `c` now (`cards.ts` gives the vocabulary;
 * "most"/"fewest" are strict: a tie for the most means nobody has the most).
 */
export function meets(s: NineMusesState, c: CompiledCondition, seat: number): boolean {
  fillQuantities(s);
  return meetsFilled(c, seat, s.players);
}

/** `canCall` on the quantities in QTAB (filled by `fillQuantities` for the same state). */
function canCallFilled(s: NineMusesState, m: number, seat: number): boolean {
  const loc = s.museLoc[m]!;
  if (loc === IN_DECK || loc === seat) return false;
  const cond = s.cards.muses[m]!.condition;
  const P = s.players;
  if (!meetsFilled(cond, seat, P)) return false;
  for (let o = 0; o < P; o++) if (o !== seat && meetsFilled(cond, o, P)) return false;
  return true;
}

/**
 * Whether `seat` may call Muse m now ("A turn", Call Muse): she is in the
 * center row or held by another player, `seat` meets her condition and no
 * other player does.
 */
export function canCall(s: NineMusesState, m: number, seat: number): boolean {
  fillQuantities(s);
  return canCallFilled(s, m, seat);
}

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

const CALLABLE = new Uint8Array(MAX_MUSES);

/** Writes the legal actions ascending into `into`; returns the count. */
export function legalActions(s: NineMusesState, into: Int32Array): number {
  const me = s.turn;
  let n = 0;
  if (s.phase === Phase.Steal) {
    const k = s.stealType;
    for (let q = 0; q < s.players; q++) if (q !== me && s.know[q * 3 + k]! > 0) into[n++] = stealId(q);
    return n;
  }
  if (s.phase !== Phase.Play) return 0;
  const T = s.types;
  const off = me * T;
  const phils = s.cards.philosophers;
  for (let t = 0; t < T; t++) {
    if (s.hand[off + t] === 0) continue;
    const opts = phils[t]!.options;
    for (let o = 0; o < opts.length; o++) if (canPay(s, me, opts[o]!.pay)) into[n++] = exchangeId(t, o);
  }
  let anyCall = false;
  fillQuantities(s);
  for (let m = 0; m < s.numMuses; m++) {
    const ok = canCallFilled(s, m, me);
    CALLABLE[m] = ok ? 1 : 0;
    anyCall ||= ok;
  }
  if (anyCall) {
    for (let t = 0; t < T; t++) {
      if (s.hand[off + t] === 0) continue;
      for (let m = 0; m < s.numMuses; m++) if (CALLABLE[m] === 1) into[n++] = callId(t, m);
    }
  }
  for (let t = 0; t < T; t++) {
    if (s.hand[off + t] === 0) continue;
    for (let k = 0; k < 3; k++) {
      const have = s.know[me * 3 + k]!;
      for (let c = 1; c <= have; c++) into[n++] = demonstrateId(t, k, c);
    }
  }
  for (let t = 0; t < T; t++) if (s.hand[off + t]! > 0) into[n++] = toilId(t);
  return n;
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
  s.winners = [];
  s.stealLeft.fill(0);
  dealPhilosophers(s);
  if (s.recorder) recordRoundStart(s, DEALT);
  beginTurn(s);
}

/** "A turn", 1. Collect: the Muses the turn player holds give their start-of-turn gains. */
function beginTurn(s: NineMusesState): void {
  const me = s.turn;
  let c = 0;
  let sc = 0;
  let e = 0;
  for (let m = 0; m < s.numMuses; m++) {
    if (s.museLoc[m] !== me) continue;
    const muse = s.cards.muses[m]!;
    if (!muse.hasStartGain) continue;
    const g = muse.startGain;
    c += g[0]!;
    sc += g[1]!;
    e += g[2]!;
    if (g[3]! > 0) {
      s.vp[me]! += g[3]!;
      s.vpSource[me * NUM_SOURCES + SRC_MUSE]! += g[3]!;
      s.vpByMuse[m]! += g[3]!;
    }
  }
  gain(s, c, sc, e, Then.Play);
}

/**
 * "Knowledge flow": the turn player gains (c, sc, e) tokens from the pool; what
 * the pool lacks is taken from opponents one token at a time (phase Steal),
 * as far as opponents hold any; then `then` follows.
 */
function gain(s: NineMusesState, c: number, sc: number, e: number, then: Then): void {
  const me = s.turn;
  takeFromPool(s, me, 0, c);
  takeFromPool(s, me, 1, sc);
  takeFromPool(s, me, 2, e);
  s.stealThen = then;
  advanceSteal(s);
}

function takeFromPool(s: NineMusesState, me: number, k: number, want: number): void {
  const take = Math.min(want, s.pool[k]!);
  s.pool[k]! -= take;
  s.know[me * 3 + k]! += take;
  s.stealLeft[k] = want - take;
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

function playCard(s: NineMusesState, me: number, t: number): void {
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
  if (s.recorder) s.recorder.action(encodeAction(s, a));
  const me = s.turn;
  const d = decodeId(a, D);
  if (s.phase === Phase.Steal) {
    const k = s.stealType;
    const q = d.arg;
    if (d.kind !== Kind.Steal || q === me || q >= s.players || s.know[q * 3 + k] === 0) illegal(s, a);
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
      if (m >= s.numMuses || !canCall(s, m, me)) illegal(s, a);
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
      for (let m = 0; m < s.numMuses; m++) {
        if (s.museLoc[m] !== me) continue;
        const muse = s.cards.muses[m]!;
        if (muse.rateKnowledge !== k) continue;
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
