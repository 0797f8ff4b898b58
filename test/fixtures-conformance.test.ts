/**
 * The conformance suite over the test-only fixture games (`test/fixtures/games/`),
 * which `src/games` never registers: the same checks as `conformance.test.ts`,
 * plus the fixture's own promise that a clone draws from its own generator.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/core/rng.js';
import { resolveGameVariant } from '../src/core/variant.js';
import { conformanceSuite } from './conformance-checks.js';
import { register } from './fixtures/high-card.js';
import { playOut } from './helpers.js';

const highCard = register();
conformanceSuite(highCard);

describe('conformance extras: high-card', () => {
  it('playing a new clone on leaves the original game unchanged, its future draws included', () => {
    const variant = resolveGameVariant(highCard, {});
    for (let g = 0; g < 50; g++) {
      const play = (withClone: boolean): string => {
        const s = highCard.newState(variant);
        highCard.deal(s, createRng(`fork-${g}`));
        if (withClone) playOut(highCard, highCard.clone(s), createRng(`fork-clone-${g}`));
        playOut(highCard, s, createRng(`fork-play-${g}`));
        return JSON.stringify(highCard.result(s));
      };
      expect(play(true)).toBe(play(false));
    }
  });
});
