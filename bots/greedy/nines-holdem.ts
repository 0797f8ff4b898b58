import type { Bot, BotContext, Rng } from '../../src/core/index.js';
import { DECK_SIZE, SUITS, TOP_RANK } from '../../src/cards/nines.js';
import { cardCode, showdownRank } from '../../src/cards/nines-value.js';
import { actions, type NinesHoldemObservation } from '../../src/games/nines-holdem/index.js';

const { A_BET, A_CALL, A_CHECK, A_FOLD, A_RAISE } = actions;

/** Showdowns sampled per equity estimate (once per street and table size). */
export const EQUITY_SAMPLES = 300;
/** Bet or raise with no bet to call above this relative strength (0 = an average hand, 1 = a sure win). */
const BET_STRENGTH = 0.1;
/** Raise a bet above this relative strength. */
const RAISE_STRENGTH = 0.3;

const UNSEEN = new Uint8Array(DECK_SIZE);

/**
 * The chance of winning the pot at showdown (ties shared) against `opponents`
 * random hands, the missing board cards random too, by `samples` draws.
 */
function equity(o: NinesHoldemObservation, opponents: number, samples: number, rng: Rng): number {
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
  return won / samples;
}

function has(legal: Int32Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}

/**
 * The Nines Hold'em heuristic (`nines-holdem.md`): estimate the equity of its
 * hand against the seats still in (random hands, {@link EQUITY_SAMPLES}
 * sampled showdowns, once per street and number of seats in); measure it
 * against the fair share 1/(seats in) as a strength from 0 (average) to 1
 * (sure win). With nothing to call: bet or raise when strong, else check.
 * Facing a bet: raise when very strong, call when the equity pays the pot
 * odds (to call / (pot + to call)), else fold.
 */
export function ninesHoldemGreedy(): Bot {
  let cachedKey = -1;
  let cachedEquity = 0;
  return {
    reset() {
      cachedKey = -1;
    },
    act(obsIn, legal, n, ctx: BotContext) {
      const o = obsIn as NinesHoldemObservation;
      const opponents = o.active - 1;
      const key = ((o.handIndex * 4 + o.street) * 16 + opponents) * 16 + o.seat;
      if (key !== cachedKey) {
        cachedEquity = equity(o, opponents, EQUITY_SAMPLES, ctx.rng);
        cachedKey = key;
      }
      const e = cachedEquity;
      const fair = 1 / (opponents + 1);
      const strength = (e - fair) / (1 - fair);
      const aggressive = has(legal, n, A_RAISE) ? A_RAISE : has(legal, n, A_BET) ? A_BET : -1;
      const toCall = o.currentBet - o.roundBet[o.seat]!;
      if (toCall <= 0) return strength > BET_STRENGTH && aggressive >= 0 ? aggressive : A_CHECK;
      if (strength > RAISE_STRENGTH && aggressive >= 0) return aggressive;
      let pot = 0;
      for (let q = 0; q < o.players; q++) pot += o.contrib[q]!;
      return e >= toCall / (pot + toCall) ? A_CALL : A_FOLD;
    },
  };
}
