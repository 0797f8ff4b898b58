import { RuleError } from '../../core/index.js';
import { NINES_SLOTS, SUITS } from '../../cards/nines.js';
import { BOARD, type NinesHoldemState, Phase } from './state.js';

/**
 * Nines Hold'em invariants: the dealt cards use each value at most four
 * times; net chips sum to zero; during a hand the active count matches the
 * folds, the seat to act is in the hand, no seat put in more than the bet to
 * match this round, the bets stay within the cap, and the board shows 0, 3, 4
 * or 5 cards as the street says.
 * @throws RuleError naming the first broken invariant.
 */
export function checkInvariants(s: NinesHoldemState): void {
  const P = s.players;
  const seen = new Int32Array(NINES_SLOTS);
  for (let k = 0; k < 2 * P; k++) seen[s.hole[k]!]!++;
  for (let k = 0; k < BOARD; k++) seen[s.board[k]!]!++;
  for (let v = 1; v < NINES_SLOTS; v++) if (seen[v]! > SUITS) throw new RuleError(`nines-holdem: value ${v} dealt ${seen[v]} times`);
  if (seen[0] !== 0) throw new RuleError('nines-holdem: a dealt card has no value');
  let sum = 0;
  for (let q = 0; q < P; q++) sum += s.net[q]!;
  if (sum !== 0) throw new RuleError(`nines-holdem: net chips sum to ${sum}`);
  if (s.phase === Phase.Over) return;
  let active = 0;
  for (let q = 0; q < P; q++) {
    if (s.folded[q] === 0) active++;
    if (s.roundBet[q]! > s.currentBet) throw new RuleError(`nines-holdem: seat ${q} put in ${s.roundBet[q]} this round, above the bet ${s.currentBet}`);
    if (s.roundBet[q]! > s.contrib[q]!) throw new RuleError(`nines-holdem: seat ${q} round bet exceeds its hand total`);
  }
  if (active !== s.active || active < 2) throw new RuleError(`nines-holdem: ${active} seats in the hand, counted ${s.active}`);
  if (s.folded[s.toAct] === 1) throw new RuleError(`nines-holdem: seat ${s.toAct} is to act but folded`);
  if (s.bets > s.maxBets) throw new RuleError(`nines-holdem: ${s.bets} bets, above the cap ${s.maxBets}`);
  const want = [0, 3, 4, 5][s.street];
  if (s.shown !== want) throw new RuleError(`nines-holdem: ${s.shown} board cards shown on street ${s.street}`);
}
