/**
 * The conformance suite over the test-only fixture games (`test/fixtures/games/`),
 * which `src/games` never registers: the same checks as `conformance.test.ts`,
 * and the tensor checks of `tensor-conformance.test.ts`.
 */
import { conformanceSuite } from './conformance-checks.js';
import { register } from '../fixtures/high-card.js';
import { tensorSuite } from './tensor-checks.js';

const highCard = register();
// Every id of High Card is legal, so only the ids that are no action (-1, 2, 0.5) are tried, on few decisions: more games.
conformanceSuite(highCard, { illegalGames: 600 });
tensorSuite(highCard, { readme: 'test/fixtures/games/high-card/README.md' });
