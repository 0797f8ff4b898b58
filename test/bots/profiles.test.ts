/**
 * A game's tuned profile (`bots/profiles/`) is what `--bots
 * greedy` and `--bots ismcts` mean in that game: every value is a valid
 * parameter value, the spec without parameters resolves to them, and the
 * search bots' greedy playouts play the profiled greedy.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { gameIds } from '../../src/core/registry.js';
import { getBotKind, resolveBotParams } from '../../bots/index.js';
import { applyProfile, profileOf } from '../../bots/profiles/index.js';

describe('tuned profiles', () => {
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

  it('docs/bots.md, "Tuned defaults": each game\'s row states its ismcts profile (every value it sets besides the defaults)', () => {
    const readme = readFileSync(new URL('../../docs/bots.md', import.meta.url), 'utf8');
    const defaults = resolveBotParams(getBotKind('ismcts'), {}, '');
    for (const id of gameIds()) {
      const row = readme.split('\n').find((l) => l.startsWith(`| ${id} | `) && l.split('|').length === 5);
      expect(row, id).toBeDefined();
      // The ismcts column's first spec in backticks, key=value,...
      const spec = /`([^`]*=[^`]*)`/.exec(row!.split('|')[3]!)?.[1] ?? '';
      const stated = new Map(spec.split(',').map((kv) => kv.split('=') as [string, string]));
      for (const [k, v] of Object.entries(profileOf('ismcts', id))) {
        if (v === defaults[k] && !stated.has(k)) continue;
        expect(stated.get(k), `${id}: ismcts ${k}`).toBe(String(v));
      }
    }
  });

  it('a profile naming an unknown parameter or a value out of range is refused', () => {
    const params = getBotKind('ismcts').params;
    expect(applyProfile('ismcts', 'g', params, { c: 0.2, rollout: 'greedy' }).find((p) => p.key === 'c')?.default).toBe(0.2);
    expect(() => applyProfile('ismcts', 'g', params, { nope: 1 })).toThrow(/no parameter 'nope'/);
    expect(() => applyProfile('ismcts', 'g', params, { c: 11 })).toThrow(/out of 0..10/);
    expect(() => applyProfile('ismcts', 'g', params, { iterations: 1.5 })).toThrow(/out of/);
    expect(() => applyProfile('ismcts', 'g', params, { rollout: 'smart' })).toThrow(/not one of/);
  });
});
