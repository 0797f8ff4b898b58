/**
 * The test helpers' own check: `stateDiff`'s fast walk (`sameState`) finds a
 * difference exactly when the plain walk (`describeDiff`) names one, on
 * hand-made pairs at every branch of the walk and on real states of every
 * registered game with one field changed.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { gameIds, getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { describeDiff, sameState, stateCopy, stateDiff } from '../helpers.js';

/** Both walks on one pair: the same verdict, and `stateDiff` is the plain walk's answer. */
function agree(a: unknown, b: unknown): string | null {
  const named = describeDiff(a, b);
  expect(sameState(a, b)).toBe(named === null);
  expect(stateDiff(a, b)).toBe(named);
  return named;
}

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

describe('stateDiff: the fast walk agrees with the plain one', () => {
  it('on hand-made pairs: primitives, null, prototypes, typed arrays (-0, NaN, length, element type), keys, nesting, the recorder', () => {
    const equal: [unknown, unknown][] = [
      [1, 1],
      [Number.NaN, Number.NaN],
      [null, null],
      [
        { a: 1, b: [1, 2] },
        { a: 1, b: [1, 2] },
      ],
      [new Float64Array([Number.NaN, 1]), new Float64Array([Number.NaN, 1])],
      [new Int8Array([1, -2]), new Int8Array([1, -2])],
      [
        { a: 1, recorder: { x: 1 } },
        { a: 1, recorder: null },
      ],
      [{ recorder: 1, a: 1 }, { a: 1 }],
      [new Point(1, 2), new Point(1, 2)],
    ];
    for (const [a, b] of equal) expect(agree(a, b)).toBeNull();
    const differ: [unknown, unknown][] = [
      [1, 2],
      [0, -0],
      [null, {}],
      [{}, null],
      [1, { a: 1 }],
      [new Float64Array([0]), new Float64Array([-0])],
      [new Int8Array([1, 2]), new Int8Array([1, 3])],
      [new Int8Array([1, 2]), new Int8Array([1, 2, 0])],
      [new Int8Array([1]), new Uint8Array([1])],
      [{ a: 1 }, { a: 1, b: 2 }],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: 1, recorder: 1 }, { b: 1 }],
      [{ a: { b: { c: new Uint16Array([1, 2]) } } }, { a: { b: { c: new Uint16Array([1, 4]) } } }],
      [
        [1, [2, 3]],
        [1, [2, 4]],
      ],
      [
        [1, 2],
        [1, 2, 3],
      ],
      [new Point(1, 2), { x: 1, y: 2 }],
      [new Point(1, 2), new Point(1, 3)],
    ];
    for (const [a, b] of differ) expect(agree(a, b)).not.toBeNull();
    expect(agree({ a: { b: [0, new Int8Array([1, 2])] } }, { a: { b: [0, new Int8Array([1, 5])] } })).toBe('.a.b[1][1]: 2 vs 5');
  });

  it('on states of every game at random points, equal to their copy, then with one entry of one typed array changed', () => {
    for (const id of gameIds()) {
      const game = getGame(id);
      const variant = resolveGameVariant(game, {});
      const rng = createRng(`helpers-${id}`);
      for (let g = 0; g < 4; g++) {
        const s = game.newState(variant);
        game.deal(s, createRng(`helpers-${id}-${g}`));
        const buf = new Int32Array(game.numDistinctActions(variant));
        for (let k = rng.int(30); k > 0 && !game.isTerminal(s); k--) game.apply(s, buf[rng.int(game.legalActions(s, buf))]!);
        const copy = stateCopy(s);
        expect(agree(s, copy), id).toBeNull();
        const arrays = Object.entries(copy as object).filter(([, v]) => ArrayBuffer.isView(v) && (v as Uint8Array).length > 0);
        const [key, view] = arrays[rng.int(arrays.length)]! as [string, Uint8Array];
        const at = rng.int(view.length);
        view[at] = view[at]! + 1;
        expect(agree(s, copy), `${id} .${key}`).toMatch(new RegExp(`^\\.${key}\\[`));
      }
    }
  });
});
