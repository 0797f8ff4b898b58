/**
 * The conformance suite over each game's extra variants (`suiteVariants` in
 * helpers.ts: Nine Lives with Powers, with and without Black Cat), at the
 * minimum, default and maximum player counts: the long tier's share of
 * `conformance.test.ts` (these variants' games are several times longer).
 */
import { gameIds, getGame } from '../../src/core/registry.js';
import { conformanceSuite } from './conformance-checks.js';
import { suiteVariants } from '../helpers.js';

for (const id of gameIds()) {
  const extra = suiteVariants(id).filter((v) => v.label !== '');
  if (extra.length > 0) conformanceSuite(getGame(id), { variants: extra });
}
