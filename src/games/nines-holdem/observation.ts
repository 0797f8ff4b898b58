import { NO_WINNERS, intParam, RuleError, type Rng, type Variant } from '../../core/index.js';
import { DECK_SIZE, SUITS, TOP_RANK } from '../../cards/nines.js';
import { BOARD, type NinesHoldemState, Phase, Street } from './state.js';

/**
 * What one seat sees: its own hole cards, the board cards turned so far, and
 * everything public — button, street, who folded, the chips each seat put in
 * (this hand and this round), the bet to match, the bets made, whose turn,
 * and the net chips of the hands played. Not the other hole cards nor the
 * board cards still face down.
 */
export class NinesHoldemObservation {
  /** The observing seat. */
  seat = 0;
  /** Player count P (variant `players`). */
  readonly players: number;
  /** Hands in the match (variant `hands`). */
  readonly hands: number;
  /** The small blind in chips (variant `smallBlind`). */
  readonly smallBlind: number;
  /** The big blind in chips (variant `bigBlind`); a bet or raise is one big blind (fixed limit). */
  readonly bigBlind: number;
  /** Most bets (the opening bet and raises) per betting round (variant `maxBetsPerRound`). */
  readonly maxBets: number;
  /** The current hand, 0-based: the number of hands finished so far. */
  handIndex = 0;
  /** The seat holding the button this hand (it moves one seat left each hand). */
  button = 0;
  /** Own hole card values. */
  readonly hole = new Uint8Array(2);
  /** The board values turned so far in board[0..shown), 0 beyond. */
  readonly board = new Uint8Array(BOARD);
  /** Board cards face up: 0 pre-flop, 3 on the flop, 4 on the turn, 5 on the river. */
  shown = 0;
  /** The betting round: pre-flop, flop, turn or river. */
  street: Street = Street.Preflop;
  /** Betting while the match runs; Over once it has ended. */
  phase: Phase = Phase.Betting;
  /** folded[q]: 1 once seat q has folded this hand (length P; public). */
  readonly folded: Uint8Array;
  /** Seats still in the hand (not folded). */
  active = 0;
  /** contrib[q]: chips seat q has put in the pot this hand (length P; public). */
  readonly contrib: Int32Array;
  /** roundBet[q]: chips seat q has put in during the current betting round (length P). */
  readonly roundBet: Int32Array;
  /** The highest `roundBet`: what every seat must match to stay in. */
  currentBet = 0;
  /** Bets made in the current round (the big blind counts pre-flop); no raise once it reaches `maxBets`. */
  bets = 0;
  /** The seat to act. */
  toAct = 0;
  /** Seats that must still act before the betting round ends. */
  pending = 0;
  /** net[q]: seat q's net chips over the hands finished so far (length P; the match's scores). */
  readonly net: Int32Array;

  constructor(variant: Variant) {
    this.players = intParam(variant, 'players');
    this.hands = intParam(variant, 'hands');
    this.smallBlind = intParam(variant, 'smallBlind');
    this.bigBlind = intParam(variant, 'bigBlind');
    this.maxBets = intParam(variant, 'maxBetsPerRound');
    const p = this.players;
    this.folded = new Uint8Array(p);
    this.contrib = new Int32Array(p);
    this.roundBet = new Int32Array(p);
    this.net = new Int32Array(p);
  }
}

/** Fills `o` with seat `seat`'s view of `s`. */
export function observe(s: NinesHoldemState, seat: number, o: NinesHoldemObservation): NinesHoldemObservation {
  o.seat = seat;
  o.handIndex = s.handIndex;
  o.button = s.button;
  o.hole[0] = s.hole[2 * seat]!;
  o.hole[1] = s.hole[2 * seat + 1]!;
  o.board.fill(0);
  for (let k = 0; k < s.shown; k++) o.board[k] = s.board[k]!;
  o.shown = s.shown;
  o.street = s.street;
  o.phase = s.phase;
  o.folded.set(s.folded);
  o.active = s.active;
  o.contrib.set(s.contrib);
  o.roundBet.set(s.roundBet);
  o.currentBet = s.currentBet;
  o.bets = s.bets;
  o.toAct = s.toAct;
  o.pending = s.pending;
  o.net.set(s.net);
  return o;
}

/** Scratch of determinize: the unseen cards. */
const UNSEEN = new Uint8Array(DECK_SIZE);

/**
 * Fills `into` with a state consistent with `o`: the cards `o` does not see
 * (the deck minus its hole cards and the turned board cards) are shuffled
 * and dealt as the other seats' hole cards (folded seats too) and the board
 * cards still face down. Later hands are dealt from `rng` as they come.
 * @throws RuleError when the observation over-counts a value (a bug).
 */
export function determinize(o: NinesHoldemObservation, rng: Rng, into: NinesHoldemState): NinesHoldemState {
  const P = o.players;
  const me = o.seat;
  let n = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    let c = SUITS;
    if (o.hole[0] === v) c--;
    if (o.hole[1] === v) c--;
    for (let k = 0; k < o.shown; k++) if (o.board[k] === v) c--;
    if (c < 0) throw new RuleError(`nines-holdem: observation of seat ${me} over-counts value ${v}`);
    for (let k = 0; k < c; k++) UNSEEN[n++] = v;
  }
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = UNSEEN[i]!;
    UNSEEN[i] = UNSEEN[j]!;
    UNSEEN[j] = t;
  }
  into.rng = rng;
  let i = 0;
  for (let q = 0; q < P; q++) {
    if (q === me) {
      into.hole[2 * q] = o.hole[0]!;
      into.hole[2 * q + 1] = o.hole[1]!;
    } else {
      into.hole[2 * q] = UNSEEN[i++]!;
      into.hole[2 * q + 1] = UNSEEN[i++]!;
    }
  }
  for (let k = 0; k < BOARD; k++) into.board[k] = k < o.shown ? o.board[k]! : UNSEEN[i++]!;
  into.handIndex = o.handIndex;
  into.button = o.button;
  into.shown = o.shown;
  into.street = o.street;
  into.phase = o.phase;
  into.folded.set(o.folded);
  into.active = o.active;
  into.contrib.set(o.contrib);
  into.roundBet.set(o.roundBet);
  into.currentBet = o.currentBet;
  into.bets = o.bets;
  into.toAct = o.toAct;
  into.pending = o.pending;
  into.net.set(o.net);
  into.won.fill(0);
  into.winners = NO_WINNERS;
  if (o.phase === Phase.Over) {
    let top = -Infinity;
    for (let q = 0; q < P; q++) top = Math.max(top, o.net[q]!);
    const w: number[] = [];
    for (let q = 0; q < P; q++) if (o.net[q] === top) w.push(q);
    into.winners = w;
  }
  return into;
}
