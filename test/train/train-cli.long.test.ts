/**
 * `npm run train` through the compiled CLI (docs/match-rate-train.md,
 * "Training"): identical files for any worker
 * count; a stopped run resumed ends as an uninterrupted one; the tuned bot
 * file is accepted wherever a bot is; the verification match is written;
 * bad input is one line and exit 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { lineupEntries } from '../../src/cli/lineups.js';
import { resolveRunFlags } from '../../src/cli/run-flags.js';
import { DEFAULT_SPRT, runMatch } from '../../src/cli/match.js';
import { confirmationGames } from '../../src/cli/train-verify.js';
import { readMatchFile } from '../../src/results/match-file.js';
import { stopTrainingAfter } from '../run-helpers.js';
import { cli } from '../run-helpers.js';

const out = mkdtempSync(join(tmpdir(), 'ninefold-train-'));
const BASE = ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '2560', '--deals', '4', '--no-verify'];

describe('npm run train', () => {
  it('--workers 1 and 2 write the identical learning curve and tuned bot', () => {
    const a = cli('train', [...BASE, '--workers', '1', '--out', join(out, 'w1')]);
    expect(a.code, a.stderr).toBe(0);
    const b = cli('train', [...BASE, '--workers', '2', '--out', join(out, 'w2')]);
    expect(b.code, b.stderr).toBe(0);
    const curve = readFileSync(join(out, 'w1', 'curve.csv'), 'utf8');
    expect(curve.split('\n')[0]).toMatch(/^iteration,games,leak,denial,wild,fitness,fitness_ci95_lo,fitness_ci95_hi,difference/);
    expect(curve.trim().split('\n')).toHaveLength(1 + 80);
    expect(readFileSync(join(out, 'w2', 'curve.csv'), 'utf8')).toBe(curve);
    const t1 = JSON.parse(readFileSync(join(out, 'w1', 'tuned.json'), 'utf8')) as { spec: string };
    const t2 = JSON.parse(readFileSync(join(out, 'w2', 'tuned.json'), 'utf8')) as { spec: string };
    expect(t2.spec).toBe(t1.spec);
    expect(a.stdout).toContain(`tuned: ${t1.spec}`);
  });

  it('a run stopped by Ctrl-C and resumed writes the curve of an uninterrupted run', async () => {
    const dir = join(out, 'stopped');
    const child = spawn(process.execPath, [join('dist', 'src', 'cli', 'train.js'), ...BASE, '--workers', '1', '--out', dir], { stdio: 'ignore' });
    const code = await stopTrainingAfter(child, dir, 5);
    expect(code).toBe(130);
    // The page of what is there so far.
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('STOPPED EARLY');
    const r = cli('train', ['--resume', dir, '--workers', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'curve.csv'), 'utf8')).toBe(readFileSync(join(out, 'w1', 'curve.csv'), 'utf8'));
  });

  it('the tuned bot file plays in --bots and match; NTBEA tunes a choice and the run verifies its result', () => {
    const tuned = join(out, 'w1', 'tuned.json');
    const spec = (JSON.parse(readFileSync(tuned, 'utf8')) as { spec: string }).spec;
    const t = cli('tourney', ['--game', 'nine-virtues', '--bots', `${tuned},greedy,greedy,greedy`, '--games', '40', '--workers', '1', '--out', join(out, 't')]);
    expect(t.code, t.stderr).toBe(0);
    // The tables name the tuned bot by its file (its spec is in the file).
    expect(t.stdout).toContain(`line-up: ${tuned}, greedy, greedy, greedy`);
    expect(spec).toMatch(/^greedy:/);
    const wrongGame = cli('tourney', ['--game', 'captains-orders', '--bots', `${tuned},greedy,greedy`, '--games', '10', '--workers', '1']);
    expect(wrongGame.code).toBe(2);
    expect(wrongGame.stderr).toMatch(/tuned for nine-virtues/);

    const dir = join(out, 'ntbea');
    const r = cli('train', [
      '--game',
      'captains-orders',
      '--bot',
      'ismcts:iterations=10',
      '--tune',
      'c,rollout',
      '--method',
      'ntbea',
      '--ntbea-levels',
      '3',
      '--budget',
      '400',
      '--deals',
      '2',
      '--verify-games',
      '200',
      '--workers',
      '2',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const curve = readFileSync(join(dir, 'curve.csv'), 'utf8').trim().split('\n');
    expect(curve[0]).toMatch(/^iteration,games,c,rollout,fitness/);
    expect(curve).toHaveLength(1 + 40);
    const train = JSON.parse(readFileSync(join(dir, 'train.json'), 'utf8')) as { tuned: string; start: string; verification: { verdict: string } | null };
    // Seed 1 moves from c=0.7 to c=2 (the top of three log-spaced levels of 0.05..2), playouts still random (the choices are random,
    // greedy and nn: Captain's Orders ships a net); the verification match on held-out seeds says what that is worth.
    expect(train.tuned).toBe('ismcts:c=2,iterations=10,rollout=random');
    expect(r.stdout.replace(/\n/g, ' ')).toContain('tuning c 0.05..2 log, rollout (random|greedy|nn)');
    const m = JSON.parse(readFileSync(join(dir, 'verify', 'match.json'), 'utf8')) as {
      candidate: string;
      baseline: string;
      seed: string;
      verdict: string;
      games: number;
    };
    expect([m.candidate, m.baseline, m.seed]).toEqual([train.tuned, train.start, '1-verify']);
    expect(m.games).toBeLessThanOrEqual(200);
    expect(train.verification?.verdict).toBe(m.verdict);
    expect(r.stdout.replace(/\n/g, ' ')).toContain(`Tuned against starting bot: ${m.verdict}`);
    // A verification the SPRT stopped is confirmed by a fixed-size match on another held-out seed: as many games, or
    // more where that many deals could not detect the SPRT's H1 difference with 80% power (at most --verify-games).
    const stopped = (JSON.parse(readFileSync(join(dir, 'verify', 'match.json'), 'utf8')) as { sprt: { accepted: string | null } }).sprt.accepted !== null;
    expect(existsSync(join(dir, 'confirm', 'match.json'))).toBe(stopped);
    if (stopped) {
      const c = JSON.parse(readFileSync(join(dir, 'confirm', 'match.json'), 'utf8')) as { seed: string; sprt: unknown; games: number; deals: number };
      const games = confirmationGames(readMatchFile(join(dir, 'verify'))!, 200);
      expect(games).toBeGreaterThanOrEqual(m.games);
      expect(games).toBeLessThanOrEqual(200);
      expect([c.seed, c.sprt, c.games]).toEqual(['1-confirm', null, games]);
      expect((train.verification as unknown as { confirmation: { deals: number } }).confirmation.deals).toBe(c.deals);
      expect(r.stdout).toContain(`Confirmation (fixed size, ${c.deals} deals): A − B`);
    }
  });

  it("train's verification is runMatch: the same match played directly gives train.json's verification and the same match.json", async () => {
    const dir = join(out, 'ntbea');
    const train = JSON.parse(readFileSync(join(dir, 'train.json'), 'utf8')) as {
      tuned: string;
      start: string;
      opponents: string[];
      verification: { verdict: string; deals: number; comparison: unknown; stoppedEstimate: string };
    };
    const game = getGame('captains-orders');
    const direct = join(out, 'direct-verify');
    const { report } = await runMatch({
      flags: resolveRunFlags({ workers: 1, onFault: 'forfeit', moveTimeoutMs: 0 }),
      spec: {
        kind: 'match',
        game: game.info.id,
        variant: resolveGameVariant(game, {}),
        seed: '1-verify',
        games: 200,
        record: false,
        gamesCsv: false,
        faults: { onFault: 'forfeit', moveTimeoutMs: 0, botMemoryMb: 1024, botLoadMs: 10_000 },
        candidate: (await lineupEntries(train.tuned, game, 10_000))[0]!,
        baseline: (await lineupEntries(train.start, game, 10_000))[0]!,
        opponents: await lineupEntries(train.opponents.join(','), game, 10_000),
        measure: 'win',
        sprt: DEFAULT_SPRT,
      },
      out: direct,
    });
    expect(JSON.parse(JSON.stringify(report))).toEqual(JSON.parse(readFileSync(join(dir, 'verify', 'match.json'), 'utf8')));
    const { verdict, deals, comparison, stoppedEstimate } = JSON.parse(JSON.stringify(report)) as typeof train.verification;
    expect(train.verification).toMatchObject({ dir: 'verify', verdict, deals, comparison, stoppedEstimate });
    for (const f of ['match.csv', 'bots.csv', 'seats.csv']) expect(readFileSync(join(direct, f), 'utf8')).toBe(readFileSync(join(dir, 'verify', f), 'utf8'));
  });

  it('--tune-rules reports the settings closest to seat-fair, measured again on held-out deals, with intervals', () => {
    const dir = join(out, 'rules');
    const r = cli('train', [
      '--game',
      'nine-virtues',
      '--tune-rules',
      'bidPenalty',
      '--budget',
      '600',
      '--deals',
      '50',
      '--verify-games',
      '400',
      '--workers',
      '2',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.replace(/\n/g, ' ')).toMatch(/Closest to seat-fair: bidPenalty=(face|zero|double) \(gap /);
    const rows = readFileSync(join(dir, 'rules.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('bidPenalty,seat_gap,seat_gap_ci95_lo,seat_gap_ci95_hi,best_seat,worst_seat,seat_test_q,p_value,deals');
    // Every choice was evaluated (three of them, the start among them), each on the same 400 held-out deals.
    expect(
      rows
        .slice(1)
        .map((x) => x.split(',')[0])
        .sort(),
    ).toEqual(['double', 'face', 'zero']);
    for (const row of rows.slice(1)) expect(row.split(',').at(-1)).toBe('400');
    expect(readFileSync(join(dir, 'curve.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 12);
  });

  it('NTBEA over a choice leaves out the choices the game cannot build: rollout=nn where the game has no shipped net, with one line saying why', () => {
    const args = ['--bot', 'mc:iterations=4', '--tune', 'rollout', '--method', 'ntbea', '--budget', '64', '--deals', '2', '--no-verify'];
    // A game with a greedy heuristic and no shipped net (none left: nothing to leave out).
    const without = ['nine-virtues', 'nine-lives', 'nines-holdem', 'multiples-of-nine'].find((id) => !existsSync(join('bots', 'nets', `${id}.json`)));
    if (without) {
      const r = cli('train', ['--game', without, ...args, '--out', join(out, 'tune-roll-without')]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`^rollout=nn left out of the tuning: nn: ${without} has no shipped net`, 'm'));
      expect(r.stdout.replace(/\n/g, ' ')).toContain('tuning rollout (random|greedy)');
    }
    const co = cli('train', ['--game', 'captains-orders', ...args, '--out', join(out, 'tune-roll-co')]);
    expect(co.code).toBe(0);
    expect(co.stderr).not.toContain('left out');
    expect(co.stdout.replace(/\n/g, ' ')).toContain('tuning rollout (random|greedy|nn)');
  });

  it('bad input: one line, exit 2', () => {
    for (const args of [
      ['--game', 'nine-virtues', '--bot', 'greedy', '--method', 'annealing'],
      ['--game', 'nine-virtues', '--bot', 'ismcts', '--tune', 'rollout'],
      ['--game', 'nine-virtues', '--bot', 'greedy', '--tune', 'nope'],
      ['--game', 'nine-virtues', '--bot', 'greedy', '--budget', '10'],
      ['--game', 'nine-virtues', '--bot', 'random'],
      ['--game', 'nine-virtues'],
      ['--game', 'nine-virtues', '--tune-rules', 'players'],
      ['--game', 'nine-virtues', '--tune-rules', 'bidPenalty', '--method', 'spsa'],
      ['--game', 'nine-virtues', '--tune-rules', 'nope'],
      ['--game', 'nine-virtues', '--tune-rules', 'rounds', '--target', 'fun'],
      ['--game', 'nine-virtues', '--bot', 'greedy', '--target', 'seat-fair'],
    ]) {
      const r = cli('train', [...args, '--out', join(out, 'bad')]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
