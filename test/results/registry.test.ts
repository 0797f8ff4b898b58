/**
 * The registry of a run directory's files (`src/results/registry.ts`): every
 * file names an owner module that exists, the run kinds and the files
 * `--force` clears derive from it, and the owners read files of older
 * versions with their defaults.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchFileSchema } from '../../src/results/match-file.js';
import { isRunFile, RUN_FILES, runFileOf, runKind, runMarksText } from '../../src/results/registry.js';
import { summaryFileSchema } from '../../src/results/summary-file.js';
import { trainFileSchema } from '../../src/results/train-file.js';

describe('the registry of run files', () => {
  it('names an owner module that exists for every file, and no name twice', () => {
    for (const f of RUN_FILES) expect(existsSync(f.owner), `${String(f.name)}: ${f.owner}`).toBe(true);
    const names = RUN_FILES.map((f) => String(f.name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('tells the kind of run from the files that mark it, a sweep and a match before the summary they hold beside', () => {
    expect(runKind(['summary.json', 'bots.csv'])).toBe('tourney');
    expect(runKind(['sweep.json', 'sweep-plan.json'])).toBe('sweep');
    expect(runKind(['summary.json', 'match.json'])).toBe('match');
    expect(runKind(['summary.json', 'ratings.json'])).toBe('rate');
    expect(runKind(['curve.json', 'train-state.json'])).toBe('train');
    expect(runKind(['curve.json'])).toBeNull();
    expect(runMarksText()).toBe('sweep.json, match.json, ratings.json, summary.json or curve.json with train-state.json');
  });

  it('clears the files a command writes and nothing else; the report reads the pages files, not the large or private ones', () => {
    for (const n of ['summary.json', 'balance-seat-advantage.csv', 'rules.json', 'net.json', 'sweep-plan.json', 'report.html'])
      expect(isRunFile(n), n).toBe(true);
    for (const n of ['notes.txt', 'bot.js', '.lock', 'balance.csv']) expect(isRunFile(n), n).toBe(false);
    expect(runFileOf('games.csv')?.page).toBeNull();
    expect(runFileOf('checkpoint.json')?.page).toBeNull();
    expect(runFileOf('balance-rounds.csv')?.page).toBe('csv');
  });
});

/** A summary.json of 2026-11-23: before clock-dependence was listed and score rates had a caption. */
const OLD_SUMMARY = {
  ...{ game: 'g', variant: {}, nonDefault: {}, seed: '1', games: 10, deals: 5, seatingsPerDeal: 2, lineup: ['a'], scoreUnit: 'chips' },
  bots: [
    {
      ...{ name: 'a', entries: 1, games: 10, wins: 5, winRate: 0.5, ci95: [0.3, 0.7], deff: 1, meanScore: 1, meanScoreCi95: [0, 2], forfeits: 0, faults: 0 },
      rate: { label: 'mbb/hand', value: 1, ci95: [null, null] },
    },
  ],
  seats: [{ seat: 0, games: 10, wins: 5, winRate: 0.5, ci95: [0.3, 0.7], deff: null }],
  seatTest: { statistic: 1, df1: 3, df2: 12, pValue: null, units: 5, note: '' },
  ...{
    capped: 0,
    meanActions: 40,
    maxActions: 60,
    faults: { policy: 'forfeit', byReason: {}, forfeitedGames: 0 },
    complete: true,
    reproducible: true,
    clockBound: [],
  },
  timing: { seconds: 1, gamesPerSecond: 10, workers: 1, startedAt: '2026-11-23T10:00:00.000Z' },
};

describe('older files read with defaults', () => {
  const difference = { value: 0.1, se: 0.01, ci95: [0.08, 0.12], los: 1 };
  const comparison = { deals: 10, winRateA: 0.5, winRateB: 0.4, winShare: difference, score: difference, elo: null };

  it('match.json without measure or stoppedEstimate: win, and no caution', () => {
    const m = matchFileSchema.parse({
      ...{ game: 'g', variant: {}, seed: '1', candidate: 'a', baseline: 'b', opponents: [], deals: 10, games: 100 },
      ...{ comparison, sprt: null, verdict: 'stronger', complete: true },
    });
    expect(m.measure).toBe('win');
    expect(m.stoppedEstimate).toBe('');
  });

  it('a NaN written as null reads back as NaN (a match of one deal has no interval)', () => {
    const m = matchFileSchema.parse({
      ...{ game: 'g', variant: {}, seed: '1', candidate: 'a', baseline: 'b', opponents: [], deals: 1, games: 10 },
      ...{ comparison: { ...comparison, winShare: { value: 0.1, se: null, ci95: [null, null], los: null } }, sprt: null, verdict: 'x', complete: true },
    });
    expect(m.comparison.winShare.se).toBeNaN();
    expect(m.comparison.winShare.ci95[0]).toBeNaN();
  });

  it('summary.json of 2026-11-23 (no clock-dependence listed, a score rate without its caption) reads with defaults', () => {
    const s = summaryFileSchema.parse(OLD_SUMMARY);
    expect(s.clockDependent).toEqual([]);
    expect(s.timeouts).toEqual([]);
    expect(s.bots[0]!.rate?.caption).toBe('');
    expect(s.bots[0]!.rate?.ci95[0]).toBeNaN();
    expect(s.seats[0]!.deff).toBeNaN();
    // A p-value written as null reads as NaN, an empty note as none.
    expect(s.seatTest?.pValue).toBeNaN();
    expect(s.seatTest?.note).toBeUndefined();
  });

  it("summary.json before the deal as the unit (no seat test, intervals or design effects): null and NaN; before the run's reproducibility: refused", () => {
    const { seatTest: _, seatingsPerDeal: __, ...rest } = OLD_SUMMARY;
    const s = summaryFileSchema.parse({ ...rest, bots: rest.bots.map(({ ci95: _c, deff: _d, meanScoreCi95: _m, ...b }) => b) });
    expect(s.seatTest).toBeNull();
    expect(s.seatingsPerDeal).toBeNaN();
    expect(s.bots[0]!.ci95[0]).toBeNaN();
    expect(s.bots[0]!.deff).toBeNaN();
    expect(s.bots[0]!.meanScoreCi95[1]).toBeNaN();
    const { reproducible: _r, ...older } = rest;
    expect(summaryFileSchema.safeParse(older).success).toBe(false);
  });

  it("train.json's verification without stoppedEstimate", () => {
    const t = trainFileSchema.parse({
      ...{ game: 'g', variant: {}, method: 'spsa', iterations: 1, games: 10, seconds: 1 },
      verification: { dir: 'verify', verdict: 'stronger', deals: 10, comparison },
    });
    expect(t.verification?.stoppedEstimate).toBe('');
  });
});
