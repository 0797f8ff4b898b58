/**
 * Each message a new user meets says one accurate line (the slow part, a real
 * deadline and a real Redis: `messages.long.test.ts`). The CLI runs compiled,
 * in a child process, as users run it (the suite's global setup builds
 * `dist/`).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import { closestNames, didYouMean } from '../../src/cli/suggest.js';
import { cli, expectOneLine } from './helpers.js';

describe('the per-decision limit of a bot file', () => {
  const seconds = DEFAULT_LIMITS.decisionMs / 1000;

  it(`--help, docs/tourney.md and docs/bots.md state the limit the sandbox enforces (${seconds} s a decision)`, () => {
    const help = cli('tourney', ['--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`(default: ${DEFAULT_LIMITS.decisionMs} ms for a user bot file, its sandbox's deadline;`);
    const tourneyDoc = readFileSync('docs/tourney.md', 'utf8');
    expect(tourneyDoc).toContain(`| \`--move-timeout MS\` | ${seconds} s a decision for a user bot file (its sandbox's deadline)`);
    expect(tourneyDoc).toContain(`(${seconds} s a decision without \`--move-timeout\`)`);
    expect(readFileSync('docs/bots.md', 'utf8').replace(/\s+/g, ' ')).toContain(`(\`--move-timeout\`, else ${seconds} s a decision;`);
    for (const text of [help, tourneyDoc, readFileSync('README.md', 'utf8')]) expect(text).not.toMatch(/10 s for a user bot file|10000 ms for a user bot file/);
  });
});

describe("a bot file's params", () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-messages-'));
  const write = (name: string, params: string): string => {
    const file = join(dir, name);
    writeFileSync(file, `export default { params: ${params}, create() { return { act(o, legal) { return legal[0]; } }; } };\n`);
    return file;
  };
  const objectParams = write('object-params.js', "{ depth: { kind: 'int', min: 1, max: 5, default: 2, doc: 'plies' } }");
  const keylessParams = write('keyless-params.js', "[{ name: 'depth', kind: 'int', min: 1, max: 5, default: 2 }]");

  for (const game of ['nine-virtues', 'captains-orders']) {
    it(`a bot file whose params is an object is refused at once in one line (${game})`, () => {
      const r = cli('tourney', ['--game', game, '--bots', `${objectParams}:depth=3,random,random,random`, '--out', join(dir, 'out')]);
      expectOneLine(
        r,
        /^ninefold: bot file .*object-params\.js: its params is an object; it must be an array of \{ key, kind: 'int' \| 'float' \| 'enum' \| 'text', default, \.\.\. \}/,
      );
      // Named from the file's own shape, not after the load timeout (it said "did not load within 10000 ms" after 11.8 s).
      expect(r.stderr).not.toMatch(/did not load within|not iterable/);
    });
  }

  it('a bot file whose params entry has no key is refused in one line naming the entry', () => {
    const r = cli('tourney', ['--game', 'nine-virtues', '--bots', `${keylessParams},random,random,random`, '--out', join(dir, 'out')]);
    expectOneLine(r, /bot file .*keyless-params\.js: its params\[0\] has no key; params must be an array/);
  });
});

describe('rate with a pool smaller than the table', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-messages-rate-'));

  it('rate --pool greedy,random on Nine Virtues (3-6 players) is refused in one line whose suggestions both run', () => {
    const r = cli('rate', ['--game', 'nine-virtues', '--pool', 'greedy,random', '--out', join(dir, 'refused')]);
    expectOneLine(r, /^ninefold: nine-virtues is played by 3-6 players and --pool has 2 bots: give at least 3 \(e\.g\. --pool greedy,random,\w+\), or compare/);
    expect(r.stderr).not.toMatch(/players=2/);
    const pool = /--pool (\S+)\)/.exec(r.stderr)![1]!;
    const rate = cli('rate', ['--game', 'nine-virtues', '--pool', pool, '--games', '3', '--workers', '1', '--out', join(dir, 'rate')]);
    expect(rate.stderr).toBe('');
    expect(rate.code).toBe(0);
    const match = /npm run match -- (.*)$/m.exec(r.stderr)![1]!.split(' ');
    expect(match).toEqual(['--game', 'nine-virtues', '--candidate', 'greedy', '--baseline', 'random']);
    const m = cli('match', [...match, '--games', '4', '--workers', '1', '--out', join(dir, 'match')]);
    expect(m.stderr).toBe('');
    expect(m.code).toBe(0);
  });

  it('a pool of 3 in Nine Virtues plays at a table of 3, as the docs promise', () => {
    const r = cli('rate', ['--game', 'nine-virtues', '--pool', 'greedy,random,greedy:leak=0.2', '--games', '3', '--workers', '1', '--out', join(dir, 'three')]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'three', 'ratings.json'), 'utf8')).players).toBe(3);
  });
});

describe('numbers in --help', () => {
  /** Each option's block of a command's `--help`: name → text. */
  const blocks = (command: string): Map<string, string> => {
    const help = cli(command, ['--help']).stdout;
    return new Map(help.split(/\n(?= {2}--)/).flatMap((b) => (/^ {2}--([\w-]+)/.exec(b) ? [[/^ {2}--([\w-]+)/.exec(b)![1]!, b] as [string, string]] : [])));
  };
  const numeric: Record<string, string[]> = {
    tourney: ['games', 'workers', 'move-timeout', 'bot-memory', 'bot-load-timeout'],
    match: ['games', 'workers', 'h0', 'h1', 'alpha', 'beta', 'move-timeout'],
    rate: ['games', 'workers', 'move-timeout'],
    train: ['budget', 'deals', 'spsa-c', 'ntbea-levels', 'epsilon', 'lr', 'batch', 'episodes', 'verify-games', 'workers'],
    worker: ['concurrency', 'lock-duration'],
  };
  for (const [command, names] of Object.entries(numeric)) {
    it(`npm run ${command} -- --help types its numbers [number], not [string]`, () => {
      const b = blocks(command);
      for (const name of names) {
        expect(b.get(name), `--${name}`).toMatch(/\[number\]/);
        expect(b.get(name), `--${name}`).not.toMatch(/\[string\]/);
      }
      expect(b.get('seed') ?? '[string]').toMatch(/\[string\]/); // a seed is text
    });
  }

  it('a bad number is still one line naming the flag, exit 2 (--games many, --games 1e3, --lr abc)', () => {
    expectOneLine(cli('tourney', ['--game', 'nine-virtues', '--games', 'many']), /^ninefold: --games must be a whole number from 1 to \d+, got 'many'$/m);
    expectOneLine(cli('tourney', ['--game', 'nine-virtues', '--games', '1e3']), /--games must be a whole number from 1 to \d+, got '1e3'/);
    expectOneLine(cli('train', ['--game', 'nine-virtues', '--method', 'dmc', '--lr', 'abc']), /--lr must be a number from 1e-7 to 1, got 'abc'/);
  });
});

