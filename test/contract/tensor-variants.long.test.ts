/**
 * The tensor conformance checks over each game's extra variants
 * (`suiteVariants` in helpers.ts: Nine Lives with Powers, with and without
 * Black Cat), at the minimum, default and maximum player counts: the long
 * tier's share of `tensor-conformance.test.ts` (these variants' games are
 * several times longer, their tensors several times larger).
 */
import { gameIds, getGame } from '../../src/core/registry.js';
import { suiteVariants } from '../helpers.js';
import { tensorSuite } from './tensor-checks.js';

for (const id of gameIds()) {
  const extra = suiteVariants(id).filter((v) => v.label !== '');
  if (extra.length > 0) tensorSuite(getGame(id), { variants: extra, variantsOnly: true });
}
