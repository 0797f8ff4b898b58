/**
 * The SPRT of `match --sprt` keeps its α at every match size: A/A matches
 * (A − B has mean 0 = H0) are simulated deal by deal with the batches `match`
 * merges (`dealsPerBatch`, 2P games a deal at P = 4) and the test asked after
 * each batch as `match` asks it (`sprtLookDue`, then `sprt`). Per-deal
 * distributions, seeded: normal differences with H1 at 0.35 and 0.5 standard
 * deviations (where dense looks hurt most), and sparse ones (most deals a
 * tie, ±1 in 10% of deals each, as between two near-equal bots) with H1 at
 * 0.8 standard deviations.
 *
 * Measured (4000 matches each; sparse / normal / normal-wide): looking after
 * every deal from the tenth, as matches of 64 deals or fewer did, accepts H1
 * in 1.5% / 6.2% / 6.1% of A/A matches of 64 deals, above α = 5%; with looks
 * from 16 deals on and at least 8 deals apart, at most 0.97% / 3.77% / 2.88%
 * over 16 to 400 deals.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { sprt, sprtLookDue, type SprtParams } from '../../src/stats/sprt.js';
import { dealsPerBatch } from '../../src/tourney/deal-batches.js';

const RUNS = 4000;
const ALPHA = 0.05;
const SIZES = [16, 32, 64, 128, 400] as const;
/** Games a deal of a four-seat match: A and B in every seat. */
const GAMES_PER_DEAL = 8;

type Draw = (rng: Rng) => number;
const normal: Draw = (rng) => {
  let u = rng.next();
  while (u === 0) u = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
};
const sparse: Draw = (rng) => {
  const u = rng.next();
  return u < 0.1 ? 1 : u < 0.2 ? -1 : 0;
};
const CASES: readonly { name: string; draw: Draw; params: SprtParams }[] = [
  { name: 'sparse', draw: sparse, params: { mu0: 0, mu1: 0.8 * Math.sqrt(0.2), alpha: ALPHA, beta: ALPHA } },
  { name: 'normal', draw: normal, params: { mu0: 0, mu1: 0.35, alpha: ALPHA, beta: ALPHA } },
  { name: 'normal-wide', draw: normal, params: { mu0: 0, mu1: 0.5, alpha: ALPHA, beta: ALPHA } },
];

/**
 * The share of A/A matches of `deals` deals at most whose SPRT accepted H1.
 * @param look whether the test looks after a batch of n deals (last: the previous look).
 * @param minimum the fewest deals before a decision: undefined for `match`'s own rule (`sprt`'s SPRT_MIN_SAMPLES).
 */
function falseH1(c: (typeof CASES)[number], deals: number, look: (n: number, last: number) => boolean, seed: string, minimum?: number): number {
  const rng = new Rng(seed);
  const per = dealsPerBatch(deals, GAMES_PER_DEAL);
  let h1 = 0;
  for (let r = 0; r < RUNS; r++) {
    let sum = 0;
    let sumSq = 0;
    let last = 0;
    for (let n = 0; n < deals; ) {
      const end = Math.min(deals, n + per);
      for (; n < end; n++) {
        const x = c.draw(rng);
        sum += x;
        sumSq += x * x;
      }
      const due = look(n, last);
      if (due) last = n;
      const s = sprt(sum, sumSq, n, c.params, due);
      const accepted = minimum === undefined ? s.accepted : !due || n < minimum ? null : s.llr >= s.upper ? 'H1' : s.llr <= s.lower ? 'H0' : null;
      if (accepted === 'H1') h1++;
      if (accepted !== null) break;
    }
  }
  return h1 / RUNS;
}

describe('SPRT level in A/A matches', () => {
  it('looking after every deal from the tenth would accept H1 above α in A/A matches of 64 deals (why looks start at 16 deals, 8 apart)', () => {
    const old = (n: number): boolean => n >= 10;
    const rates = CASES.map((c) => falseH1(c, 64, old, `aa-old-${c.name}`, 10));
    console.log(
      `A/A, 64 deals, looks after every deal from the 10th: H1 accepted in ${rates.map((x) => `${(100 * x).toFixed(1)}%`).join(' / ')} (${CASES.map((c) => c.name).join(' / ')})`,
    );
    expect(Math.max(...rates)).toBeGreaterThan(ALPHA);
  });

  it('match --sprt accepts H1 in at most α of A/A matches at every size from 16 to 400 deals', () => {
    const lines: string[] = [];
    for (const c of CASES) {
      for (const deals of SIZES) {
        const rate = falseH1(c, deals, sprtLookDue, `aa-${c.name}-${deals}`);
        lines.push(`${c.name} ${deals} deals: ${(100 * rate).toFixed(2)}%`);
        expect(rate, `${c.name}, ${deals} deals`).toBeLessThanOrEqual(ALPHA);
      }
    }
    console.log(`A/A, looks from 16 deals at least 8 apart: H1 accepted in ${lines.join(', ')}`);
  });
});
