import { registerGame } from '../../core/registry.js';
import { nineMuses } from './game.js';

export { nineMuses, nineMusesInfo, NINE_MUSES_DESCRIPTION } from './game.js';
export { NineMusesObservation } from './observation.js';
export { NineMusesState, Phase, CENTER, IN_DECK } from './state.js';
export { nineMusesStats, type NineMusesStats, type SeatBalance, type MuseBalance, type VpBySource, type ActionMix } from './stats.js';
export {
  loadCardSet,
  compileCardSet,
  validateCardData,
  describeCondition,
  describeAbility,
  CardDataError,
  DEFAULT_CARDS,
  KNOWLEDGE,
  type CardSet,
  type CardFile,
  type Condition,
  type Ability,
} from './cards.js';
export { canCall, meets, quantity } from './conditions.js';
export { rate } from './rules.js';
export { nineMusesBalance, type NineMusesTotals } from './balance.js';
export * as actions from './actions.js';

registerGame(nineMuses);
