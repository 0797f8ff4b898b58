/**
 * The statistics of duplicate deals (`src/stats`), each against a known
 * answer: the deal as the unit, seatings without identical replays, the
 * paired comparison, the SPRT and ratings (docs/tourney.md, "Statistics: the
 * deal is the unit").
 */
import { describe, expect, it } from 'vitest';
import { clusterMean, clusterProportion, combine } from '../../src/stats/cluster.js';
import { jackknife, jackknifeCovariance } from '../../src/stats/jackknife.js';
import { dealsForPower, detectableDifference, pairedComparison } from '../../src/stats/paired.js';
import { fitRatings, unboundedBots } from '../../src/stats/ratings.js';
import { matchSeatings, rotationSeatings, roundRobinSeatings, seatGamesPerDeal } from '../../src/stats/seatings.js';
import { sprt } from '../../src/stats/sprt.js';
import { equalMeansTest, meanCovariance, symmetricEigen } from '../../src/stats/wald.js';
import { Rng } from '../../src/core/rng.js';

function moments(ys: readonly number[]): { sum: number; sumSq: number } {
  return { sum: ys.reduce((a, b) => a + b, 0), sumSq: ys.reduce((a, b) => a + b * b, 0) };
}

describe('the deal as the unit: intervals over deals', () => {
  it('cluster proportion: a deal whose P games are one game counted P times has the variance of one game, not of P', () => {
    // 400 deals, each a single Bernoulli(0.3) outcome replayed 4 times (identical rotations).
    const rng = new Rng('replays');
    const ys: number[] = [];
    for (let d = 0; d < 400; d++) ys.push(rng.next() < 0.3 ? 4 : 0);
    const est = clusterProportion({ ...moments(ys), deals: 400, perDeal: 4 });
    const p = est.value;
    // The honest standard error is that of 400 independent outcomes ...
    expect(est.se).toBeCloseTo(Math.sqrt((p * (1 - p)) / 400) * Math.sqrt(400 / 399), 6);
    // ... so the design effect is P = 4, and the interval twice as wide as a naive one.
    expect(est.deff).toBeCloseTo(4 * (400 / 399), 2);
  });

  it('cluster proportion: perfectly balanced deals (a bot in every seat) vary by nothing and get the interval [p, p]', () => {
    const est = clusterProportion({ sum: 100, sumSq: 100, deals: 100, perDeal: 4 });
    expect(est.value).toBe(0.25);
    expect(est.ci95).toEqual([0.25, 0.25]);
  });

  it('cluster proportion: a bot that never won gets a Wilson interval on the number of deals', () => {
    const est = clusterProportion({ sum: 0, sumSq: 0, deals: 100, perDeal: 4 });
    expect(est.ci95[0]).toBe(0);
    expect(est.ci95[1]).toBeCloseTo(0.037, 3); // Wilson upper bound of 0 of 100
  });

  it('one deal: nothing varies between deals, so a proportion and a mean get no interval (NaN), not a zero-width one', () => {
    for (const est of [clusterProportion({ sum: 2, sumSq: 4, deals: 1, perDeal: 8 }), clusterMean({ sum: 12, sumSq: 144, deals: 1, perDeal: 8 }, 4)]) {
      expect(est.value).toBeGreaterThan(0);
      expect([est.se, ...est.ci95, est.deff].every(Number.isNaN)).toBe(true);
    }
  });

  it('cluster mean: Student t interval on deals − 1 degrees of freedom', () => {
    const ys = [2, 4, 6, 8, 10];
    const est = clusterMean({ ...moments(ys), deals: 5, perDeal: 2 });
    expect(est.value).toBe(3);
    expect(est.ci95[1] - est.value).toBeCloseTo((2.776445 * Math.sqrt(10 / 5)) / 2, 5);
  });

  it('combine: pooled entries and ± differences from the cross-product matrix', () => {
    // Two entries over three deals: (1, 0), (0, 2), (3, 1).
    const rows = [
      [1, 0],
      [0, 2],
      [3, 1],
    ];
    const sums = [4, 3];
    const cross = [0, 0, 0, 0];
    for (const r of rows) for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) cross[i * 2 + j]! += r[i]! * r[j]!;
    expect(combine(sums, cross, 2, [1, 1])).toEqual({ sum: 7, sumSq: 1 + 4 + 16 });
    expect(combine(sums, cross, 2, [1, -1])).toEqual({ sum: 1, sumSq: 1 + 4 + 4 });
  });

  it('Hotelling T² of equal means: a known two-dimensional case and the F p-value', () => {
    // Mean (1, 0, 0) with identity covariance / 100 of the mean: contrasts d = (1, 0), cov [[2,1],[1,2]]/100.
    const cov = [0.01, 0, 0, 0, 0.01, 0, 0, 0, 0.01];
    const t = equalMeansTest([1, 0, 0], cov, 100);
    // d' S⁻¹ d with S = [[0.02, 0.01], [0.01, 0.02]]: S⁻¹ = [[2,-1],[-1,2]]/0.03 → 2/0.03.
    expect(t.statistic).toBeCloseTo(2 / 0.03, 6);
    expect(t.df1).toBe(2);
    expect(t.df2).toBe(98);
    expect(t.pValue).toBeLessThan(1e-10);
    expect(
      equalMeansTest([0.25, 0.25, 0.25, 0.25], meanCovariance([25, 25, 25, 25], [10, 1, 1, 1, 1, 10, 1, 1, 1, 1, 10, 1, 1, 1, 1, 10], 100), 100).pValue,
    ).toBeCloseTo(1, 6);
  });

  it('Hotelling T²: a schedule that ties seats together (a singular covariance) is tested on its rank', () => {
    // Seats 0 and 2 always share exactly one win a deal, as do seats 1 and 3 (a,b,a,b with b never winning).
    const rng = new Rng('tied');
    const sums = [0, 0, 0, 0];
    const cross = new Array<number>(16).fill(0);
    const n = 500;
    for (let d = 0; d < n; d++) {
      const a = rng.next() < 0.5 ? 1 : 0;
      const b = rng.next() < 0.5 ? 1 : 0;
      const w = [a, b, 1 - a, 1 - b];
      for (let i = 0; i < 4; i++) {
        sums[i]! += w[i]!;
        for (let j = 0; j < 4; j++) cross[i * 4 + j]! += w[i]! * w[j]!;
      }
    }
    const t = equalMeansTest(
      sums.map((x) => x / n),
      meanCovariance(sums, cross, n),
      n,
    );
    expect(t.df1).toBe(2);
    expect(Number.isFinite(t.pValue)).toBe(true);
  });

  it('symmetric eigen-decomposition reproduces the matrix', () => {
    const a = [4, 1, 2, 1, 3, 0, 2, 0, 5];
    const { values, vectors } = symmetricEigen(a, 3);
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        let x = 0;
        for (let k = 0; k < 3; k++) x += vectors[i * 3 + k]! * values[k]! * vectors[j * 3 + k]!;
        expect(x).toBeCloseTo(a[i * 3 + j]!, 9);
      }
    }
  });

  it('delete-a-group jackknife of a mean equals the textbook standard error s/√G', () => {
    const xs = [3, 7, 1, 9, 4, 6, 2, 8];
    const G = xs.length;
    const mean = xs.reduce((a, b) => a + b, 0) / G;
    const reps = xs.map((x) => (mean * G - x) / (G - 1));
    const s2 = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (G - 1);
    expect(jackknife(mean, reps).se).toBeCloseTo(Math.sqrt(s2 / G), 10);
    const cov = jackknifeCovariance(reps.map((r) => [r, 2 * r]));
    expect(cov[3]).toBeCloseTo(4 * (s2 / G), 10);
  });
});

