import { NO_WINNERS, RuleError, shuffleInPlace, type Rng } from '../../core/index.js';
import { NINES_SLOTS, SUITS, TOP_RANK } from '../../cards/nines.js';
import { cardCode, ninesValue, showdownRank } from '../../cards/nines-value.js';
import { A_BET, A_CALL, A_CHECK, A_FOLD, A_RAISE } from './actions.js';
import { encodeAction } from './codec.js';
import { BOARD, type NinesHoldemState, Phase, Street } from './state.js';

/** The seat to act (-1 once the match is over). */
export function currentSeat(s: NinesHoldemState): number {
  return s.phase === Phase.Over ? -1 : s.toAct;
}

/** Chips a bet or raise adds in this round: one big blind pre-flop and on the flop, two on the turn and river. */
export function betSize(s: NinesHoldemState): number {
  return s.street >= Street.Turn ? 2 * s.bigBlind : s.bigBlind;
}

/** Writes the legal actions ascending into `into`; returns the count ("Dealing and betting"). */
export function legalActions(s: NinesHoldemState, into: Int32Array): number {
  if (s.phase !== Phase.Betting) return 0;
  const toCall = s.currentBet - s.roundBet[s.toAct]!;
  let n = 0;
  if (toCall > 0) {
    into[n++] = A_FOLD;
    into[n++] = A_CALL;
  } else {
    into[n++] = A_CHECK;
  }
  if (s.bets === 0) into[n++] = A_BET;
  else if (s.bets < s.maxBets) into[n++] = A_RAISE;
  return n;
}

/** Starts a match: seat 0 has the button for the first hand. */
export function deal(s: NinesHoldemState, rng: Rng): void {
  s.rng = rng;
  s.handIndex = 0;
  s.net.fill(0);
  s.winners = NO_WINNERS;
  startHand(s);
}

/** The next seat after `q` still in the hand. */
function nextActive(s: NinesHoldemState, q: number): number {
  const P = s.players;
  let x = (q + 1) % P;
  while (s.folded[x] === 1) x = (x + 1) % P;
  return x;
}

/**
 * Shuffles, deals two hole cards to each seat (seat q the deck's cards 2q and
 * 2q+1) and the five board cards (the next five), posts the blinds and gives
 * the first action: heads-up the button posts the small blind and acts first;
 * otherwise the two seats left of the button post and the seat left of the
 * big blind acts first.
 */
function startHand(s: NinesHoldemState): void {
  const P = s.players;
  const deck = s.deck;
  let i = 0;
  for (let v = 1; v <= TOP_RANK; v++) for (let k = 0; k < SUITS; k++) deck[i++] = v;
  shuffleInPlace(deck, s.rng);
  // Element loops, not `set(subarray(...))`: a subarray is a new view object, and a search deals a hand in every playout.
  const hole = s.hole;
  for (let j = 0; j < 2 * P; j++) hole[j] = deck[j]!;
  const board = s.board;
  for (let j = 0; j < BOARD; j++) board[j] = deck[2 * P + j]!;
  s.shown = 0;
  s.button = s.handIndex % P;
  s.phase = Phase.Betting;
  s.street = Street.Preflop;
  s.folded.fill(0);
  s.active = P;
  s.contrib.fill(0);
  s.roundBet.fill(0);
  const b = s.button;
  const sb = P === 2 ? b : (b + 1) % P;
  const bb = P === 2 ? (b + 1) % P : (b + 2) % P;
  s.contrib[sb] = s.roundBet[sb] = s.smallBlind;
  s.contrib[bb] = s.roundBet[bb] = s.bigBlind;
  s.currentBet = s.bigBlind;
  s.bets = 1;
  s.pending = P;
  s.toAct = (bb + 1) % P;
  if (s.recorder) {
    const hole: number[][] = [];
    for (let q = 0; q < P; q++) hole.push([s.hole[2 * q]!, s.hole[2 * q + 1]!]);
    s.recorder.startRound({ dealer: b, deal: { button: b, hole, board: Array.from(s.board) } });
  }
}

/**
 * Applies a legal action of the seat to act, then ends the round, the hand
 * and the match as due.
 * @throws RuleError when the action is not legal here (a bug in the caller).
 */
