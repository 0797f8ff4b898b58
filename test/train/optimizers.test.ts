/**
 * The training optimizers and their search space, on
 * functions whose optimum is known: SPSA (Spall 1998) on a noisy concave
 * quadratic, NTBEA (Lucas, Liu and Perez-Liebana 2018) on a noisy grid
 * function; and the space's coordinates, levels and errors.
 */
import { describe, expect, it } from 'vitest';
import type { BotParam } from '../../src/core/bot.js';
import { Rng } from '../../src/core/rng.js';
import { ntbeaBest, ntbeaNext, ntbeaRecord, ntbeaStart, tuples } from '../../src/train/ntbea.js';
import { botDimensions, coordinateOf, levelsOf, parseRanges, valueAt } from '../../src/train/space.js';
import { spsaDefaults, spsaProbe, spsaUpdate, type SpsaState } from '../../src/train/spsa.js';

/** A normal deviate (Box-Muller) from a seeded stream. */
function gauss(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

const PARAMS: BotParam[] = [
  { key: 'leak', kind: 'float', min: 0, max: 1, default: 0.12, doc: '', tune: { min: 0, max: 0.5 } },
  { key: 'c', kind: 'float', min: 0, max: 10, default: 0.7, doc: '', tune: { min: 0.05, max: 2, scale: 'log' } },
  { key: 'iterations', kind: 'int', min: 1, max: 1_000_000, default: 1000, doc: '' },
  { key: 'rollout', kind: 'enum', choices: ['random', 'greedy'], default: 'random', doc: '' },
];

describe('the search space', () => {
  it('tunes by default every numeric parameter with a tuning range, starting from the given values', () => {
    const dims = botDimensions(PARAMS, { leak: 0.2, c: 0.7, iterations: 1000, rollout: 'random' }, null);
    expect(dims.map((d) => d.key)).toEqual(['leak', 'c']);
    expect(dims[0]).toMatchObject({ min: 0, max: 0.5, start: 0.2, scale: 'linear' });
    expect(dims[1]).toMatchObject({ scale: 'log' });
  });

  it('--tune names parameters (a choice and one without a range included); --range overrides; bad names and ranges are one-line errors', () => {
    const dims = botDimensions(
      PARAMS,
      { leak: 0.12, c: 0.7, iterations: 1000, rollout: 'random' },
      ['iterations', 'rollout'],
      parseRanges('iterations=10:1000:log'),
    );
    expect(dims[0]).toMatchObject({ key: 'iterations', min: 10, max: 1000, scale: 'log' });
    expect(dims[1]).toMatchObject({ kind: 'enum', choices: ['random', 'greedy'] });
    expect(() => botDimensions(PARAMS, {}, ['nope'])).toThrow(/no parameter 'nope'/);
    expect(() => botDimensions(PARAMS, {}, ['leak'], parseRanges('leak=0:2'))).toThrow(/within 0..1/);
    expect(() => parseRanges('leak=0-1')).toThrow(/key=min:max/);
    expect(() => botDimensions([], {}, null)).toThrow(/nothing to tune/);
  });

  it('coordinates: linear and logarithmic, integers rounded, inverse of each other', () => {
    const [leak, c] = botDimensions(PARAMS, {}, null) as [never, never];
    expect(valueAt(leak, 0.5)).toBe(0.25);
    expect(valueAt(c, 0)).toBe(0.05);
    expect(valueAt(c, 1)).toBe(2);
    expect(valueAt(c, 0.5)).toBeCloseTo(Math.sqrt(0.1), 3);
    expect(coordinateOf(c, valueAt(c, 0.3))).toBeCloseTo(0.3, 3);
    expect(valueAt(leak, 7)).toBe(0.5);
    const it = botDimensions(PARAMS, {}, ['iterations'], parseRanges('iterations=1:4'))[0]!;
    expect(levelsOf(it, 7)).toEqual([1, 2, 3, 4]);
    expect(levelsOf(leak, 3)).toEqual([0, 0.12, 0.25, 0.5]);
  });
});

describe('SPSA (Spall 1998)', () => {
  it('climbs a noisy concave quadratic to its maximum from a corner', () => {
    const best = [0.7, 0.3];
    const f = (x: readonly number[]): number => -x.reduce((a, v, i) => a + (v - best[i]!) ** 2, 0);
    const N = 2000;
    const s = spsaDefaults(N);
    let state: SpsaState = { k: 0, theta: [0.05, 0.95], a: null, seSum: 0, seCount: 0 };
    const noise = new Rng('noise');
    for (let k = 0; k < N; k++) {
      const p = spsaProbe(s, state, new Rng(`probe/${k}`));
      const d = f(p.plus) - f(p.minus) + 0.05 * gauss(noise);
      state = spsaUpdate(s, state, p, d, 0.05);
    }
    expect(state.theta[0]).toBeCloseTo(0.7, 1);
    expect(state.theta[1]).toBeCloseTo(0.3, 1);
  });

  it('does not move before a difference has a standard error, and a parameter played at one value gets no gradient', () => {
    const s = spsaDefaults(100);
    const st: SpsaState = { k: 0, theta: [0.5, 0.5], a: null, seSum: 0, seCount: 0 };
    const still = spsaUpdate(s, st, { plus: [0.6, 0.6], minus: [0.4, 0.4] }, 0.1, 0);
    expect(still.theta).toEqual([0.5, 0.5]);
    const moved = spsaUpdate(s, st, { plus: [0.6, 0.5], minus: [0.4, 0.5] }, 0.1, 0.05);
    expect(moved.theta[0]).toBeGreaterThan(0.5);
    expect(moved.theta[1]).toBe(0.5);
  });
});

describe('NTBEA (Lucas, Liu and Perez-Liebana 2018)', () => {
  it('models 1-tuples, 2-tuples and the full tuple', () => {
    expect(tuples(3)).toEqual([[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]);
    expect(tuples(1)).toEqual([[0]]);
  });

  it('finds the best point of a noisy 3-dimensional grid', () => {
    const levels = [7, 7, 5];
    const target = [5, 1, 3];
    const f = (p: readonly number[]): number => 1 - p.reduce((a, v, i) => a + Math.abs(v - target[i]!) / levels[i]!, 0) / 3;
    const noise = new Rng('noise');
    let st = ntbeaStart([0, 6, 0]);
    for (let k = 0; k < 400; k++) {
      st = ntbeaRecord(st, f(st.current) + 0.1 * gauss(noise), 0.1);
      st = ntbeaNext({ levels, k: 2, neighbours: 50 }, st, new Rng(`n/${k}`));
    }
    expect(ntbeaBest(st).point).toEqual(target);
  });
});
