/**
 * A run stopped by the version before runs were typed values (checkpoint
 * version 2: the command's options instead of its spec) carries on: its
 * options are read as the spec they mean (`src/cli/legacy-checkpoint.ts`),
 * and the match it finishes is the match an uninterrupted run of the same
 * command line plays now, file for file.
 *
 * The fixture `test/fixtures/checkpoints/match-v2/checkpoint.json` was
 * written by commit c7841f7: `npm run match -- --game captains-orders
 * --candidate greedy --baseline random --opponents random,random,random,random
 * --games 8000 --sprt --workers 1 --seed legacy`, stopped by SIGINT after its
 * second batch.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main as match, runMatch } from '../../src/cli/match.js';
import { resolveRunFlags } from '../../src/cli/run-flags.js';

const FIXTURE = 'test/fixtures/checkpoints/match-v2';

describe('a checkpoint of version 2', () => {
  it('resumes a stopped match, which ends as an uninterrupted one (match.json, match.csv, sprt.csv, bots.csv, seats.csv)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'ninefold-legacy-'));
    const dir = join(out, 'stopped');
    cpSync(FIXTURE, dir, { recursive: true });
    const flags = resolveRunFlags({ workers: 1, onFault: 'forfeit', moveTimeoutMs: 0 });
    const resumed = await runMatch({ flags, resume: dir });
    expect(resumed.code).toBe(0);
    expect(resumed.report.complete).toBe(true);
    const cp = JSON.parse(readFileSync(join(dir, 'checkpoint.json'), 'utf8')) as { version: number; spec: { kind: string }; command?: unknown };
    expect(cp.version).toBe(3);
    expect(cp.spec.kind).toBe('match');
    expect(cp.command).toBeUndefined();
    const ref = join(out, 'uninterrupted');
    const argv = ['--game', 'captains-orders', '--candidate', 'greedy', '--baseline', 'random', '--opponents', 'random,random,random,random'];
    expect(await match([...argv, '--games', '8000', '--sprt', '--workers', '1', '--seed', 'legacy', '--out', ref])).toBe(0);
    for (const f of ['match.json', 'match.csv', 'sprt.csv', 'bots.csv', 'seats.csv'])
      expect(readFileSync(join(dir, f), 'utf8'), f).toBe(readFileSync(join(ref, f), 'utf8'));
  });
});