describe('seatings: no identical replays, paired matches, round robins', () => {
  it('no identical replays: a symmetric line-up is one seating, a,b,a,b two, a mixed line-up all P', () => {
    expect(rotationSeatings(['greedy', 'greedy', 'greedy', 'greedy'])).toHaveLength(1);
    expect(rotationSeatings(['a', 'b', 'a', 'b']).map((s) => s.rotation)).toEqual([0, 1]);
    expect(rotationSeatings(['a', 'b', 'c'])).toHaveLength(3);
    // Each name still sits in every seat equally often.
    const s = rotationSeatings(['a', 'b', 'a', 'b']);
    const lineup = ['a', 'b', 'a', 'b'];
    for (let seat = 0; seat < 4; seat++) expect(s.map((k) => lineup[k.entries[seat]!]).sort()).toEqual(['a', 'b']);
  });

  it('match seatings: A and B take the same seat against the same opponents in the same seats, with the same streams', () => {
    const s = matchSeatings(4);
    expect(s).toHaveLength(8);
    for (let k = 0; k < 4; k++) {
      const a = s[2 * k]!;
      const b = s[2 * k + 1]!;
      expect(a.rotation).toBe(b.rotation);
      expect(a.entries[k]).toBe(0);
      expect(b.entries[k]).toBe(1);
      for (let seat = 0; seat < 4; seat++) if (seat !== k) expect(a.entries[seat]).toBe(b.entries[seat]);
    }
    expect(seatGamesPerDeal(s, 5)).toEqual([4, 4, 8, 8, 8]);
  });

  it('round robin: every pool bot in every seat equally often, every pair meets equally often', () => {
    const { seatings, lineups } = roundRobinSeatings(5, 3);
    expect(lineups).toHaveLength(10);
    const seatCount = Array.from({ length: 5 }, () => [0, 0, 0]);
    const meet = new Array<number>(25).fill(0);
    for (const s of seatings) {
      s.entries.forEach((e, seat) => seatCount[e]![seat]!++);
      for (const a of s.entries) for (const b of s.entries) if (a !== b) meet[a * 5 + b]!++;
    }
    for (const row of seatCount) expect(new Set(row).size).toBe(1);
    const off = meet.filter((_, i) => i % 6 !== 0);
    expect(new Set(off).size).toBe(1);
  });
});

