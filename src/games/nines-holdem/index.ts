import { registerGame } from '../../core/registry.js';
import { ninesHoldem } from './game.js';

export { ninesHoldem } from './game.js';
export { NinesHoldemObservation } from './observation.js';
export { NinesHoldemState, Phase, Street } from './state.js';
export { betSize } from './rules.js';
export * as actions from './actions.js';

registerGame(ninesHoldem);
