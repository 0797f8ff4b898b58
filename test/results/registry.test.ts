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

  it('summary.json without the test of equal seats, the bots without intervals, no score unit', () => {
    const s = summaryFileSchema.parse({
      ...{ game: 'g', variant: {}, seed: '1', games: 10, deals: 5, lineup: ['a'], complete: true },
      bots: [{ name: 'a', games: 10, wins: 5, winRate: 0.5, meanScore: 1 }],
    });
    expect(s.seatTest).toBeNull();
    expect(s.scoreUnit).toBe('points');
    expect(s.nonDefault).toEqual({});
    expect(s.bots[0]!.ci95).toBeUndefined();
  });

  it("train.json's verification without stoppedEstimate", () => {
    const t = trainFileSchema.parse({
      ...{ game: 'g', variant: {}, method: 'spsa', iterations: 1, games: 10, seconds: 1 },
      verification: { dir: 'verify', verdict: 'stronger', deals: 10, comparison },
    });
    expect(t.verification?.stoppedEstimate).toBe('');
  });
});
