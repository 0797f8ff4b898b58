/**
 * User bot files play in realms of their own (`bots/sandbox`, `bots/remote`;
 * docs/bots.md, "Write your own bot"). Each attack bot below plays exactly as
 * the built-in random bot (the index ctx.rng.int(count)) while it attacks; a
 * run with it must equal, game for game, the same run with `random` in its
 * seat, and what it logs (NINEFOLD_ATTACK_LOG) shows it learned nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstBatchMerged } from '../run-helpers.js';

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
    .map((l) =>
      l
        .split(',')
        .filter((_, i) => i !== 5)
        .join(','),
    );
}

/** The bot log (NINEFOLD_BOT_LOG): one `<bot>\t<json>` line per console.log of a sandboxed bot. */
function logOf(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l.slice(l.indexOf('\t') + 1)) as Record<string, unknown>);
}

// One deal key for every run: a run with a bot file deals from a random key otherwise, and could not equal the reference.
const BASE = ['--game', 'nines-holdem', '--games', '160', '--workers', '2', '--games-csv', '--deal-key', '0badc0ffee0ddba11dec0de5ec2e7de0'];
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
  const r = tourney([...BASE, '--bots', `${ATTACKS}/${name}.js,greedy,greedy,random`, '--out', dir], { NINEFOLD_BOT_LOG: log });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(outcomes(dir)).toEqual(referenceOutcomes());
  return logOf(log);
}

describe('attacks by user bots: each changes nothing and learns nothing', () => {
  it('wrapping the functions of ctx.model and replacing result: the wrappers never see a harness state, no game is won by it', () => {
    const log = attack('wrap-model');
    expect(log.length).toBeGreaterThan(0);
    for (const l of log) expect(l.statesSeen).toBe(0);
  });

  it('wrapping built-in prototypes: the wrappers run in sandboxes of their own, one per seating and worker', () => {
    const log = attack('wrap-prototypes');
    expect(log.length).toBeGreaterThan(0);
    // One sandbox per line-up entry, seating and worker: 2 workers × 4 seatings at most.
    const sandboxes = new Set(log.map((l) => l.sandbox));
    expect(sandboxes.size).toBeLessThanOrEqual(8);
  });

  it('writing to ctx (the variant, the seat, the model), the observation and the legal actions: refused or without effect', () => {
    const log = attack('write-context');
    for (const l of log) {
      expect(l.wrote).toEqual([]);
      expect(l.variantPlayers).toBe(4);
    }
  });

  it('remembering across rotations: every realm sits at one seat and never sees a deal twice', () => {
    const log = attack('remember');
    const bySandbox = new Map<unknown, Record<string, unknown>[]>();
    for (const l of log) bySandbox.set(l.sandbox, [...(bySandbox.get(l.sandbox) ?? []), l]);
    for (const games of bySandbox.values()) {
      expect(new Set(games.map((g) => g.seat)).size).toBe(1);
      const prints = games.map((g) => g.fingerprint);
      expect(new Set(prints).size).toBe(prints.length);
    }
  });

  it("importing ninefold's modules to patch the registry and the game runner: only the realm's own copies change", () => {
    const log = attack('import-shared');
    for (const l of log) expect(l.patched).toBe(6);
  });
});

