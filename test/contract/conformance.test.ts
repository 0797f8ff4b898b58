/**
 * The conformance suite every registered game passes, for its minimum,
 * default and maximum player count: each promise of the contract in
 * src/core/game.ts. The checks are in `conformance-checks.ts`, shared with
 * the fixture games' suite (`fixtures-conformance.test.ts`). Each game's
 * extra variants (`suiteVariants`: Nine Lives' Powers) go through the same
 * checks in `conformance-variants.long.test.ts`, in the long tier.
 */
import { gameIds, getGame } from '../../src/core/registry.js';
import { conformanceSuite } from './conformance-checks.js';
import '../helpers.js';

for (const id of gameIds()) conformanceSuite(getGame(id));
