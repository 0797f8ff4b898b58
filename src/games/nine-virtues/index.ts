import { registerGame } from '../../core/registry.js';
import { nineVirtues } from './game.js';

export { nineVirtues, nineVirtuesInfo } from './game.js';
export { NineVirtuesObservation } from './observation.js';
export { NineVirtuesState, Phase, type BidPenalty } from './state.js';
export {
  nineVirtuesStats,
  accumulateStats,
  newStatsTotals,
  type NineVirtuesStats,
  type NineVirtuesRoundStats,
  type SeatRoundStats,
  type BidStat,
  type BidOutcome,
  type StatsTotals,
} from './stats.js';
export * as actions from './actions.js';

registerGame(nineVirtues);
