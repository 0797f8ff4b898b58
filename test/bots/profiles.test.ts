/**
 * #17 item 4: a game's tuned profile (`bots/profiles/`) is what `--bots
 * greedy` and `--bots ismcts` mean in that game: every value is a valid
 * parameter value, the spec without parameters resolves to them, and the
 * search bots' greedy playouts play the profiled greedy.
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { gameIds } from '../../src/core/registry.js';
import { getBotKind, resolveBotParams } from '../../bots/index.js';
import { applyProfile, profileOf } from '../../bots/profiles/index.js';

describe('#17 item 4: tuned profiles', () => {
  for (const id of gameIds()) {
    it(`${id}: greedy and ismcts without parameters mean the profile's values`, () => {
      for (const name of ['greedy', 'ismcts']) {
        const kind = getBotKind(name);
        if (!kind.supports(id)) continue;
        const profile = profileOf(name, id);
        const resolved = resolveBotParams(kind, {}, id);
        for (const [k, v] of Object.entries(profile)) expect(resolved[k], `${name}:${k}`).toBe(v);
      }
    });
  }

  it('a profile naming an unknown parameter or a value out of range is refused', () => {
    const params = getBotKind('ismcts').params;
    expect(applyProfile('ismcts', 'g', params, { c: 0.2, rollout: 'greedy' }).find((p) => p.key === 'c')?.default).toBe(0.2);
    expect(() => applyProfile('ismcts', 'g', params, { nope: 1 })).toThrow(/no parameter 'nope'/);
    expect(() => applyProfile('ismcts', 'g', params, { c: 11 })).toThrow(/out of 0..10/);
    expect(() => applyProfile('ismcts', 'g', params, { iterations: 1.5 })).toThrow(/out of/);
    expect(() => applyProfile('ismcts', 'g', params, { rollout: 'smart' })).toThrow(/not one of/);
  });
});