export function apply(s: NinesHoldemState, a: number): void {
  if (s.phase !== Phase.Betting) throw new RuleError('nines-holdem: the match is over');
  const t = s.toAct;
  const toCall = s.currentBet - s.roundBet[t]!;
  switch (a) {
    case A_FOLD:
      if (toCall <= 0) break;
      s.recorder?.action(encodeAction(s, a));
      s.folded[t] = 1;
      s.active--;
      s.pending--;
      if (s.active === 1) {
        s.won.fill(0);
        s.won[nextActive(s, t)] = pot(s);
        endHand(s, false);
        return;
      }
      advance(s, t);
      return;
    case A_CHECK:
      if (toCall !== 0) break;
      s.recorder?.action(encodeAction(s, a));
      s.pending--;
      advance(s, t);
      return;
    case A_CALL:
      if (toCall <= 0) break;
      s.recorder?.action(encodeAction(s, a));
      put(s, t, toCall);
      s.pending--;
      advance(s, t);
      return;
    case A_BET:
    case A_RAISE:
      if ((a === A_BET) !== (s.bets === 0) || s.bets >= s.maxBets) break;
      s.recorder?.action(encodeAction(s, a));
      s.currentBet += betSize(s);
      put(s, t, s.currentBet - s.roundBet[t]!);
      s.bets++;
      s.pending = s.active - 1;
      advance(s, t);
      return;
    default:
      break;
  }
  throw new RuleError(`nines-holdem: action ${a} is not legal for seat ${t} (to call ${toCall}, bets ${s.bets})`);
}

function put(s: NinesHoldemState, q: number, chips: number): void {
  s.roundBet[q]! += chips;
  s.contrib[q]! += chips;
}

function pot(s: NinesHoldemState): number {
  let p = 0;
  for (let q = 0; q < s.players; q++) p += s.contrib[q]!;
  return p;
}

/** Passes the action on, or ends the betting round: the next street starts left of the button, or the showdown. */
function advance(s: NinesHoldemState, t: number): void {
  if (s.pending > 0) {
    s.toAct = nextActive(s, t);
    return;
  }
  if (s.street === Street.River) {
    showdown(s);
    return;
  }
  s.street++;
  s.shown = s.street === Street.Flop ? 3 : s.shown + 1;
  s.roundBet.fill(0);
  s.currentBet = 0;
  s.bets = 0;
  s.pending = s.active;
  s.toAct = nextActive(s, s.button);
}

/** The best hands among the seats still in share the pot; odd chips go one each from the left of the button ("Hand value at showdown"). */
function showdown(s: NinesHoldemState): void {
  const P = s.players;
  let boardCode = 0;
  for (let k = 0; k < BOARD; k++) boardCode += cardCode(s.board[k]!);
  let best = -1;
  let nWinners = 0;
  // won[] holds each contender's rank first, then the chips won.
  for (let q = 0; q < P; q++) {
    if (s.folded[q] === 1) {
      s.won[q] = -1;
      continue;
    }
    const r = showdownRank(boardCode + cardCode(s.hole[2 * q]!) + cardCode(s.hole[2 * q + 1]!));
    s.won[q] = r;
    if (r > best) {
      best = r;
      nWinners = 1;
    } else if (r === best) nWinners++;
  }
  const total = pot(s);
  const share = Math.floor(total / nWinners);
  let odd = total - share * nWinners;
  for (let k = 1; k <= P; k++) {
    const q = (s.button + k) % P;
    if (s.won[q] === best) {
      s.won[q] = share + (odd > 0 ? 1 : 0);
      if (odd > 0) odd--;
    } else s.won[q] = 0;
  }
  endHand(s, true);
}

/** Scratch of a showdown's record: value counts of one seat's seven cards. */
const SEVEN = new Uint8Array(NINES_SLOTS);

/** Books the hand's chips (`won` holds each seat's winnings), records it, and deals the next hand or ends the match. */
function endHand(s: NinesHoldemState, wentToShowdown: boolean): void {
  const P = s.players;
  for (let q = 0; q < P; q++) s.net[q]! += s.won[q]! - s.contrib[q]!;
  if (s.recorder) {
    const scores: number[] = [];
    for (let q = 0; q < P; q++) scores.push(s.won[q]! - s.contrib[q]!);
    let extra: Record<string, unknown> | undefined;
    if (wentToShowdown) {
      const showdown: { seat: number; nines: number; unused: number[] }[] = [];
      for (let q = 0; q < P; q++) {
        if (s.folded[q] === 1) continue;
        SEVEN.fill(0);
        for (let k = 0; k < BOARD; k++) SEVEN[s.board[k]!]!++;
        SEVEN[s.hole[2 * q]!]!++;
        SEVEN[s.hole[2 * q + 1]!]!++;
        const v = ninesValue(SEVEN);
        showdown.push({ seat: q, nines: v.nines, unused: [...v.unused] });
      }
      extra = { showdown };
    }
    s.recorder.endRound(scores, false, extra);
  }
  s.handIndex++;
  if (s.handIndex < s.hands) {
    startHand(s);
    return;
  }
  s.phase = Phase.Over;
  let top = -Infinity;
  for (let q = 0; q < P; q++) top = Math.max(top, s.net[q]!);
  const w: number[] = [];
  for (let q = 0; q < P; q++) if (s.net[q] === top) w.push(q);
  s.winners = w;
}

/**
 * An upper bound on decisions: per betting round each seat acts once, plus
 * at most P - 1 more after each of the `maxBets` bets; four rounds a hand.
 */
export function maxDecisions(players: number, hands: number, maxBets: number): number {
  return hands * 4 * (players + maxBets * (players - 1));
}
