/**
 * The flags of the commands that play games, each declared once with the
 * commands that take it (TAG's `RunArg`: `evaluation/RunArg.java` declares
 * every flag with its help, default and the tools that take it). A command's
 * option table is built from this one and its own options (`commandOptions`),
 * so a flag's help, default and checks cannot drift between commands.
 */
import { availableParallelism } from 'node:os';
import type { Options } from 'yargs';
import '../games/index.js';
import { gameIds } from '../core/registry.js';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import { BUILT_IN_WATCHDOG_MS } from '../tourney/watchdog.js';

/** The commands that play games and take the run flags. */
export type RunCommand = 'tourney' | 'match' | 'rate' | 'train';

/**
 * Where a run flag goes in a command's table (and so in its `--help`): `first`
 * before everything, `setup` after the command's line-up options, `output`
 * after all of the command's own.
 */
type Place = 'first' | 'setup' | 'output';

/** One flag: its yargs option, the commands that take it, its place, and its help where a command words it its own way. */
interface RunArg {
  readonly option: Options;
  readonly commands: readonly RunCommand[];
  readonly place: Place;
  /** The help of the commands that say more (or less) than `option.describe`. */
  readonly help?: Partial<Record<RunCommand, string>>;
  /** `--resume` allows it beside it: the run goes on as it was started, on any number of workers (`checkResumeFlags`). */
  readonly withResume?: true;
}

const ALL = ['tourney', 'match', 'rate', 'train'] as const;
const PLAYS_TABLES = ['tourney', 'match', 'rate'] as const;
const FILES_REMOVED = 'replace the run that --out already holds (its files and folders are removed first)';

/** Every run flag, in the order `--help` lists them. */
export const RUN_ARGS = {
  game: { option: { type: 'string', describe: `game id: ${gameIds().join(', ')}` }, commands: ALL, place: 'first' },
  seed: {
    option: { type: 'string', default: '1', describe: 'run seed: the same seed gives the same numbers' },
    commands: ALL,
    place: 'setup',
    help: { train: 'run seed: the same seed gives the same run' },
  },
  workers: {
    option: { type: 'number', default: availableParallelism(), describe: 'worker threads (default: CPU cores)' },
    commands: ALL,
    place: 'setup',
    withResume: true,
  },
  variant: {
    option: { type: 'string', default: '', describe: 'variant parameters key=value,key=value (players=P sets the table size)' },
    commands: ALL,
    place: 'setup',
    help: { tourney: 'variant parameters key=value,key=value', rate: 'variant parameters key=value,... (players=P sets the table size)' },
  },
  out: {
    option: { type: 'string', describe: 'output directory (default results/<game>-s<seed>-<time>)' },
    commands: ALL,
    place: 'output',
    help: {
      match: 'output directory (default results/<game>-match-s<seed>-<time>)',
      rate: 'output directory (default results/<game>-rate-s<seed>-<time>)',
      train: 'output directory (default results/<game>-train-s<seed>-<time>)',
    },
  },
  record: {
    option: { type: 'boolean', default: false, describe: 'write every game to games.jsonl' },
    commands: PLAYS_TABLES,
    place: 'output',
    help: { tourney: "write every game to games.jsonl in the rule files' record format" },
  },
  'move-timeout': {
    option: {
      type: 'number',
      describe: `per-decision budget in ms; a bot over it commits a fault (default: ${DEFAULT_LIMITS.decisionMs} ms for a user bot file, its sandbox's deadline; for a built-in bot only a watchdog against endless loops, ${BUILT_IN_WATCHDOG_MS / 60_000} minutes)`,
    },
    commands: ALL,
    place: 'output',
  },
  'on-fault': {
    option: {
      type: 'string',
      default: 'forfeit',
      describe: 'forfeit: a faulty bot loses the game; random: a random legal action replaces the faulty decision',
    },
    commands: ALL,
    place: 'output',
  },
  'bot-memory': {
    option: {
      type: 'number',
      describe: "most memory of a user bot file's sandbox, in MiB (its heap and ArrayBuffers; default 1024): over it the bot forfeits",
    },
    commands: ALL,
    place: 'output',
  },
  'unsandboxed-bots': {
    option: {
      type: 'boolean',
      describe: 'where the sandbox (isolated-vm) is missing, run user bot files anyway, with your operating-system rights (the run says so)',
    },
    commands: ALL,
    place: 'output',
  },
  'bot-load-timeout': {
    option: { type: 'number', describe: 'most ms a user bot file may take to load and build its bot (default 10000): over it the bot is refused' },
    commands: ALL,
    place: 'output',
  },
  /** The run becomes a coordinator whose batches worker processes on any machine play (`npm run worker`, README "Many machines"). */
  queue: {
    option: {
      type: 'string',
      describe:
        "redis://HOST:PORT/DB, or env (the URL in NINEFOLD_QUEUE_URL, which may carry a password): play the batches on the worker processes serving this queue (npm run worker -- --queue URL) instead of local threads; the queue's key is NINEFOLD_QUEUE_KEY",
    },
    commands: ALL,
    place: 'output',
    withResume: true,
  },
  /** The key of a keyed run (secret deals, `src/tourney/deal-key.ts`), to play it again. */
  'deal-key': {
    option: {
      type: 'string',
      describe:
        'deal from this key (32 hex digits: a run\'s "dealKey" in summary.json) instead of the seed, to play a run with secret deals again; a run with a bot file in its line-up gets a random key without it',
    },
    commands: ALL,
    place: 'output',
  },
  /** Print the tables whole, every column (intervals and design effects in columns of their own); without it, output fits 120 characters a line (`src/report/terminal.ts`). */
  wide: {
    option: {
      type: 'boolean',
      default: false,
      describe: 'print every table whole, with all its columns (default: output fits 120 characters, intervals in brackets, wide tables split)',
    },
    commands: ALL,
    place: 'output',
    withResume: true,
  },
  'games-csv': {
    option: {
      type: 'boolean',
      default: false,
      describe: 'also write games.csv: one row per seat-game (deal, seating, rotation, seat, entry, bot, score, win_share, forfeit)',
    },
    commands: PLAYS_TABLES,
    place: 'output',
  },
  force: {
    option: { type: 'boolean', default: false, describe: FILES_REMOVED },
    commands: ALL,
    place: 'output',
    help: { train: 'replace the run that --out already holds' },
  },
  resume: {
    option: { type: 'string', describe: 'carry on a stopped run from its directory' },
    commands: ALL,
    place: 'output',
    help: {
      tourney: 'carry on a stopped run from its directory (results/<run>)',
      match: 'carry on a stopped match from its directory',
      rate: 'carry on a stopped rating run from its directory',
      train: 'carry on a stopped training run from its directory',
    },
    withResume: true,
  },
} as const satisfies Record<string, RunArg>;

