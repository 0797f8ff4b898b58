import type { Game, GameInfo, Variant } from '../../core/index.js';
import { defineGame, intParam, VariantError } from '../../core/index.js';
import { DECK_SIZE } from '../../cards/nines.js';
import { NUM_ACTIONS } from './actions.js';
import { decodeAction, encodeAction } from './codec.js';
import { checkInvariants } from './invariants.js';
import { MultiplesOfNineObservation, determinize, observe } from './observation.js';
import { apply, currentSeat, deal, legalActions, legalAt, legalCount, maxDecisions } from './rules.js';
import { MultiplesOfNineState, copyState, Phase } from './state.js';
import { multiplesOfNineFeatures } from './features.js';
import { multiplesOfNineTensor } from './tensor.js';

/** Static facts and variant parameters (`multiples-of-nine.md`, "Variant parameters"). */
export const multiplesOfNineInfo: GameInfo = {
  id: 'multiples-of-nine',
  name: 'Multiples of Nine',
  minPlayers: 2,
  maxPlayers: 6,
  defaultPlayers: 2,
  hiddenInformation: true,
  scoreUnit: 'wins',
  utility: 'win-share',
  params: [
    { key: 'players', kind: 'int', min: 2, max: 6, default: 2, doc: 'number of seats' },
    { key: 'handSize', kind: 'int', min: 1, max: 20, default: 5, doc: 'cards dealt to each player (P x handSize <= 52)' },
    { key: 'nineAloneOnlyToGoOut', kind: 'bool', default: true, doc: 'a discard totalling exactly 9 is legal only when it empties the hand' },
  ],
};

/** Multiples of Nine, per `../shared/rules/multiples-of-nine.md`. */
export const multiplesOfNine: Game<MultiplesOfNineState, MultiplesOfNineObservation> = defineGame({
  State: MultiplesOfNineState,
  Observation: MultiplesOfNineObservation,
  copyState,
  info: multiplesOfNineInfo,
  checkVariant(v: Variant) {
    const p = intParam(v, 'players');
    const h = intParam(v, 'handSize');
    if (p * h > DECK_SIZE) throw new VariantError(`multiples-of-nine: ${p} players x handSize ${h} needs ${p * h} cards, the deck has ${DECK_SIZE}`);
  },
  deal,
  numDistinctActions: NUM_ACTIONS,
  maxDecisions: (v) => maxDecisions(intParam(v, 'players')),
  currentSeat,
  legalActions,
  legalCount,
  legalAt,
  apply,
  isTerminal: (s) => s.phase === Phase.Over,
  result(s) {
    const scores = new Array<number>(s.players).fill(0);
    if (s.winner >= 0) scores[s.winner] = 1;
    return { scores, winners: s.winner >= 0 ? [s.winner] : [], capped: s.capped };
  },
  observe,
  determinize,
  checkInvariants,
  tensor: multiplesOfNineTensor,
  actionFeatures: multiplesOfNineFeatures,
  encodeAction,
  decodeAction,
});
