import { registerGame } from '../../core/registry.js';
import { multiplesOfNine } from './game.js';

export { multiplesOfNine } from './game.js';
export { MultiplesOfNineObservation } from './observation.js';
export { MultiplesOfNineState, Phase, TURNS_PER_SEAT_CAP } from './state.js';
export * as actions from './actions.js';
export { beginTurn } from './rules.js';

registerGame(multiplesOfNine);
