import type { Game, GameInfo, Variant } from '../../core/index.js';
import { defineGame, intParam, plainArray, VariantError } from '../../core/index.js';
import { NUM_ACTIONS } from './actions.js';
import { checkInvariants } from './invariants.js';
import { decodeAction, encodeAction } from './codec.js';
import { captainsOrdersFeatures } from './features.js';
import { CaptainsOrdersObservation, determinize, observe } from './observation.js';
import { apply, currentSeat, deal, legalActions, legalAt, legalCount, maxDecisions } from './rules.js';
import { runningScores } from './standings.js';
import { CaptainsOrdersState, copyState, Phase } from './state.js';
import { captainsOrdersTensor } from './tensor.js';

/** Static facts and variant parameters (`captains-orders.md`, "Variant parameters"). */
export const captainsOrdersInfo: GameInfo = {
  id: 'captains-orders',
  name: "Captain's Orders",
  minPlayers: 4,
  maxPlayers: 8,
  defaultPlayers: 5,
  hiddenInformation: true,
  scoreUnit: 'round wins',
  utility: 'win-share',
  params: [
    { key: 'players', kind: 'int', min: 4, max: 8, default: 5, doc: 'number of seats' },
    { key: 'handSize', kind: 'int', min: 1, max: 11, default: 6, doc: 'cards dealt to each player (P x handSize <= 55)' },
    { key: 'winsToWin', kind: 'int', min: 1, max: 20, default: 3, doc: 'round wins that win the game' },
  ],
};

/** Captain's Orders, per `../shared/rules/captains-orders.md`. */
export const captainsOrders: Game<CaptainsOrdersState, CaptainsOrdersObservation> = defineGame({
  State: CaptainsOrdersState,
  Observation: CaptainsOrdersObservation,
  copyState,
  info: captainsOrdersInfo,
  checkVariant(v: Variant) {
    const p = intParam(v, 'players');
    const h = intParam(v, 'handSize');
    if (p * h > 55) throw new VariantError(`captains-orders: ${p} players x handSize ${h} needs ${p * h} cards, the deck has 55`);
  },
  deal,
  numDistinctActions: NUM_ACTIONS,
  maxDecisions: (v) => maxDecisions(intParam(v, 'players'), intParam(v, 'handSize')),
  currentSeat,
  legalActions,
  legalCount,
  legalAt,
  apply,
  isTerminal: (s) => s.phase === Phase.Over,
  result: (s) => ({ scores: plainArray(s.roundWins), winners: s.winners, capped: s.capped }),
  runningScores,
  tensor: captainsOrdersTensor,
  actionFeatures: captainsOrdersFeatures,
  observe,
  determinize,
  encodeAction,
  decodeAction,
  checkInvariants,
});
