/**
 * `npm run train -- --method dmc` through the compiled CLI: the same seed
 * gives byte-identical nets and curves with --workers 1 and 2; a run stopped
 * by Ctrl-C and resumed writes the net and curve of an uninterrupted one;
 * the net plays as `nn:file=`; its page shows the learning curve; bad input
 * is one line and exit 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopTrainingAfter } from '../run-helpers.js';
import { cli } from '../run-helpers.js';

const out = mkdtempSync(join(tmpdir(), 'ninefold-dmc-'));
const BASE = [
  '--game',
  'nine-virtues',
  '--method',
  'dmc',
  '--budget',
  '192',
  '--episodes',
  '32',
  '--net-size',
  '32',
  '--batch',
  '64',
  '--eval-every',
  '3',
  '--eval-deals',
  '6',
  '--warm-start',
  'greedy:64',
  '--demo-share',
  '0.5',
  '--no-verify',
  '--seed',
  '7',
];
/** `args` without the given options and their values. */
function without(args: readonly string[], flags: readonly string[]): string[] {
  return args.filter((a, i) => !flags.includes(a) && !flags.includes(args[i - 1] ?? ''));
}
const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

describe('npm run train -- --method dmc', () => {
  it("--expert: a search's root visit counts as policy targets (Expert Iteration's apprentice, Anthony et al. 2017) give byte-identical nets and curves with --workers 1 and 2", () => {
    const EXPERT = [
      ...without(BASE, ['--budget', '--demo-share', '--eval-every']),
      '--budget',
      '64',
      '--expert',
      'ismcts:iterations=10',
      '--expert-share',
      '0.2',
      '--q-weight',
      '0',
      '--demo-margin',
      '0',
      '--eval-every',
      '2',
    ];
    const a = cli('train', [...EXPERT, '--workers', '1', '--out', join(out, 'x1')]);
    expect(a.code, a.stderr).toBe(0);
    const b = cli('train', [...EXPERT, '--workers', '2', '--out', join(out, 'x2')]);
    expect(b.code, b.stderr).toBe(0);
    for (const f of ['net.json', 'curve.csv', 'curve.json']) expect(read(join(out, 'x2'), f), f).toBe(read(join(out, 'x1'), f));
    const rows = read(join(out, 'x1'), 'curve.csv').trim().split('\n').slice(1);
    expect(rows).toHaveLength(2);
    for (const l of rows) {
      const c = l.split(',');
      // With the Q loss off only the labelled decisions train: no Q loss, a policy loss.
      expect(Number(c[3])).toBe(0);
      expect(Number(c[5])).toBeGreaterThan(0);
    }
    expect(a.stdout).toContain('loss (policy)');
    expect(read(join(out, 'x1'), 'report.html')).toContain('Expert Iteration');
    expect(cli('train', [...BASE, '--q-weight', '0', '--out', join(out, 'x3')]).stderr).toMatch(/^ninefold: --q-weight 0 needs --expert/);
  }, 300_000);

  it('--workers 1 and 2 write byte-identical nets and curves (Deep Monte-Carlo self-play, Zha et al. 2021)', () => {
    const a = cli('train', [...BASE, '--workers', '1', '--out', join(out, 'w1')]);
    expect(a.code, a.stderr).toBe(0);
    const b = cli('train', [...BASE, '--workers', '2', '--out', join(out, 'w2')]);
    expect(b.code, b.stderr).toBe(0);
    for (const f of ['net.json', 'curve.csv', 'curve.json']) expect(read(join(out, 'w2'), f), f).toBe(read(join(out, 'w1'), f));
    const curve = read(join(out, 'w1'), 'curve.csv').trim().split('\n');
    expect(curve[0]).toBe(
      'iteration,games,samples,loss_q,loss_value,loss_policy,learner_utility,warm_start,eval_deals,net_minus_greedy,net_minus_greedy_ci95_lo,net_minus_greedy_ci95_hi',
    );
    expect(curve).toHaveLength(1 + 6);
    // Evaluations at iterations 3 and 6 against greedy on the held-out deals, with an interval around the difference.
    const evals = curve.slice(1).filter((l) => l.split(',')[8] !== '');
    expect(evals.map((l) => l.split(',')[0])).toEqual(['3', '6']);
    for (const l of evals) {
      const [v, lo, hi] = l.split(',').slice(9).map(Number);
      expect(lo).toBeLessThanOrEqual(v!);
      expect(hi).toBeGreaterThanOrEqual(v!);
    }
    // Each evaluation played its own net (nets/iter-<k>.json): a worker reuses a bot built for the same spec text.
    for (const k of [3, 6]) expect(existsSync(join(out, 'w1', 'nets', `iter-${k}.json`)), `nets/iter-${k}.json`).toBe(true);
    expect(read(join(out, 'w1'), 'nets/iter-6.json')).toBe(read(join(out, 'w1'), 'net.json'));
    // The net's provenance names the command without where it ran or on how many threads.
    const net = JSON.parse(read(join(out, 'w1'), 'net.json')) as { provenance: { command: string }; game: string };
    expect(net.game).toBe('nine-virtues');
    expect(net.provenance.command).toMatch(/^npm run train -- --game nine-virtues --method dmc /);
    expect(net.provenance.command).not.toMatch(/--workers|--out/);
    // The page shows the learning curve.
    const page = read(join(out, 'w1'), 'report.html');
    expect(page).toContain('Deep Monte-Carlo');
    expect(page).toContain('The net against greedy');
  });

  it('a run stopped by Ctrl-C and resumed writes the net and curve of an uninterrupted run', async () => {
    const dir = join(out, 'stopped');
    const child = spawn(process.execPath, [join('dist', 'src', 'cli', 'train.js'), ...BASE, '--workers', '1', '--out', dir], { stdio: 'ignore' });
    const code = await stopTrainingAfter(child, dir, 2);
    expect(code).toBe(130);
    expect(read(dir, 'report.html')).toContain('STOPPED EARLY');
    const r = cli('train', ['--resume', dir, '--workers', '2']);
    expect(r.code, r.stderr).toBe(0);
    for (const f of ['net.json', 'curve.csv']) expect(read(dir, f), f).toBe(read(join(out, 'w1'), f));
  });

  it('the net plays as nn:file= in a tourney; a net for another variant or game is refused in one line', () => {
    const net = join(out, 'w1', 'net.json');
    const t = cli('tourney', [
      '--game',
      'nine-virtues',
      '--bots',
      `nn:file=${net},greedy,greedy,greedy`,
      '--games',
      '8',
      '--workers',
      '1',
      '--out',
      join(out, 't'),
    ]);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain(`nn:file=${net}`);
    for (const args of [
      ['--game', 'captains-orders', '--bots', `nn:file=${net},greedy,greedy,greedy`],
      ['--game', 'nine-virtues', '--bots', 'nn:file=/nonexistent/net.json,greedy,greedy,greedy'],
    ]) {
      const r = cli('tourney', [...args, '--games', '4', '--workers', '1']);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it("--base greedy: the file records the base, its input holds greedy's action (a feature of each action), and nn:file= plays it in a tourney", () => {
    const dir = join(out, 'base');
    const args = [
      '--game',
      'nine-virtues',
      '--method',
      'dmc',
      '--budget',
      '64',
      '--episodes',
      '32',
      '--net-size',
      '16',
      '--eval-every',
      '2',
      '--eval-deals',
      '2',
    ];
    const r = cli('train', [...args, '--base', 'greedy', '--warm-start', 'greedy:32', '--no-verify', '--workers', '1', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.replace(/\n/g, ' ')).toContain("on the tensor of 152 entries and greedy's action (--base)");
    const arch = JSON.parse(read(dir, 'net.json')).architecture;
    expect(arch).toMatchObject({ base: 'greedy', inputSize: 152, head: { kind: 'feature', featureSize: 51 + 1 } });
    const t = cli('tourney', [
      '--game',
      'nine-virtues',
      '--bots',
      `nn:file=${join(dir, 'net.json')},greedy,greedy,greedy`,
      '--games',
      '8',
      '--workers',
      '1',
      '--out',
      join(out, 'tb'),
    ]);
    expect(t.code, t.stderr).toBe(0);
  });

  it("a round horizon in a game without rounds and running scores (Captain's Orders): one line, exit 2", () => {
    const r = cli('train', ['--game', 'captains-orders', '--method', 'dmc', '--budget', '256', '--rollout-targets', '0.1', '--rollout-horizon', 'round']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^ninefold: --rollout-horizon round: captains-orders has no rounds with running scores; use game$/);
    const v = cli('train', ['--game', 'multiples-of-nine', '--method', 'dmc', '--budget', '256', '--value-target', 'round']);
    expect(v.code).toBe(2);
    expect(v.stderr.trim()).toMatch(/^ninefold: --value-target round: multiples-of-nine is not scored in rounds; use game$/);
  });

  it('bad input: one line on stderr naming the option, exit 2', () => {
    for (const [flag, ...extra] of [
      ['--bot', '--bot', 'greedy'],
      ['--warm-start', '--warm-start', 'greedy'],
      ['--epsilon', '--epsilon', '2'],
      ['--net-size', '--net-size', '0'],
      ['--budget', '--budget', '64'],
      ['--rollout-targets', '--rollout-targets', '2'],
      ['--rollout-horizon', '--rollout-targets', '0.1', '--rollout-horizon', 'turn'],
      ['nosuch', '--rollout-targets', '0.1', '--rollout-bot', 'nosuch'],
      ['--rollout-scale', '--rollout-targets', '0.1', '--rollout-horizon', 'round', '--rollout-scale', '0'],
      ['--epochs', '--epochs', '0'],
      ['--base', '--base', 'random'],
      ['--demo-margin', '--warm-start', 'greedy:64', '--demo-margin', '-1'],
      ['nosuch', '--expert', 'nosuch'],
      ['--expert-share', '--expert', 'greedy', '--expert-share', '0'],
      ['--expert-target', '--expert', 'greedy', '--expert-target', 'probabilities'],
      ['--expert-share', '--expert-share', '0.5'],
      ['--expert-kinds', '--expert-kinds', 'swap'],
      ['--expert-kinds', '--expert', 'greedy', '--expert-kinds', 'swap'],
      ['--expert-kinds', '--expert', 'greedy', '--base', 'greedy', '--expert-kinds', 'swap,swop'],
      ['--q-weight', '--q-weight', '0'],
      ['--value-target', '--value-target', 'hand'],
      ['--value-scale', '--value-target', 'round', '--value-scale', '0'],
    ] as const) {
      const args = ['--game', 'nine-virtues', '--method', 'dmc', '--budget', '256', ...extra];
      const r = cli('train', args);
      expect(r.code, `${extra.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(flag);
    }
    // The options only --method dmc reads are refused by the other methods, not ignored.
    for (const extra of [
      ['--bot', 'greedy', '--expert', 'ismcts'],
      ['--bot', 'greedy', '--method', 'ntbea', '--rollout-targets', '0.5'],
      ['--tune-rules', 'bidPenalty', '--episodes', '64'],
    ]) {
      const r = cli('train', ['--game', 'nine-virtues', '--budget', '256', ...extra]);
      expect(r.code, `${extra.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/goes with --method dmc/);
    }
  });
});