describe('paired comparison and SPRT', () => {
  it('the paired difference cancels the deal: B = A − 0.1 on every deal gives a difference of 0.1 with no spread', () => {
    const D = 50;
    const rng = new Rng('pairs');
    let sa = 0;
    let sb = 0;
    const cross = [0, 0, 0, 0];
    for (let d = 0; d < D; d++) {
      const luck = rng.next();
      const a = 2 * (0.3 + 0.4 * luck);
      const b = a - 0.2;
      sa += a;
      sb += b;
      cross[0]! += a * a;
      cross[1]! += a * b;
      cross[2]! += a * b;
      cross[3]! += b * b;
    }
    const c = pairedComparison({ deals: D, entries: 2, wins: [sa, sb], winsCross: cross, scores: [0, 0], scoresCross: [0, 0, 0, 0], perDeal: [2, 2] }, 0, 1, 3);
    expect(c.winShare.value).toBeCloseTo(0.1, 10);
    expect(c.winShare.se).toBeLessThan(1e-6);
    expect(c.winShare.los).toBeCloseTo(1, 6);
    expect(c.elo).toBeNull();
  });

  it('SPRT bounds are log(β/(1−α)) and log((1−β)/α); a clear difference accepts H1, none accepts H0', () => {
    const p = { mu0: 0, mu1: 0.05, alpha: 0.05, beta: 0.05 };
    const s0 = sprt(0, 0, 1, p);
    expect(s0.lower).toBeCloseTo(Math.log(0.05 / 0.95), 12);
    expect(s0.upper).toBeCloseTo(Math.log(0.95 / 0.05), 12);
    // 200 deals with mean 0.1, variance 0.04: LLR = n (μ1 − μ0)(2x̄ − μ0 − μ1) / (2σ²) = 200·0.05·0.15/0.08.
    const n = 200;
    const mean = 0.1;
    const v = 0.04;
    const st = sprt(mean * n, v * (n - 1) + mean * mean * n, n, p);
    expect(st.llr).toBeCloseTo((200 * 0.05 * 0.15) / 0.08, 9);
    expect(st.accepted).toBe('H1');
    expect(sprt(0, v * (n - 1), n, p).accepted).toBe('H0');
  });

  it('detectable difference at 80% power, two-sided 5% (Cohen 1988, ch. 2): (t(0.975, 19) + t(0.8, 19)) × se, scipy 2.093024 + 0.860951', () => {
    expect(detectableDifference(0.01, 20)).toBeCloseTo((2.0930240544083087 + 0.8609505502689286) * 0.01, 9);
    expect(detectableDifference(0.01, 1)).toBeNaN();
  });

  it('deals for 80% power (Cohen 1988, ch. 2): the smallest n whose detectable difference at the measured per-deal spread is at most delta', () => {
    // 80 deals with se 0.014 (a per-deal sd of 0.125): delta 0.02 needs about ((1.96 + 0.84) 0.125 / 0.02)^2 = 307 deals.
    const n = dealsForPower(0.014, 80, 0.02);
    const sd = 0.014 * Math.sqrt(80);
    expect(detectableDifference(sd / Math.sqrt(n), n)).toBeLessThanOrEqual(0.02);
    expect(detectableDifference(sd / Math.sqrt(n - 1), n - 1)).toBeGreaterThan(0.02);
    expect(n).toBeGreaterThan(300);
    expect(n).toBeLessThan(320);
    // A comparison that already has the power needs no more deals than it has, and fewer when it has more than enough.
    expect(dealsForPower(0.001, 400, 0.02)).toBeLessThan(400);
    expect(dealsForPower(0, 40, 0.02)).toBe(2);
    expect(dealsForPower(0.01, 1, 0.02)).toBeNaN();
  });
});

