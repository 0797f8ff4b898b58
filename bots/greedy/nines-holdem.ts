import type { Bot, Rng } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { DECK_SIZE, SUITS, TOP_RANK } from '../../src/cards/nines.js';
import { cardCode, showdownRank } from '../../src/cards/nines-value.js';
import { actions, type NinesHoldemObservation } from '../../src/games/nines-holdem/index.js';
import { isOn, onOffSwitch } from './switches.js';

const { A_BET, A_CALL, A_CHECK, A_FOLD, A_RAISE } = actions;

/** Showdowns sampled per equity estimate (once per street and table size). */
export const EQUITY_SAMPLES = 300;

/** The parameters of the Nines Hold'em heuristic (`greedy:raiseStrength=0.4`). */
export interface NinesHoldemGreedyParams {
  /** Showdowns sampled per equity estimate (once per street and number of seats in). */
  readonly equitySamples: number;
  /** With no bet to call, bet or raise above this relative strength (0 = an average hand, 1 = a sure win). */
  readonly betStrength: number;
  /** Facing a bet, raise above this relative strength. */
  readonly raiseStrength: number;
  /** Facing a bet not raised, call when the equity is at least the pot odds plus this. */
  readonly callMargin: number;
}

/** The parameters of `greedy`. */
export const GREEDY_PARAMS: NinesHoldemGreedyParams = { equitySamples: EQUITY_SAMPLES, betStrength: 0.1, raiseStrength: 0.3, callMargin: 0 };

/**
 * The betting elements the heuristic may use ("Dealing and betting"):
 * counterfactual switches (`greedy:raise=none`), see `switches.ts`. Check,
 * call and fold are always among the legal actions where a bet or raise is,
 * so a switched-off element is never needed.
 */
export interface NinesHoldemSwitches {
  /** Whether the bot bets (opens the betting of a street); off: it checks instead. */
  readonly bet: boolean;
  /** Whether the bot raises a standing bet; off: it calls or folds by the pot odds instead. */
  readonly raise: boolean;
  /**
   * Whether the bot may bluff: bet or raise with a relative strength of 0 or
   * less (a hand no better than an average one against the seats in); off:
   * such a hand checks, or calls or folds by the pot odds. The tuned
   * thresholds never bluff; lower ones (`betStrength` below 0) do.
   */
  readonly bluff: boolean;
}

/** Every element on: the heuristic as written. */
export const ALL_ELEMENTS: NinesHoldemSwitches = { bet: true, raise: true, bluff: true };

const UNSEEN = new Uint8Array(DECK_SIZE);
/** Seats a table may have (`nines-holdem.md`: players 2-10). */
const MAX_SEATS = 10;

/**
 * The chance of winning the pot at showdown (ties shared) against `opponents`
 * random hands, the missing board cards random too, by `samples` draws;
 * into `into[0]` (a double returned from a call V8 does not inline, or kept
 * in a closure's variable, is boxed: 16 bytes a time).
 */
function equity(o: NinesHoldemObservation, opponents: number, samples: number, rng: Rng, into: Float64Array): void {
  let n = 0;
  for (let v = 1; v <= TOP_RANK; v++) {
    let c = SUITS;
    if (o.hole[0] === v) c--;
    if (o.hole[1] === v) c--;
    for (let k = 0; k < o.shown; k++) if (o.board[k] === v) c--;
    for (let k = 0; k < c; k++) UNSEEN[n++] = v;
  }
  let shownCode = 0;
  for (let k = 0; k < o.shown; k++) shownCode += cardCode(o.board[k]!);
  const mine = cardCode(o.hole[0]!) + cardCode(o.hole[1]!);
  const need = 5 - o.shown + 2 * opponents;
  let won = 0;
  for (let t = 0; t < samples; t++) {
    // Partial Fisher-Yates: the first `need` unseen cards are the draw.
    for (let i = 0; i < need; i++) {
      const j = i + rng.int(n - i);
      const x = UNSEEN[i]!;
      UNSEEN[i] = UNSEEN[j]!;
      UNSEEN[j] = x;
    }
    let board = shownCode;
    let i = 0;
    for (let k = o.shown; k < 5; k++) board += cardCode(UNSEEN[i++]!);
    const me = showdownRank(board + mine);
    let ties = 1;
    let beaten = false;
    for (let q = 0; q < opponents && !beaten; q++) {
      const r = showdownRank(board + cardCode(UNSEEN[i]!) + cardCode(UNSEEN[i + 1]!));
      i += 2;
      if (r > me) beaten = true;
      else if (r === me) ties++;
    }
    if (!beaten) won += 1 / ties;
  }
  into[0] = won / samples;
}

function has(legal: Int32Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}

/**
 * The Nines Hold'em heuristic (`nines-holdem.md`): estimate the equity of its
 * hand against the seats still in (random hands, `equitySamples` sampled
 * showdowns, once per seat, street and number of seats in); measure it against
 * the fair share 1/(seats in) as a strength from 0 (average) to 1 (sure
 * win). With nothing to call: bet or raise when stronger than `betStrength`,
 * else check. Facing a bet: raise when stronger than `raiseStrength`, call
 * when the equity pays the pot odds (to call / (pot + to call)) plus
 * `callMargin`, else fold.
 * @param p the parameters; {@link GREEDY_PARAMS} by default.
 * @param s the betting elements it may use; {@link ALL_ELEMENTS} (every one) by default.
 */