type Table = typeof RUN_ARGS;

/** The run flags command `C` takes at place `P`, as yargs options. */
export type RunOptions<C extends RunCommand, P extends Place> = {
  -readonly [K in keyof Table as Table[K]['place'] extends P ? (C extends Table[K]['commands'][number] ? K : never) : never]: Table[K]['option'];
};

/** A command's whole option table: the game, its line-up options, the setup flags, its own, the output flags. */
export type CommandOptions<C extends RunCommand, H, M> = RunOptions<C, 'first'> & H & RunOptions<C, 'setup'> & M & RunOptions<C, 'output'>;

/** The run flags of `command` at `place`, each with the command's own help. */
function runOptions(command: RunCommand, place: Place): Record<string, Options> {
  const out: Record<string, Options> = {};
  for (const [key, arg] of Object.entries(RUN_ARGS) as [string, RunArg][]) {
    if (arg.place !== place || !arg.commands.includes(command)) continue;
    const describe = arg.help?.[command];
    out[key] = describe === undefined ? arg.option : { ...arg.option, describe };
  }
  return out;
}

/**
 * The option table of a command that plays games (declarative: yargs reads it,
 * `--help` lists it in this order): `--game`, then `head` (the command's
 * line-up and size), the setup flags (seed, workers, variant), then `middle`
 * (the command's other options), then the output and run flags (out, faults,
 * queue, deal key, wide, force, resume).
 */
export function commandOptions<C extends RunCommand, H extends Record<string, Options>, M extends Record<string, Options>>(
  command: C,
  head: H,
  middle: M,
): CommandOptions<C, H, M> {
  const table = { ...runOptions(command, 'first'), ...head, ...runOptions(command, 'setup'), ...middle, ...runOptions(command, 'output') };
  return table as CommandOptions<C, H, M>;
}

/** The flags `--resume` allows beside it (`withResume`). */
export const RESUME_ALLOWS: ReadonlySet<string> = new Set(
  Object.entries(RUN_ARGS as Record<string, RunArg>)
    .filter(([, a]) => a.withResume === true)
    .map(([k]) => k),
);
