/**
 * The conformance suite every registered game passes; the checks are in
 * `conformance-checks.ts` (shared with the fixture games' suite).
 */
import { gameIds, getGame } from '../src/core/registry.js';
import { conformanceSuite } from './conformance-checks.js';
import './helpers.js';

for (const id of gameIds()) conformanceSuite(getGame(id));