describe('ratings (top-1 Plackett-Luce)', () => {
  it('top-1 Plackett-Luce recovers known strengths from exact expected win shares', () => {
    const gamma = [1, 2, 4, 8];
    const lineups = [
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ];
    const results = lineups.map((m) => {
      const s = m.reduce((a, i) => a + gamma[i]!, 0);
      return { members: m, wins: m.map((i) => (1e6 * gamma[i]!) / s) };
    });
    const r = fitRatings(4, results);
    for (let i = 1; i < 4; i++) expect(r[i]! - r[i - 1]!).toBeCloseTo(400 * Math.log10(2), 1);
    expect(r.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 6);
  });

  it('two seats: a 64% score is about +100 Elo', () => {
    const r = fitRatings(2, [{ members: [0, 1], wins: [6400, 3600] }]);
    expect(r[0]! - r[1]!).toBeCloseTo(400 * Math.log10(6400.5 / 3600.5), 6);
  });

  it('a bot that never won has no rating and does not move the others: they are fitted on the line-ups without it', () => {
    // Bots 0, 1, 2 of strengths 1, 2, 4 and bot 3, which never won, in every 3-subset of the pool.
    const gamma = [1, 2, 4, 0];
    const lineups = [
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ];
    const results = lineups.map((m) => {
      const s = m.reduce((a, i) => a + gamma[i]!, 0);
      return { members: m, wins: m.map((i) => (1e6 * gamma[i]!) / s), games: 1e6 };
    });
    expect(unboundedBots(4, results)).toEqual([null, null, null, 'never won']);
    const r = fitRatings(4, results);
    expect(r[3]).toBeNaN();
    expect(r[1]! - r[0]!).toBeCloseTo(400 * Math.log10(2), 1);
    expect(r[2]! - r[1]!).toBeCloseTo(400 * Math.log10(2), 1);
    // The same three bots without the fourth: the same ratings (the virtual win of bot 3 moved them before).
    const without = fitRatings(3, [
      { members: [0, 1, 2], wins: results[0]!.wins },
      { members: [0, 1], wins: results[1]!.wins.slice(0, 2) },
      { members: [0, 2], wins: results[2]!.wins.slice(0, 2) },
      { members: [1, 2], wins: results[3]!.wins.slice(0, 2) },
    ]);
    for (let i = 0; i < 3; i++) expect(r[i]!).toBeCloseTo(without[i]!, 9);
  });

  it('a bot that won every game it played is "never lost", and its line-ups leave the fit', () => {
    const results = [
      { members: [0, 1], wins: [30, 0], games: 30 },
      { members: [1, 2], wins: [10, 20], games: 30 },
      { members: [0, 2], wins: [30, 0], games: 30 },
    ];
    expect(unboundedBots(3, results)).toEqual(['never lost', null, null]);
    const r = fitRatings(3, results);
    expect(r[0]).toBeNaN();
    expect(r[2]! - r[1]!).toBeCloseTo(400 * Math.log10(20.5 / 10.5), 6);
  });
});
