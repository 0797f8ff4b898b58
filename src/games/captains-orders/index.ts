import { registerGame } from '../../core/registry.js';
import { captainsOrders } from './game.js';

export { captainsOrders } from './game.js';
export { CaptainsOrdersObservation } from './observation.js';
export { Phase } from './state.js';
export * as actions from './actions.js';

registerGame(captainsOrders);
