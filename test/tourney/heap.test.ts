/** The workers' periodic full collection (`src/tourney/heap.ts`). */
import { describe, expect, it } from 'vitest';
import { PeriodicCollector } from '../../src/tourney/heap.js';

/** Leaves about 20 MB of old, unreachable objects behind. */
function litter(): void {
  let keep: object[] = [];
  for (let i = 0; i < 200_000; i++) keep.push({ i, s: `x${i}` });
  keep = [];
  void keep;
}

describe('PeriodicCollector', () => {
  it('collects after a batch once its interval has passed, freeing unreachable objects', () => {
    const c = new PeriodicCollector(0);
    litter();
    const before = process.memoryUsage().heapUsed;
    c.afterBatch();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before - 5 * 1024 * 1024);
  });

  it('does not collect again before its interval has passed', () => {
    let collections = 0;
    const c = new PeriodicCollector(3_600_000, () => collections++);
    for (let i = 0; i < 1000; i++) c.afterBatch();
    expect(collections).toBe(0);
    const every = new PeriodicCollector(0, () => collections++);
    for (let i = 0; i < 10; i++) every.afterBatch();
    expect(collections).toBe(10);
  });
});
