/**
 * A fuzz of the tourney's command line: every malformed invocation, random
 * or one of the known bad inputs (a flag twice, a flag without its value, a
 * switch with a value, repeated and prototype keys, `--resume` with flags it
 * cannot honour, impossible `--out` paths, a bot file that loops while
 * loading), gets one line on stderr and exit code 2, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';

const CLI = join('dist', 'src', 'cli', 'tourney.js');

function run(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** A random word of letters, digits and punctuation. */
function word(rng: Rng): string {
  const chars = 'abcxyzQ019-_.:=,% ';
  let s = '';
  for (let i = 1 + rng.int(8); i > 0; i--) s += chars[rng.int(chars.length)];
  return s.trim() === '' ? 'zz' : s;
}

/** One corruption of an otherwise valid invocation, so that every case is bad input. */
const corruptions: ((rng: Rng) => string[])[] = [
  (rng) => [`--x${word(rng).replace(/[^a-z]/g, '')}flag`, '1'],
  (rng) => ['--games', ['-5', '0', '1.5', 'ten', '1e99', ''][rng.int(6)]!],
  (rng) => ['--workers', ['0', '-1', 'two', '9999', '2.5'][rng.int(5)]!],
  (rng) => ['--move-timeout', ['0', 'soon', '-3', '1.2'][rng.int(4)]!],
  (rng) => ['--on-fault', `x${word(rng)}`],
  (rng) => ['--variant', `nokey${rng.int(100)}=3`],
  (rng) => ['--variant', `players=${['x', '99', '-1', '3.5', ''][rng.int(5)]}`],
  (rng) => ['--variant', ['players', '=5', 'handSize==3'][rng.int(3)]!],
  (rng) => ['--bots', `nobot${rng.int(1000)},random,random,random`],
  (rng) => ['--bots', ['random', 'random,random', 'random,random,random,random,random,random,random,random,random'][rng.int(3)]!],
  (rng) => ['--bots', `random:${['depth=3', 'x', '=1'][rng.int(3)]},random,random,random`],
  (rng) => ['--sweep', [`nokey=${word(rng)}`, 'handSize', 'handSize=', 'winsToWin=1,1', 'handSize=1,x'][rng.int(5)]!],
  () => ['--resume', '/nonexistent/ninefold-run'],
  // The known bad inputs: flags twice, a flag without its value, a switch with a value, repeated and prototype keys,
  // --resume with flags it cannot honour, impossible --out paths, a bot file that loops while loading.
  () => ['--seed', '2', '--seed', '3'],
  (rng) => ['--games', '7', '--games', String(1 + rng.int(9))],
  (rng) => [['--record=maybe', '--games-csv=2', '--force=no', '--record=yes'][rng.int(4)]!],
  (rng) => ['--variant', ['players=5,players=6', '__proto__=1', 'constructor=2', 'prototype=x'][rng.int(4)]!],
  (rng) => ['--bots', [`random:x=1,x=2,random,random,random,random`, 'random:__proto__=1,random,random,random,random'][rng.int(2)]!],
  (rng) => ['--out', ['/proc/ninefold', '/sys/x', 'package.json', '/dev/null'][rng.int(4)]!],
  () => ['--out='],
  () => ['--bots', './test/fixtures/bots/attacks/loop-load.js,random,random,random', '--bot-load-timeout', '500'],
  (rng) => ['--bot-memory', ['12', 'lots', '-1'][rng.int(3)]!],
  () => ['--bot-load-timeout', 'soon'],
];

/** Cases run alone, not merged with a valid base: a flag last without its value, --resume with flags it cannot honour. */
const whole: string[][] = [
  ['--game', 'captains-orders', '--games'],
  ['--game', 'captains-orders', '--out'],
  ['--resume', 'results', '--games', '10'],
  ['--resume', 'results', '--game', 'nine-virtues'],
  ['--resume', 'results', '--bots', 'random,random,random,random'],
];

describe('tourney command line fuzz', () => {
  it('30 random malformed invocations, and the known bad inputs, each give one line on stderr and exit code 2', async () => {
    const rng = new Rng('cli-fuzz');
    const cases: string[][] = [];
    for (let i = 0; i < 30; i++) {
      const bad = corruptions[i < corruptions.length ? i : rng.int(corruptions.length)]!(rng);
      const base = ['--game', 'captains-orders', '--games', '10', '--out', join('results', 'cli-fuzz')];
      cases.push(rng.int(2) === 0 ? [...base, ...bad] : [...bad, ...base]);
    }
    cases.push(['--game', word(rng)]);
    cases.push(...whole);
    const results: { args: string[]; code: number; stderr: string }[] = [];
    for (let i = 0; i < cases.length; i += 8) {
      const chunk = cases.slice(i, i + 8);
      results.push(...(await Promise.all(chunk.map(async (args) => ({ args, ...(await run(args)) })))));
    }
    const wrong = results.filter((r) => r.code !== 2 || r.stderr.trim().split('\n').length !== 1 || /\n\s+at /.test(r.stderr));
    expect(wrong.map((r) => `${JSON.stringify(r.args)} -> exit ${r.code}: ${r.stderr}`)).toEqual([]);
  });
});
