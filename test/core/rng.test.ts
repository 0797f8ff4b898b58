/**
 * `Rng.drawInto` (src/core/rng.ts): drawing a deal's cards with the
 * generator's state in locals gives exactly the cards and the stream of the
 * plain Fisher-Yates loop over `Rng.int`.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';

describe('Rng.drawInto', () => {
  it('equals the first count steps of a front-to-back Fisher-Yates over int(), and leaves the stream where they do', () => {
    for (let t = 0; t < 200; t++) {
      const n = 1 + (t % 55);
      const count = 1 + ((t * 7) % n);
      const a = Uint8Array.from({ length: 55 }, (_, i) => i);
      const b = a.slice();
      const ra = new Rng(`draw-${t}`);
      const rb = new Rng(`draw-${t}`);
      ra.drawInto(a, n, count);
      for (let i = 0; i < count; i++) {
        const j = i + rb.int(n - i);
        const c = b[j]!;
        b[j] = b[i]!;
        b[i] = c;
      }
      expect(Array.from(a)).toEqual(Array.from(b));
      expect(ra.int32()).toBe(rb.int32());
    }
  });
});
