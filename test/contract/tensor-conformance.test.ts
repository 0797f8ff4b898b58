/**
 * The tensor conformance checks (`tensor-checks.ts`) for every registered
 * game at its default variant and its minimum, default and maximum player
 * counts; the extra suite variants (Nine Lives' Powers) are the long tier's
 * `tensor-variants.long.test.ts`.
 */
import { gameIds, getGame } from '../../src/core/registry.js';
import { tensorSuite } from './tensor-checks.js';
import '../helpers.js';

for (const id of gameIds()) tensorSuite(getGame(id));