describe('limits of user bots: memory and time', () => {
  it('a bot that allocates ArrayBuffers without bound forfeits with a memory fault; the run completes', () => {
    const dir = join(out, 'hog');
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      `${ATTACKS}/memory-hog.js,greedy,random,random`,
      '--games',
      '8',
      '--bot-memory',
      '256',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { faults: { byReason: Record<string, number> }; complete: boolean };
    expect(s.complete).toBe(true);
    expect(s.faults.byReason).toEqual({ memory: 8 });
  });

  it('a bot whose reset never returns forfeits every game with a timeout charged to it; the run completes', () => {
    const dir = join(out, 'loop-reset');
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      `${ATTACKS}/loop-reset.js,greedy,random,random`,
      '--games',
      '8',
      '--move-timeout',
      '300',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
      bots: { name: string; forfeits: number }[];
      faults: { byReason: Record<string, number> };
    };
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

/** A run as a child process that does not block this one (a server in this process can then answer). */
function tourneyAsync(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join('dist', 'src', 'cli', 'tourney.js'), ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}

interface Attempt {
  readonly what: string;
  readonly ok: boolean;
  readonly error?: string;
}

const MARKERS = ['/tmp/ninefold-attack-marker', '/tmp/ninefold-attack-marker-load'];

describe('hostile bot files contained (README, "Write your own bot": the sandbox)', () => {
  it('no operating-system access: files, processes, the command line, the environment and the network are out of reach, and the run equals random in its seat', async () => {
    for (const m of MARKERS) rmSync(m, { force: true });
    let connections = 0;
    const server = createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const dir = join(out, 'os-access');
    const log = join(out, 'os-access.log');
    try {
      const r = await tourneyAsync([...BASE, '--bots', `${ATTACKS}/os-access.js:port=${port},greedy,greedy,random`, '--out', dir], { NINEFOLD_BOT_LOG: log });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const summaryAtExit = readFileSync(join(dir, 'summary.json'), 'utf8');
      await new Promise((r2) => setTimeout(r2, 500));
      // Nothing rewrote the results after the run, and no file was written outside the bot's folder.
      expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe(summaryAtExit);
      for (const m of MARKERS) expect(existsSync(m)).toBe(false);
      expect(outcomes(dir)).toEqual(referenceOutcomes());
    } finally {
      server.close();
    }
    expect(connections).toBe(0);
    const entries = logOf(log);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      const attempts = e.attempts as Attempt[];
      expect(attempts.length).toBe(3 * 11);
      expect(attempts.filter((a) => a.ok)).toEqual([]);
    }
  });

  it('re-dealing from the public seed inside the sandbox (secret deals): the bot finds no deal from its stream and never holds the hand it re-deals', () => {
    const log = attack('redeal');
    expect(log.length).toBe((160 / 4) * 4);
    for (const l of log) {
      expect(l.found).toBe(false);
      expect(l.handMatches).not.toBe(true);
    }
    expect(log.filter((l) => l.handMatches === false).length).toBeGreaterThan(log.length / 2);
  });

  it('the re-dealing bot works where deals are public: played in-process on the public seed it finds every deal and knows its hand', async () => {
    const dist = (p: string): string => pathToFileURL(join(process.cwd(), 'dist', p)).href;
    await import(dist('src/games/index.js'));
    const { getGame } = (await import(dist('src/core/registry.js'))) as typeof import('../../src/core/registry.js');
    const { GameRunner } = (await import(dist('src/core/game-runner.js'))) as typeof import('../../src/core/game-runner.js');
    const { gameSeed } = (await import(dist('src/core/rng.js'))) as typeof import('../../src/core/rng.js');
    const { resolveGameVariant } = (await import(dist('src/core/variant.js'))) as typeof import('../../src/core/variant.js');
    const { default: createBot } = (await import(pathToFileURL(join(process.cwd(), ATTACKS, 'redeal.js')).href)) as {
      default: (g: unknown) => import('../../src/core/bot.js').Bot;
    };
    const game = getGame('nines-holdem');
    const variant = resolveGameVariant(game, { players: 4 });
    const runner = new GameRunner(game, variant);
    const lines: string[] = [];
    const print = console.log;
    console.log = (text: string) => lines.push(text);
    try {
      for (let d = 0; d < 12; d++) {
        for (let r = 0; r < 4; r++) {
          const bots = [0, 1, 2, 3].map(() => createBot(game));
          runner.play({ seed: gameSeed('1', d), rotation: r, bots, names: ['a', 'b', 'c', 'd'] });
        }
      }
    } finally {
      console.log = print;
    }
    const found = lines.map((l) => JSON.parse(l) as { found: boolean; handMatches: boolean | null });
    expect(found.length).toBe(12 * 4 * 4);
    for (const f of found) {
      expect(f.found).toBe(true);
      expect(f.handMatches).not.toBe(false);
    }
    expect(found.filter((f) => f.handMatches === true).length).toBeGreaterThan(found.length / 2);
  });

  it('signals to the harness and to rival bots: none is sent; the run ends normally, no inspector opens, the honest rival forfeits nothing', async () => {
    const dir = join(out, 'signals');
    const log = join(out, 'signals.log');
    const r = tourney(['--game', 'captains-orders', '--bots', `${ATTACKS}/signals.js,${ATTACKS}/honest.js,greedy,random`, '--games', '80', '--out', dir], {
      NINEFOLD_BOT_LOG: log,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { complete: boolean; bots: { name: string; forfeits: number }[] };
    expect(s.complete).toBe(true);
    for (const b of s.bots) expect(b.forfeits).toBe(0);
    const entries = logOf(log);
    expect(entries.some((e) => e.decision === 30)).toBe(true);
    for (const e of entries) expect((e.attempts as Attempt[]).filter((a) => a.ok)).toEqual([]);
    // Node's inspector (opened by SIGUSR1) is not listening.
    const reached = await new Promise<boolean>((done) => {
      const socket = connect(9229, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.on('error', () => done(false));
    });
    expect(reached).toBe(false);
  });

  it('a run whose bot file tries to kill things, stopped with SIGINT and resumed, finishes and equals the uninterrupted run with the same deal key', async () => {
    const dir = join(out, 'signals-stopped');
    const ref = join(out, 'signals-uninterrupted');
    const args = ['--game', 'captains-orders', '--bots', `${ATTACKS}/signals.js,${ATTACKS}/honest.js,greedy,random`, '--games', '6000', '--workers', '2'];
    const child = spawn(process.execPath, [join('dist', 'src', 'cli', 'tourney.js'), ...args, '--out', dir], { stdio: ['ignore', 'ignore', 'ignore'] });
    const merged = (): boolean => firstBatchMerged(join(dir, 'checkpoint.json'));
    const t0 = Date.now();
    while (!merged() && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    const code = await new Promise<number>((r) => child.on('exit', (c) => r(c ?? -1)));
    expect([0, 130]).toContain(code);
    if (code === 130) {
      const resumed = tourney(['--resume', dir]);
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
    }
    const stopped = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect(stopped.complete).toBe(true);
    expect(typeof stopped.dealKey).toBe('string');
    expect(tourney([...args, '--deal-key', stopped.dealKey as string, '--out', ref]).code).toBe(0);
    const again = JSON.parse(readFileSync(join(ref, 'summary.json'), 'utf8')) as Record<string, unknown>;
    delete stopped.timing;
    delete again.timing;
    expect(again).toEqual(stopped);
  });

  it('a fault text of 200 000 characters of HTML is kept as one line of at most 500 characters', () => {
    const dir = join(out, 'fault-text');
    const r = tourney(['--game', 'captains-orders', '--bots', `${ATTACKS}/fault-text.js,greedy,random,random`, '--games', '8', '--record', '--out', dir]);
    expect(r.code).toBe(0);
    const records = readFileSync(join(dir, 'games.jsonl'), 'utf8').trim().split('\n');
    expect(records).toHaveLength(8);
    for (const line of records) {
      const rec = JSON.parse(line) as { forfeit?: { reason: string } };
      expect(rec.forfeit).toBeDefined();
      for (const m of [rec.forfeit!.reason]) {
        expect(m.length).toBeLessThanOrEqual(600);
        for (const c of ['\n', '\r', '\u0007']) expect(m.includes(c)).toBe(false);
        expect(m).not.toContain('second line');
      }
    }
  });

  it('memory is limited at all times: a bot that keeps 16 MiB a decision and allocates after answering forfeits with memory faults; the run completes', () => {
    const dir = join(out, 'memory-between');
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      `${ATTACKS}/memory-between.js,greedy,random,random`,
      '--games',
      '8',
      '--bot-memory',
      '64',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { complete: boolean; faults: { byReason: Record<string, number> } };
    expect(s.complete).toBe(true);
    expect(s.faults.byReason.memory ?? 0).toBeGreaterThan(0);
  });

  it('a bot blocked in Atomics.wait for ever is stopped at its deadline: a timeout fault charged to it, the run completes', () => {
    const dir = join(out, 'atomics');
    const r = tourney([
      '--game',
      'captains-orders',
      '--bots',
      `${ATTACKS}/atomics-wait.js,greedy,random,random`,
      '--games',
      '4',
      '--move-timeout',
      '300',
      '--out',
      dir,
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { faults: { byReason: Record<string, number> } };
    expect(s.faults.byReason).toEqual({ timeout: 4 });
  });

  it('a bot file may import only its own folder and ninefold: a package or a file elsewhere is refused with one line and exit 2', () => {
    const r = tourney(['--game', 'captains-orders', '--bots', './test/fixtures/bots/escape/imports-package.js,greedy,random,random', '--games', '4']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/imports 'vitest': a sandboxed bot may import only files in its own folder/);
    const r2 = tourney(['--game', 'captains-orders', '--bots', './test/fixtures/bots/escape/imports-outside.js,greedy,random,random', '--games', '4']);
    expect(r2.code).toBe(2);
    expect(r2.stderr.trim().split('\n')).toHaveLength(1);
    expect(r2.stderr).toMatch(/imports '\.\.\/crash\.js': a sandboxed bot may import only files in its own folder/);
  });

  it('without the sandbox a run with bot files refuses with one line; --unsandboxed-bots runs it and its header says so', () => {
    const args = ['--game', 'captains-orders', '--bots', `${ATTACKS}/honest.js,greedy,random,random`, '--games', '8'];
    const r = tourney([...args, '--out', join(out, 'refused')], { NINEFOLD_SANDBOX: 'missing' });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot sandbox bot files: .*--unsandboxed-bots/);
    const dir = join(out, 'unsandboxed');
    const r2 = tourney([...args, '--unsandboxed-bots', '--out', dir], { NINEFOLD_SANDBOX: 'missing' });
    expect(r2.code).toBe(0);
    expect(r2.stdout).toMatch(/^UNSANDBOXED: /m);
    expect((JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as { unsandboxedBots?: boolean }).unsandboxedBots).toBe(true);
    // Sandboxed, the same run says nothing of it.
    const r3 = tourney([...args, '--out', join(out, 'sandboxed')]);
    expect(r3.code).toBe(0);
    expect(r3.stdout).not.toMatch(/UNSANDBOXED/);
  });
});
