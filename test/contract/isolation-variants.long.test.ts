/**
 * Information isolation over each game's extra variants (`suiteVariants` in
 * helpers.ts: Nine Lives with Powers, with and without Black Cat): the long
 * tier's share of `isolation.test.ts` (these variants' games are several
 * times longer).
 */
import { gameIds } from '../../src/core/registry.js';
import { suiteVariants } from '../helpers.js';
import { isolationSuite } from './isolation-checks.js';

for (const id of gameIds()) for (const extra of suiteVariants(id).filter((v) => v.label !== '')) isolationSuite(id, extra);