describe('did you mean', () => {
  it('closestNames: a typo within reach of one name gives it; a word far from every name gives none', () => {
    expect(closestNames('gmae', ['game', 'games', 'seed'])).toEqual(['game']);
    expect(closestNames('randon', ['random', 'greedy', 'mc'])).toEqual(['random']);
    expect(closestNames('Nine-Virtue', ['nine-virtues', 'nine-lives'])).toEqual(['nine-virtues']);
    expect(closestNames('alphazero', ['random', 'greedy', 'mc', 'ismcts', 'nn'])).toEqual([]);
    expect(closestNames('x', ['mc', 'nn'])).toEqual([]); // replacing the word whole is no suggestion
    expect(didYouMean('bat', ['bot', 'bet', 'batch'], '--')).toBe('did you mean --bot or --bet?');
  });

  const dir = mkdtempSync(join(tmpdir(), 'nf-messages-typo-'));
  const bot = join(dir, 'param-bot.js');
  writeFileSync(
    bot,
    "export default { params: [{ key: 'depth', kind: 'int', min: 1, max: 5, default: 2, doc: 'plies' }], create() { return { act(o, legal) { return legal[0]; } }; } };\n",
  );
  const typos: [string, string[], RegExp][] = [
    ['a flag with one dash', ['-game', 'nine-virtues'], /^ninefold: unknown flag -game \(did you mean --game\?\)$/m],
    ['a game id without --game', ['nine-virtues'], /^ninefold: unexpected argument 'nine-virtues' \(did you mean --game nine-virtues\?\)$/m],
    ['a misspelled flag', ['--gmae', 'nine-virtues'], /^ninefold: unknown flag --gmae \(did you mean --game\?\)$/m],
    ['a misspelled game', ['--game', 'nine-virtue'], /^ninefold: unknown game 'nine-virtue' \(did you mean nine-virtues\?\); valid games: /m],
    ['a misspelled bot', ['--game', 'nine-virtues', '--bots', 'greedy,randon,random,random'], /unknown bot 'randon' \(did you mean random\?\); valid bots: /],
    [
      'a misspelled parameter of greedy',
      ['--game', 'nine-virtues', '--bots', 'greedy:lek=0.1,random,random,random'],
      /unknown parameter 'lek' \(did you mean leak\?\) for bot greedy in nine-virtues; valid parameters: /,
    ],
    [
      'a misspelled parameter of a bot file',
      ['--game', 'nine-virtues', '--bots', `${bot}:dpth=3,random,random,random`],
      /unknown parameter 'dpth' \(did you mean depth\?\) for bot .*param-bot\.js; valid parameters: depth$/m,
    ],
    [
      'a misspelled variant key',
      ['--game', 'nine-virtues', '--variant', 'player=3'],
      /unknown variant key 'player' \(did you mean players\?\) for nine-virtues/,
    ],
  ];
  for (const [what, args, message] of typos) {
    it(`${what} gets "did you mean", in one line with exit 2`, () => {
      expectOneLine(cli('tourney', [...args, '--out', join(dir, 'out')]), message);
    });
  }
});

