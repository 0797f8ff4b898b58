/**
 * "A harness no bot can fool", items 1-4: user bot files play in realms of
 * their own (`bots/remote`). Each attack bot below plays exactly as the
 * built-in random bot (the index ctx.rng.int(count)) while it attacks; a run
 * with it must equal, game for game, the same run with `random` in its seat,
 * and what it logs (NINEFOLD_ATTACK_LOG) shows it learned nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ATTACKS = './test/fixtures/bots/attacks';
const out = mkdtempSync(join(tmpdir(), 'ninefold-attacks-'));

function tourney(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string; ms: number } {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [join('dist', 'src', 'cli', 'tourney.js'), ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - t0 };
}

/** games.csv without the bot column: what every seat scored and won in every game. */
function outcomes(dir: string): string[] {
  return readFileSync(join(dir, 'games.csv'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(',').filter((_, i) => i !== 5).join(','));
}

function logOf(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const BASE = ['--game', 'nines-holdem', '--games', '160', '--workers', '2', '--games-csv'];
let reference: string[] | null = null;
function referenceOutcomes(): string[] {
  if (reference === null) {
    const dir = join(out, 'reference');
    const r = tourney([...BASE, '--bots', 'random,greedy,greedy,random', '--out', dir]);
    expect(r.code).toBe(0);
    reference = outcomes(dir);
  }
  return reference;
}

function attack(name: string): Record<string, unknown>[] {
  const dir = join(out, name);
  const log = join(out, `${name}.log`);
  const r = tourney([...BASE, '--bots', `${ATTACKS}/${name}.js,greedy,greedy,random`, '--out', dir], { NINEFOLD_ATTACK_LOG: log });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(outcomes(dir)).toEqual(referenceOutcomes());
  return logOf(log);
}

describe('attacks by user bots (harness issue, item 1): each changes nothing and learns nothing', () => {
  it('wrapping the functions of ctx.model and replacing result: the wrappers never see a harness state, no game is won by it', () => {
    const log = attack('wrap-model');
    expect(log.length).toBeGreaterThan(0);
    for (const l of log) expect(l.statesSeen).toBe(0);
  });

  it('wrapping built-in prototypes: the wrappers run in a process that is not the harness', () => {
    const log = attack('wrap-prototypes');
    expect(log.length).toBeGreaterThan(0);
    const pids = new Set(log.map((l) => l.pid));
    expect(pids.has(process.pid)).toBe(false);
    // One process per line-up entry, seating and worker: 2 workers × 4 seatings at most.
    expect(pids.size).toBeLessThanOrEqual(8);
  });

  it('writing to ctx (the variant, the seat, the model), the observation and the legal actions: refused or without effect', () => {
    const log = attack('write-context');
    for (const l of log) {
      expect(l.wrote).toEqual([]);
      expect(l.variantPlayers).toBe(4);
    }
  });

  it('remembering across rotations (item 2): every realm sits at one seat and never sees a deal twice', () => {
    const log = attack('remember');
    const byPid = new Map<unknown, Record<string, unknown>[]>();
    for (const l of log) byPid.set(l.pid, [...(byPid.get(l.pid) ?? []), l]);
    for (const games of byPid.values()) {
      expect(new Set(games.map((g) => g.seat)).size).toBe(1);
      const prints = games.map((g) => g.fingerprint);
      expect(new Set(prints).size).toBe(prints.length);
    }
  });

  it("importing ninefold's modules to patch the registry and the match runner: only the realm's own copies change", () => {
    const log = attack('import-shared');
    for (const l of log) expect(l.patched).toBe(6);
  });
});

describe('limits of user bots (harness issue, items 3 and 4)', () => {
  it('a bot that allocates ArrayBuffers without bound forfeits with a memory fault; the run completes', () => {
    const dir = join(out, 'hog');
    const r = tourney(['--game', 'captains-orders', '--bots', `${ATTACKS}/memory-hog.js,greedy,random,random`, '--games', '8', '--bot-memory', '256', '--out', dir]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { faults: { byReason: Record<string, number> }; complete: boolean };
    expect(s.complete).toBe(true);
    expect(s.faults.byReason).toEqual({ memory: 8 });
  });

  it('a bot whose reset never returns forfeits every game with a timeout charged to it; the run completes', () => {
    const dir = join(out, 'loop-reset');
    const r = tourney(['--game', 'captains-orders', '--bots', `${ATTACKS}/loop-reset.js,greedy,random,random`, '--games', '8', '--move-timeout', '300', '--out', dir]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { bots: { name: string; forfeits: number }[]; faults: { byReason: Record<string, number> } };
    expect(s.faults.byReason).toEqual({ timeout: 8 });
    expect(s.bots.find((b) => b.name.endsWith('loop-reset.js'))!.forfeits).toBe(8);
    expect(s.bots.filter((b) => !b.name.endsWith('loop-reset.js')).every((b) => b.forfeits === 0)).toBe(true);
  });

  it.each(['loop-factory', 'loop-load'])('a bot file that loops in its %s is refused with one line and exit 2 within the load limit', (name) => {
    const r = tourney(['--game', 'captains-orders', '--bots', `${ATTACKS}/${name}.js,greedy,random,random`, '--games', '8', '--bot-load-timeout', '1000']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/did not load within 1000 ms/);
  });
});
