/**
 * `npm run train -- --method exit` (Expert Iteration, Anthony et al. 2017, in
 * AlphaGo Zero's form) through the compiled CLI: the same seed gives
 * byte-identical nets and curves with --workers 1 and 2; a run stopped by
 * Ctrl-C in the middle of a gate and resumed writes the net and curve of an
 * uninterrupted one; the page shows the gates; bad input is one line and exit 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../run-helpers.js';

const train = (args: string[]) => cli('train', args);

const out = mkdtempSync(join(tmpdir(), 'ninefold-exit-'));
const BASE = [
  '--game',
  'nine-virtues',
  '--method',
  'exit',
  '--init',
  'fresh',
  '--net-size',
  '16',
  '--budget',
  '8',
  '--episodes',
  '4',
  '--search',
  'ismcts:iterations=8,prior=net,leaf=net,horizon=game',
  '--gate-games',
  '16',
  '--batch',
  '64',
  '--seed',
  '3',
];
const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
/** `BASE` with one option's value replaced. */
const withOption = (flag: string, value: string): string[] => BASE.map((a, i) => (BASE[i - 1] === flag ? value : a));

/** Sends SIGINT once `train-state.json` says a gate is being played, and waits for the exit code. */
async function stopInAGate(dir: string): Promise<number | null> {
  const child = spawn(process.execPath, [join('dist', 'src', 'cli', 'train.js'), ...BASE, '--workers', '1', '--out', dir], { stdio: 'ignore' });
  for (;;) {
    await new Promise((r) => setTimeout(r, 20));
    try {
      if ((JSON.parse(read(dir, 'train-state.json')) as { state: { gatePending: boolean } }).state.gatePending) break;
    } catch {
      // not written yet, or being written
    }
  }
  child.kill('SIGINT');
  return new Promise<number | null>((r) => child.on('exit', r));
}

describe('npm run train -- --method exit', () => {
  it('--workers 1 and 2 write byte-identical nets and curves; every generation is gated; the page shows the gates', () => {
    const a = train([...BASE, '--workers', '1', '--out', join(out, 'w1')]);
    expect(a.code, a.stderr).toBe(0);
    const b = train([...BASE, '--workers', '2', '--out', join(out, 'w2')]);
    expect(b.code, b.stderr).toBe(0);
    for (const f of ['net.json', 'curve.csv', 'curve.json']) expect(read(join(out, 'w2'), f), f).toBe(read(join(out, 'w1'), f));
    const curve = read(join(out, 'w1'), 'curve.csv').trim().split('\n');
    expect(curve[0]).toBe(
      'generation,games,samples,replay_samples,loss_policy,loss_value,search_iterations,gate_deals,gate_games,gate_sprt,gate_llr,learner_minus_champion,learner_minus_champion_ci95_lo,learner_minus_champion_ci95_hi,promoted,champion',
    );
    expect(curve).toHaveLength(1 + 2);
    const rows = curve.slice(1).map((l) => l.split(','));
    for (const [i, c] of rows.entries()) {
      expect(Number(c[0])).toBe(i + 1);
      // The replay buffer holds this generation and the ones before it (up to --replay 4).
      expect(Number(c[3])).toBe(rows.slice(0, i + 1).reduce((s, r) => s + Number(r[2]), 0));
      expect(Number(c[6])).toBeGreaterThan(0);
      expect(['H0', 'H1', 'undecided', 'no variation']).toContain(c[9]);
      expect(Number(c[7])).toBeGreaterThan(0);
      expect(Number(c[12])).toBeLessThanOrEqual(Number(c[11]));
      expect(Number(c[13])).toBeGreaterThanOrEqual(Number(c[11]));
      // Only an accepted H1 promotes, and the champion is then that generation.
      expect(c[14]).toBe(c[9] === 'H1' ? '1' : '0');
      if (c[14] === '1') expect(Number(c[15])).toBe(i + 1);
      expect(existsSync(join(out, 'w1', 'gates', `gen-${i + 1}`, 'match.json'))).toBe(true);
      expect(existsSync(join(out, 'w1', 'nets', `gen-${i + 1}.json`))).toBe(true);
    }
    // net.json is the champion's net, with the command that trained it (without where it ran or on how many threads).
    const champion = Number(rows[rows.length - 1]![15]);
    const net = JSON.parse(read(join(out, 'w1'), 'net.json')) as { weights: unknown; provenance: { command: string; champion: number } };
    expect(net.provenance.champion).toBe(champion);
    expect((JSON.parse(read(join(out, 'w1'), `nets/gen-${champion}.json`)) as { weights: unknown }).weights).toEqual(net.weights);
    expect(net.provenance.command).toMatch(/^npm run train -- --game nine-virtues --method exit /);
    expect(net.provenance.command).not.toMatch(/--workers|--out/);
    expect(a.stdout).toContain('learner − champion');
    const page = read(join(out, 'w1'), 'report.html');
    expect(page).toContain('Expert Iteration');
    expect(page).toContain('Learner − champion at each gate');
    expect(page).toContain('gates/gen-1/report.html');
  }, 300_000);

  it('a run stopped by Ctrl-C during a gate and resumed writes the net and curve of an uninterrupted run', async () => {
    const dir = join(out, 'stopped');
    expect(await stopInAGate(dir)).toBe(130);
    expect(read(dir, 'report.html')).toContain('STOPPED EARLY');
    const r = train(['--resume', dir, '--workers', '2']);
    expect(r.code, r.stderr).toBe(0);
    for (const f of ['net.json', 'curve.csv', 'curve.json']) expect(read(dir, f), f).toBe(read(join(out, 'w1'), f));
  }, 300_000);

  it('bad input is one line and exit 2, and no run directory is left', () => {
    const cases: [string[], RegExp][] = [
      [['--game', 'nine-lives', '--method', 'exit', '--init', 'shipped'], /--init shipped: nine-lives ships no net/],
      [[...BASE, '--noise', '2'], /--noise/],
      [withOption('--search', 'ismcts:iterations=8,prior=net,leaf=net,net=x.json'), /--search names no net/],
      [withOption('--search', 'ismcts:iterations=8,prior=net,leaf=net'), /horizon=round/],
      [['--game', 'nine-virtues', '--method', 'dmc', '--gate-games', '10'], /--gate-games goes with --method exit/],
    ];
    for (const [args, message] of cases) {
      const dir = join(out, `bad-${cases.findIndex((c) => c[0] === args)}`);
      const r = train([...args, '--out', dir]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(existsSync(dir)).toBe(false);
    }
  });
});
