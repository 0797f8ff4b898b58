/**
 * Information isolation, for every registered game under its defaults: a bot
 * is handed copies (its observation and legal actions are refilled before
 * each decision), and nothing reachable from what it is given — observation,
 * legal actions, context, the forward model — shares memory with the game
 * state. The checks are in `isolation-checks.ts`; each game's extra variants
 * (`suiteVariants`: Nine Lives' Powers) go through them in
 * `isolation-variants.long.test.ts`, in the long tier.
 */
import { gameIds } from '../../src/core/registry.js';
import { suiteVariants } from '../helpers.js';
import { isolationSuite } from './isolation-checks.js';

for (const id of gameIds()) for (const extra of suiteVariants(id).filter((v) => v.label === '')) isolationSuite(id, extra);
