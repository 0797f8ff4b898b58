import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_JSON, readRun } from '../../src/report/html/load.js';
import { readBalanceFile } from '../../src/results/balance-file.js';
import { readCurveFile } from '../../src/results/curve-file.js';
import { RunFileError } from '../../src/results/json-file.js';
import { readMatchFile } from '../../src/results/match-file.js';
import { readRatingsFile } from '../../src/results/ratings-file.js';
import { RUN_FILES } from '../../src/results/registry.js';
import { readRulesFile } from '../../src/results/rules-file.js';
import { readSummaryFile } from '../../src/results/summary-file.js';
import { readSweepFile } from '../../src/results/sweep-file.js';
import { readTrainFile } from '../../src/results/train-file.js';
import { readTrainState } from '../../src/results/train-state-file.js';
import { readTunedFile } from '../../src/results/tuned-file.js';
import { cli } from '../run-helpers.js';

describe("each result file's owner reads the files the commands write", () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-owners-'));
  const dirs = {
    tourney: join(out, 'tourney'),
    sweep: join(out, 'sweep'),
    match: join(out, 'match'),
    rate: join(out, 'rate'),
    tune: join(out, 'tune'),
    rules: join(out, 'rules'),
    dmc: join(out, 'dmc'),
  };

  beforeAll(() => {
    const runs: [string, string[]][] = [
      ['tourney', ['--game', 'nine-virtues', '--games', '60', '--workers', '1', '--out', dirs.tourney]],
      ['tourney', ['--game', 'nine-virtues', '--games', '60', '--sweep', 'bidPenalty=face,zero', '--workers', '1', '--out', dirs.sweep]],
      ['match', ['--game', 'nines-holdem', '--candidate', 'greedy', '--baseline', 'random', '--games', '24', '--workers', '1', '--out', dirs.match]],
      ['rate', ['--game', 'nine-virtues', '--pool', 'random,greedy,mc:iterations=5', '--games', '60', '--workers', '1', '--out', dirs.rate]],
      ['train', ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '320', '--deals', '2', '--verify-games', '40', '--workers', '1', '--out', dirs.tune]],
      [
        'train',
        [
          '--game',
          'nine-virtues',
          '--tune-rules',
          'bidPenalty',
          '--budget',
          '160',
          '--deals',
          '10',
          '--verify-games',
          '40',
          '--workers',
          '1',
          '--out',
          dirs.rules,
        ],
      ],
      [
        'train',
        [
          ...['--game', 'nine-virtues', '--method', 'dmc', '--budget', '64', '--episodes', '32', '--net-size', '16', '--batch', '64'],
          ...['--eval-every', '1', '--eval-deals', '4', '--no-verify', '--workers', '1', '--out', dirs.dmc],
        ],
      ],
    ];
    for (const [command, args] of runs) {
      const r = cli(command, args);
      expect(r.code, `${command} ${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
  }, 300_000);

  /** A file's JSON, and a value read from it written back as JSON (NaN as null, as the writers write it): key for key the same text. */
  const same = (dir: string, file: string, value: unknown): void => {
    expect(JSON.stringify(value), `${dir}/${file}`).toBe(JSON.stringify(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
  };

  it('summary.json, balance.json and sweep.json: whole, in the order the runs wrote them', () => {
    for (const dir of [dirs.tourney, join(dirs.sweep, 'bidPenalty=face'), dirs.match, dirs.rate, join(dirs.tune, 'verify')]) {
      same(dir, 'summary.json', readSummaryFile(dir));
    }
    for (const dir of [dirs.tourney, join(dirs.sweep, 'bidPenalty=zero')]) same(dir, 'balance.json', readBalanceFile(dir));
    same(dirs.sweep, 'sweep.json', readSweepFile(dirs.sweep));
  });

  it("match.json, ratings.json, a training's train.json, tuned.json, rules.json and curve.json", () => {
    same(dirs.match, 'match.json', readMatchFile(dirs.match));
    same(dirs.rate, 'ratings.json', readRatingsFile(dirs.rate));
    for (const dir of [dirs.tune, dirs.dmc]) same(dir, 'train.json', readTrainFile(dir));
    same(dirs.tune, 'tuned.json', readTunedFile(dirs.tune));
    same(dirs.rules, 'rules.json', readRulesFile(dirs.rules));
    for (const dir of [dirs.tune, dirs.rules]) same(dir, 'curve.json', readCurveFile(dir));
  });

  it('train-state.json of each kind of training, for the page and for --resume', () => {
    for (const [dir, kind] of [
      [dirs.tune, 'tune'],
      [dirs.rules, 'tune'],
      [dirs.dmc, 'dmc'],
    ] as const) {
      const page = readRun(dir).trainState;
      expect(page?.kind).toBe(kind);
      same(dir, 'train-state.json', { setup: page?.setup, plan: page?.plan, state: page?.state });
      expect(readTrainState(dir, dir).kind).toBe(kind);
    }
  });

  it('the report reads every run directory, every JSON file it reads through an owner (the registry names none it has no schema for)', () => {
    const pageJson = RUN_FILES.filter((f) => f.page === 'json').map((f) => String(f.name));
    expect(
      Object.values(PAGE_JSON)
        .map((f) => f.name)
        .sort(),
    ).toEqual([...pageJson].sort());
    for (const dir of Object.values(dirs)) expect(readRun(dir).jsonFiles.length, dir).toBeGreaterThan(0);
    expect(readRun(dirs.sweep).sweep?.runs.map((r) => r.value)).toEqual(['face', 'zero']);
  });

  it('a torn or edited file is refused in one line naming the file and the field; report exits 2', () => {
    const cases: [string, string, (text: string) => string, RegExp][] = [
      [dirs.tourney, 'summary.json', (t) => t.slice(0, 40), /summary\.json is not JSON/],
      [dirs.tourney, 'balance.json', (t) => t.replace('"groups": ', '"groups": "many", "x": '), /balance\.json: groups: Expected number, received string/],
      [dirs.sweep, 'sweep.json', (t) => t.replace('"baseline": "face"', '"baseline": 1'), /sweep\.json: baseline: Expected string/],
      [dirs.match, 'match.json', (t) => t.replace('"verdict": ', '"verdict": 0, "x": '), /match\.json: verdict: Expected string/],
      [dirs.dmc, 'train-state.json', (t) => t.replace('"episodesPerIteration":32', '"episodesPerIteration":"32"'), /train-state\.json: .*episodesPerIteration/],
    ];
    for (const [dir, file, edit, message] of cases) {
      const copy = join(out, `broken-${file}`);
      cpSync(dir, copy, { recursive: true });
      writeFileSync(join(copy, file), edit(readFileSync(join(dir, file), 'utf8')));
      expect(() => readRun(copy), file).toThrow(RunFileError);
      expect(() => readRun(copy), file).toThrow(message);
      const r = cli('report', [copy]);
      expect(r.code, `${file}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n'), file).toHaveLength(1);
      expect(r.stderr).toMatch(/^ninefold: /);
      expect(r.stderr).toMatch(message);
    }
  });
});