export function ninesHoldemGreedy(p: NinesHoldemGreedyParams = GREEDY_PARAMS, s: NinesHoldemSwitches = ALL_ELEMENTS): Bot<NinesHoldemObservation> {
  const { equitySamples, betStrength, raiseStrength, callMargin } = p;
  const { bet, raise, bluff } = s;
  // One cached equity per seat (a search's playouts ask one instance for every seat), keyed by
  // everything the estimate depends on: the hand and street, the seats in, the hole cards and
  // the board shown (in a playout, another determinization deals other cards to the same key of
  // hand and street). Typed arrays, so that storing a double allocates nothing.
  const cachedHand = new Int32Array(MAX_SEATS).fill(-1);
  const cachedBoard = new Int32Array(MAX_SEATS).fill(-1);
  const cachedEquity = new Float64Array(MAX_SEATS);
  const scratch = new Float64Array(1);
  return {
    reset() {
      cachedHand.fill(-1);
      cachedBoard.fill(-1);
    },
    act(o, legal, n, ctx) {
      const opponents = o.active - 1;
      const seat = o.seat;
      const hand = (((o.handIndex * 4 + o.street) * 16 + opponents) * 14 + o.hole[0]!) * 14 + o.hole[1]!;
      let board = o.shown;
      for (let k = 0; k < o.shown; k++) board = board * 14 + o.board[k]!;
      if (hand !== cachedHand[seat] || board !== cachedBoard[seat]) {
        equity(o, opponents, equitySamples, ctx.rng, scratch);
        cachedEquity[seat] = scratch[0]!;
        cachedHand[seat] = hand;
        cachedBoard[seat] = board;
      }
      const e = cachedEquity[seat]!;
      const fair = 1 / (opponents + 1);
      const strength = (e - fair) / (1 - fair);
      // A bluff: betting or raising a hand no better than an average one.
      const aggressive = !bluff && strength <= 0 ? -1 : raise && has(legal, n, A_RAISE) ? A_RAISE : bet && has(legal, n, A_BET) ? A_BET : -1;
      const toCall = o.currentBet - o.roundBet[seat]!;
      if (toCall <= 0) return strength > betStrength && aggressive >= 0 ? aggressive : A_CHECK;
      if (strength > raiseStrength && aggressive >= 0) return aggressive;
      let pot = 0;
      for (let q = 0; q < o.players; q++) pot += o.contrib[q]!;
      return e >= toCall / (pot + toCall) + callMargin ? A_CALL : A_FOLD;
    },
  };
}

/**
 * `greedy` in Nines Hold'em: the sample size and the betting thresholds as
 * parameters (`greedy:betStrength=0.2,callMargin=0.05`), defaults
 * {@link GREEDY_PARAMS}. A strength lies in -1..1 (heads-up, 0 is an even
 * chance); an equity and pot odds in 0..1. More samples cost time linearly.
 */
export const ninesHoldemHeuristic: GreedyHeuristic<NinesHoldemObservation> = {
  params: [
    {
      key: 'equitySamples',
      kind: 'int',
      min: 1,
      max: 100_000,
      default: GREEDY_PARAMS.equitySamples,
      doc: 'showdowns sampled per equity estimate (once per street and number of seats in); more is steadier and slower',
      tune: { min: 30, max: 3000, scale: 'log' },
    },
    {
      key: 'betStrength',
      kind: 'float',
      min: -1,
      max: 1,
      default: GREEDY_PARAMS.betStrength,
      doc: 'with no bet to call, bet or raise above this relative strength (equity over the fair share: 0 = an average hand, 1 = a sure win)',
      tune: { min: -0.2, max: 0.6 },
    },
    {
      key: 'raiseStrength',
      kind: 'float',
      min: -1,
      max: 1,
      default: GREEDY_PARAMS.raiseStrength,
      doc: 'facing a bet, raise above this relative strength',
      tune: { min: 0, max: 0.8 },
    },
    {
      key: 'callMargin',
      kind: 'float',
      min: -1,
      max: 1,
      default: GREEDY_PARAMS.callMargin,
      doc: 'facing a bet it does not raise, call when the equity is at least the pot odds (to call / (pot + to call)) plus this; else fold',
      tune: { min: -0.2, max: 0.2 },
    },
    onOffSwitch('bet', 'all, or none: never bet (open the betting of a street); check instead'),
    onOffSwitch('raise', 'all, or none: never raise a standing bet; call or fold by the pot odds instead'),
    onOffSwitch('bluff', 'all, or none: never bet or raise a hand no better than an average one (relative strength 0 or less); the tuned thresholds never do'),
  ],
  create: (p) =>
    ninesHoldemGreedy(
      {
        equitySamples: Number(p.equitySamples),
        betStrength: Number(p.betStrength),
        raiseStrength: Number(p.raiseStrength),
        callMargin: Number(p.callMargin),
      },
      { bet: isOn(p.bet), raise: isOn(p.raise), bluff: isOn(p.bluff) },
    ),
};
