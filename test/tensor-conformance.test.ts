/**
 * The tensor conformance checks (`tensor-checks.ts`) for every registered
 * game and its suite variants: the observation tensor of src/core/tensor.ts.
 */
import { gameIds, getGame } from '../src/core/registry.js';
import { suiteVariants } from './helpers.js';
import { tensorSuite } from './tensor-checks.js';

for (const id of gameIds()) tensorSuite(getGame(id), { variants: suiteVariants(id) });
