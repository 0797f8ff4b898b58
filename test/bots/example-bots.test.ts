/**
 * The example bot files of docs/bots.md play as documented: `greedy-plus.js`
 * reuses ninefold's greedy heuristic from inside the sandbox, and with
 * `explore=0` it is greedy, move for move, on the same deals.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join('dist', 'src', 'cli', 'tourney.js');
/** One deal key for every run (a run with a bot file deals from a random key otherwise). */
const DEAL_KEY = '5ec2e7dea15c0ffee0ddba11dec0de00';

interface BotRow {
  name: string;
  games: number;
  wins: number;
  meanScore: number;
  forfeits: number;
}

function run(dir: string, first: string): BotRow[] {
  const r = spawnSync(
    process.execPath,
    [
      CLI,
      '--game',
      'nine-virtues',
      '--bots',
      `${first},random,random,random`,
      '--games',
      '24',
      '--workers',
      '1',
      '--seed',
      '3',
      '--deal-key',
      DEAL_KEY,
      '--out',
      dir,
    ],
    { encoding: 'utf8' },
  );
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return (JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { bots: BotRow[] }).bots;
}

describe('example bot files (docs/bots.md, "Write your own bot")', () => {
  const out = mkdtempSync(join(tmpdir(), 'ninefold-examples-'));

  it("greedy-plus.js imports greedy's heuristic in the sandbox: explore=0 plays exactly greedy's games, explore=0.5 does not", () => {
    const plus = run(join(out, 'plus0'), './bots/examples/greedy-plus.js:explore=0');
    const greedy = run(join(out, 'greedy'), 'greedy');
    const noisy = run(join(out, 'plus5'), './bots/examples/greedy-plus.js:explore=0.5');
    const strip = (rows: BotRow[]) => rows.map(({ games, wins, meanScore, forfeits }) => ({ games, wins, meanScore, forfeits }));
    expect(plus[0]!.forfeits).toBe(0);
    expect(strip(plus)).toEqual(strip(greedy));
    expect(noisy[0]!.forfeits).toBe(0);
    expect(noisy[0]!.meanScore).not.toBe(greedy[0]!.meanScore);
  });
});
