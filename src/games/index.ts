/**
 * Registers every game. Import this module (for its side effect) before
 * looking games up with `getGame`. Each game adds its line here.
 */
import './captains-orders/index.js';
import './nine-virtues/index.js';
import './nine-muses/index.js';
import './nine-lives/index.js';
import './multiples-of-nine/index.js';
import './nines-holdem/index.js';

export { getGame, gameIds } from '../core/registry.js';