describe('npm install scripts', () => {
  it("package.json's allowScripts names exactly the packages of the lock file that have install scripts, so npm ci warns about none", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...new Set(withScripts)].sort());
    expect(pkg.allowScripts).toMatchObject({ 'isolated-vm': true, 'msgpackr-extract': true });
    expect(readFileSync('README.md', 'utf8')).toContain("`package.json`'s `allowScripts`");
  });
});

describe('a tuned bot in tables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-messages-tuned-'));
  const spec = 'greedy:denial=0.31,leak=0.07,wild=0.9';
  const tuned = join(dir, 'run', 'tuned.json');
  mkdirSync(join(dir, 'run'));
  writeFileSync(tuned, JSON.stringify({ kind: 'ninefold-tuned-bot', version: 1, game: 'nine-virtues', spec }));

  it('a bot from a tuned.json is named in the tables by its file, not by its spec (tourney)', () => {
    const out = join(dir, 'tourney');
    const r = cli('tourney', ['--game', 'nine-virtues', '--bots', `${tuned},greedy,random,random`, '--games', '4', '--workers', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`line-up: ${tuned}, greedy, random, random`);
    expect(r.stdout).toMatch(new RegExp(`│ ${tuned.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} +│`));
    expect(r.stdout).not.toContain(spec);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { bots: { name: string }[] };
    expect(summary.bots.map((b) => b.name)).toEqual([tuned, 'greedy', 'random']);
  });

  it('a bot from a tuned.json is named in the tables by its file, not by its spec (match)', () => {
    const r = cli('match', [
      '--game',
      'nine-virtues',
      '--candidate',
      tuned,
      '--baseline',
      'greedy',
      '--games',
      '8',
      '--workers',
      '1',
      '--out',
      join(dir, 'match'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`│ A: ${tuned} `);
    expect(r.stdout).not.toContain(spec);
  });
});
