import { registerGame } from '../../core/registry.js';
import { nineLives } from './game.js';

export { nineLives } from './game.js';
export { NineLivesObservation } from './observation.js';
export { Phase } from './state.js';
export { nineLivesStats, nineLivesStatsFromRecord, type NineLivesStats, type NineLivesRoundStats } from './stats.js';
export * as actions from './actions.js';
export * as cards from './cards.js';
export { trickWinner } from './rules.js';
export { POWER_KEYS } from './powers-list.js';
export { C_DECL_SUIT, PW_CHOICE, PW_LEAD, PW_RANK, RANK_LOW } from './powers-scalars.js';
export { nineLivesBalance, type NineLivesTotals } from './balance.js';

registerGame(nineLives);
