/**
 * Writes `docs/commands.md`, the reference of every command and flag: the
 * `--help` of each `npm run` command, as the command itself prints it (so the
 * page cannot drift from the code: `test/docs/commands.test.ts` fails when a
 * flag of a `--help` is missing from the page).
 *
 * Usage: node scripts/run.mjs scripts/commands-doc.ts [--check]
 * With `--check` it writes nothing and exits 1 when the page differs from
 * what it would write.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from './project-root.js';

const ROOT = PROJECT_ROOT;

/** A command of the reference: its `npm run` name, its compiled entry (under dist/), and one line on what it is for. */
export interface CommandEntry {
  readonly name: string;
  readonly entry: string;
  readonly what: string;
}

/** Every user-facing `npm run` command with a `--help`, in the order a new user meets them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'tourney',
    entry: 'src/cli/tourney.js',
    what: 'play a line-up over many deals (and sweeps of a variant parameter); tables, CSV, JSON and report.html',
  },
  { name: 'match', entry: 'src/cli/match.js', what: 'is A stronger than B: a paired (duplicate) match, fixed size or SPRT' },
  { name: 'rate', entry: 'src/cli/rate.js', what: 'ratings of a pool of bots (Plackett-Luce, Elo scale) from duplicate tables' },
  { name: 'train', entry: 'src/cli/train.js', what: "tune a bot's parameters (SPSA, NTBEA), the rules toward a target, or learn a net (Deep Monte-Carlo)" },
  { name: 'report', entry: 'src/cli/report.js', what: "rebuild a run's report.html; compare two runs (paired where they share deals)" },
  { name: 'worker', entry: 'src/cli/worker.js', what: 'serve a keyed Redis queue: one per machine of a cluster' },
  { name: 'fuzz', entry: 'scripts/fuzz.js', what: 'random games with every invariant checked after every action' },
  { name: 'bench', entry: 'scripts/bench.js', what: 'the speed figures: engine, bots, search, sandbox, nets' },
  { name: 'referee', entry: 'scripts/referee.js', what: 'the independent referee of Nine Lives records' },
];

/**
 * One command's `--help` as it prints it, at yargs' default width (80
 * columns off a terminal).
 * @throws Error when the command fails to print its help.
 */
export function helpOf(c: CommandEntry): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist', c.entry), '--help'], { encoding: 'utf8', cwd: ROOT, env: { ...process.env, COLUMNS: '' } });
  if (r.status !== 0) throw new Error(`${c.name} --help exited with ${r.status}: ${r.stderr.split('\n')[0]}`);
  return r.stdout.trimEnd();
}

/** The whole page (Markdown). */
export function commandsPage(): string {
  const parts = [
    '# Every command and flag',
    '',
    "Each section is the command's own `--help`, written here by `node scripts/run.mjs scripts/commands-doc.ts`",
    "(`test/docs/commands.test.ts` fails when a flag is missing). A default that is the machine's core count",
    "(`--workers`) shows this machine's.",
    '',
    '| command | what it is for |',
    '|---|---|',
    ...COMMANDS.map((c) => `| [\`npm run ${c.name}\`](#npm-run-${c.name}) | ${c.what} |`),
    '',
  ];
  for (const c of COMMANDS) parts.push(`## npm run ${c.name}`, '', `${c.what.charAt(0).toUpperCase() + c.what.slice(1)}.`, '', '```', helpOf(c), '```', '');
  return `${parts.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = join(ROOT, 'docs', 'commands.md');
  const page = commandsPage();
  if (process.argv.includes('--check')) {
    const same = readFileSync(path, 'utf8') === page;
    process.stdout.write(
      same ? 'docs/commands.md is up to date\n' : "docs/commands.md differs from the commands' --help: run node scripts/run.mjs scripts/commands-doc.ts\n",
    );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(path, page);
  process.stdout.write(`wrote ${path}\n`);
}
