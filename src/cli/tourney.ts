import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import type { BotParam } from '../core/bot.js';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame, type AnyGame } from '../core/registry.js';
import { describeParam, parseVariantSpec, resolveGameVariant, type Variant } from '../core/variant.js';
import { botKinds, botLabel, clockBoundSpecs, parseAndValidateLineup, restoreBotLabels, tunedBotLabels } from '../../bots/index.js';
import { buildBalance, type BalanceReport } from '../analysis/balance.js';
import { writeBalanceFiles } from '../report/balance.js';
import { renderBalance } from '../report/balance-terminal.js';
import { wrapProse } from '../report/terminal.js';
import { renderTables } from '../report/table.js';
import { writeRunFiles } from '../report/write.js';
import { writeHtmlReport } from '../report/html/write.js';
import { writeFileAtomic } from '../io/files.js';
import type { RunConfig } from '../tourney/batch.js';
import { readCheckpoint, type Checkpoint } from '../tourney/run.js';
import type { Summary } from '../analysis/summary.js';
import { rotationSeatings } from '../stats/seatings.js';
import { defaultLineup, parseCount, runName } from './options.js';
import {
  type Stopper,
  executeRun,
  summarizeRun,
  finish as finishRun,
  installStopper,
  parseCommand,
  parseRunFlags,
  runCli,
  type RunFlags,
  checkResumeFlags,
  claimOutDir,
  newRunDir,
  writePageAndName,
} from './common.js';
import { commandOptions } from './run-args.js';
import { parseSweep, writeSweep } from './sweep.js';
import { runDealKey } from './deals.js';

/** The option table of `npm run tourney` (declarative; choices come from the registries). */
const options = commandOptions(
  'tourney',
  {
    bots: { type: 'string', describe: 'comma-separated line-up, one bot per seat (a name, name:key=value,..., or a bot file ./path/bot.js)' },
    games: { type: 'number', default: 10000, describe: 'games to play, rounded up to whole rotations of the line-up' },
  } as const,
  {
    sweep: {
      type: 'string',
      describe:
        'KEY=v1,v2,...: the same seeds under each value of one variant parameter; every key figure and balance table compared with the first value, row by row',
    },
  } as const,
);

/** The end of `--help`: every game with its variant parameters, every bot with its parameters' defaults (per game where they differ). */
function epilogue(): string {
  const lines = ['Games and their variant parameters:'];
  for (const id of gameIds()) {
    const g = getGame(id);
    lines.push(`  ${id} (${g.info.minPlayers}-${g.info.maxPlayers} players): ${g.info.params.map((p) => `${p.key} (${describeParam(p)})`).join(', ')}`);
  }
  lines.push('Bots:');
  for (const b of botKinds()) {
    const common = paramDefaults(b.params);
    lines.push(`  ${b.name}: ${b.doc}${common ? ` [${common}]` : ''}`);
    // A bot whose parameters differ by game (greedy's weights): one line per game that has its own.
    if (b.paramsFor === undefined) continue;
    for (const id of gameIds()) {
      const own = b.supports(id) ? paramDefaults(b.paramsFor(id)) : '';
      if (own !== '' && own !== common) lines.push(`    in ${id}: ${own}`);
    }
  }
  return lines.join('\n');
}

/** Parameters as `key=default, ...` (empty when there are none). */
function paramDefaults(params: readonly BotParam[]): string {
  return params.map((p) => `${p.key}=${p.default}`).join(', ');
}

/** What every run of one invocation shares. */
interface Plan {
  readonly game: AnyGame;
  readonly games: number;
  readonly flags: RunFlags;
  readonly seed: string;
  /** A keyed run's deal key (secret deals: a bot file plays, or `--deal-key`). */
  readonly dealKey?: string | undefined;
  readonly record: boolean;
  /** Write `games.csv`, one row per seat-game. */
  readonly gamesCsv: boolean;
  readonly startedAt: Date;
  readonly stop: AbortSignal;
  /** Bots whose choices depend on the clock (ms budgets): the run is not reproducible. */
  readonly clockBound: readonly string[];
  /** `--wide`: every table whole, with all its columns. */
  readonly wide: boolean;
}

/**
 * `npm run tourney -- --game ID [...]`: plays a tournament and prints and
 * writes its results. Returns the process exit code: 0 done, 2 bad input,
 * 130 / 143 stopped by SIGINT / SIGTERM (results so far are written).
 */
export async function main(argv: readonly string[]): Promise<number> {
  const args = await parseCommand(
    argv,
    'tourney',
    '$0 --game ID [--bots a,b,...] [--games N] [--seed S] [--workers W] [--variant k=v,...] [--sweep KEY=v1,v2,...] [--out DIR] [--record] [--move-timeout MS] [--on-fault forfeit|random] [--deal-key HEX] [--resume DIR] [--wide]',
    options,
    epilogue(),
  );
  if (args === null) return 0;
  const stopper = installStopper();
  const flags = parseRunFlags(args);
  const common = { flags, record: args.record, gamesCsv: args['games-csv'], startedAt: new Date(), stop: stopper.signal, wide: args.wide } as const;

  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    return resumeTourney(args.resume, common, stopper);
  }

  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  const game = getGame(args.game);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const { lineup, clockBound } = await tourneyLineup(game, args.bots, given, flags.botLoadMs);
  const seed = args.seed;
  const games = parseCount('--games', args.games, 1, 1e10);
  const plan: Plan = { ...common, game, games, seed, dealKey: runDealKey(args['deal-key'], lineup), clockBound };
  const out = args.out ?? newRunDir(runName(game.info.id, seed, plan.startedAt));
  claimOutDir(out, { force: args.force });
  const dir = resolve(out);

  if (args.sweep !== undefined) {
    const sweep = parseSweep(args.sweep, game);
    const sweepPlan: SweepPlan = {
      version: 1,
      gameId: game.info.id,
      key: sweep.key,
      games: plan.games,
      seed,
      ...(plan.dealKey !== undefined ? { dealKey: plan.dealKey } : {}),
      clockBound,
      runs: sweep.values.map((value) => {
        const g: Record<string, string | number> = { ...given, [sweep.key]: value };
        let runLineup = lineup;
        if (sweep.key === 'players') {
          if (args.bots !== undefined) throw new UsageError('--sweep players needs the default line-up: leave out --bots');
          runLineup = defaultLineup(game.info.id, Number(resolveGameVariant(game, g).players));
        }
        return { value, variant: resolveGameVariant(game, g), lineup: runLineup };
      }),
    };
    writeFileAtomic(join(dir, SWEEP_PLAN), `${JSON.stringify(sweepPlan, null, 2)}\n`);
    return runSweep(plan, sweepPlan, dir, stopper, false);
  }

  const r = await playAndReport(plan, resolveGameVariant(game, given), lineup, dir);
  return finish(r.summary, dir, stopper.received(), plan.record);
}

/** What every run of one invocation shares before its game and size are known: the flags, the files asked for, the clock, the stop signal. */
type Common = Omit<Plan, 'game' | 'games' | 'seed' | 'dealKey' | 'clockBound'>;

/**
 * Carries on a stopped tournament from its directory: a sweep from its
 * `sweep-plan.json` (each value's run resumed, replayed or read back), or one
 * run from its checkpoint.
 * @returns the exit code.
 * @throws UsageError when the directory holds another command's run or another version's sweep.
 */
async function resumeTourney(resume: string, common: Common, stopper: Stopper): Promise<number> {
  const { flags } = common;
  const dir = resolve(resume);
  claimOutDir(resume, { resume: true });
  if (existsSync(join(dir, SWEEP_PLAN)) && !existsSync(join(dir, 'checkpoint.json'))) {
    const sweepPlan = JSON.parse(readFileSync(join(dir, SWEEP_PLAN), 'utf8')) as SweepPlan;
    if (sweepPlan.version !== 1) throw new UsageError(`--resume ${resume}: ${SWEEP_PLAN} of another ninefold version`);
    const game = getGame(sweepPlan.gameId);
    const first = sweepPlan.runs[0]!;
    const cfg = existsSync(join(dir, `${sweepPlan.key}=${first.value}`, 'checkpoint.json'))
      ? readCheckpoint(join(dir, `${sweepPlan.key}=${first.value}`)).config
      : null;
    const plan: Plan = {
      ...common,
      flags: cfg ? { ...flags, onFault: cfg.onFault, moveTimeoutMs: cfg.moveTimeoutMs } : flags,
      record: cfg ? cfg.record : false,
      gamesCsv: cfg ? cfg.gamesCsv === true : false,
      game,
      games: sweepPlan.games,
      seed: sweepPlan.seed,
      dealKey: sweepPlan.dealKey,
      clockBound: sweepPlan.clockBound,
    };
    return runSweep(plan, sweepPlan, dir, stopper, true);
  }
  const cp: Checkpoint = readCheckpoint(dir);
  const game = getGame(cp.config.gameId);
  restoreBotLabels(cp.command?.options.labels);
  if (cp.command !== undefined && cp.command.name !== 'tourney')
    throw new UsageError(`--resume ${resume}: a ${cp.command.name} run; carry it on with npm run ${cp.command.name} -- --resume ${resume}`);
  const plan: Plan = {
    ...common,
    flags: { ...flags, onFault: cp.config.onFault, moveTimeoutMs: cp.config.moveTimeoutMs },
    game,
    games: cp.games,
    seed: cp.config.runSeed,
    dealKey: cp.config.dealKey,
    record: cp.config.record,
    clockBound: await clockBoundSpecs(cp.config.lineup, game),
  };
  const r = await playAndReport(plan, cp.config.variant, [...cp.config.lineup], dir, cp);
  return finish(r.summary, dir, stopper.received(), plan.record);
}

/**
 * The line-up of a new tournament: `--bots` validated (it sets `players`, and
 * its bots on a time budget are clock-bound), or without it greedy and random
 * alternating at the variant's table (`defaultLineup`).
 * @param given the parsed `--variant`; its `players` is set to the line-up's size.
 * @throws UsageError when a bot is bad or the line-up does not fit the table.
 */
async function tourneyLineup(
  game: AnyGame,
  bots: string | undefined,
  given: Record<string, string | number>,
  loadMs: number,
): Promise<{ lineup: string[]; clockBound: string[] }> {
  if (bots === undefined) return { lineup: defaultLineup(game.info.id, Number(resolveGameVariant(game, given).players)), clockBound: [] };
  const specs = await parseAndValidateLineup(bots, game, loadMs);
  const lineup = specs.map((s) => s.text);
  const P = lineup.length;
  if (given.players !== undefined && Number(given.players) !== P) {
    throw new UsageError(`--variant players=${String(given.players)} does not fit a line-up of ${P} bots`);
  }
  if (P < game.info.minPlayers || P > game.info.maxPlayers) {
    throw new UsageError(`${game.info.id} is for ${game.info.minPlayers}-${game.info.maxPlayers} players; the line-up has ${P} bots`);
  }
  given.players = P;
  return { lineup, clockBound: specs.filter((s) => !s.reproducible).map((s) => s.text) };
}

/** `sweep-plan.json`: what a sweep plays, written when it starts, so that `--resume DIR` carries the sweep on. */
const SWEEP_PLAN = 'sweep-plan.json';

/** A sweep's plan: the runs, one per value, each with its resolved variant and line-up. */
interface SweepPlan {
  readonly version: 1;
  readonly gameId: string;
  readonly key: string;
  readonly games: number;
  readonly seed: string;
  /** The sweep's deal key when its deals are secret: every value plays the same deals. */
  readonly dealKey?: string;
  readonly clockBound: readonly string[];
  readonly runs: readonly { readonly value: string; readonly variant: Variant; readonly lineup: string[] }[];
}

/**
 * Plays a sweep's runs in order and writes the comparison. On a resume, a
 * value whose run is complete is read back from its files, a stopped one is
 * resumed from its checkpoint, and the others are played. The comparison
 * prints first, each value's own tables after it (held until the sweep ends).
 */
async function runSweep(plan: Plan, sweep: SweepPlan, dir: string, stopper: Stopper, resume: boolean): Promise<number> {
  const runs: { value: string; summary: Summary; balance: BalanceReport }[] = [];
  // Each value's own tables wait until the comparison is printed: the comparison comes first.
  const held: string[] = [];
  const hold = (text: string): void => {
    held.push(text);
  };
  for (const p of sweep.runs) {
    const sub = join(dir, `${sweep.key}=${p.value}`);
    const done = resume && existsSync(join(sub, 'summary.json')) && existsSync(join(sub, 'balance.json'));
    const summary = done ? (JSON.parse(readFileSync(join(sub, 'summary.json'), 'utf8')) as Summary) : null;
    if (summary?.complete === true) {
      hold(`\n${wrapProse(`== ${sweep.key}=${p.value} == (complete, read from ${sub})`)}\n`);
      runs.push({ value: p.value, summary, balance: JSON.parse(readFileSync(join(sub, 'balance.json'), 'utf8')) as BalanceReport });
      continue;
    }
    hold(`\n== ${sweep.key}=${p.value} ==\n`);
    const cp = resume && existsSync(join(sub, 'checkpoint.json')) ? readCheckpoint(sub) : undefined;
    const r = await playAndReport(plan, p.variant, p.lineup, sub, cp, hold);
    // The sweep's own page needs every value: a stopped sweep prints what it played and names the page of the value it stopped in.
    if (!r.summary.complete) {
      process.stdout.write(held.join(''));
      return finishRun('tourney', false, r.summary.games, dir, stopper.received(), ' (a sweep: --resume carries on the sweep)', sub);
    }
    runs.push({ value: p.value, ...r });
  }
  process.stdout.write(`${wrapProse(writeSweep(sweep.key, runs, dir))}\n`);
  process.stdout.write(`${held.join('')}\nresults: ${dir}\n`);
  await writePageAndName(dir);
  return 0;
}

function finish(summary: Summary, dir: string, signal: NodeJS.Signals | null, record: boolean): number {
  return finishRun('tourney', summary.complete, summary.games, dir, signal, record ? ' (games.jsonl holds every game)' : '');
}

/** One run: play, print the tables and the balance report (to `write`, default stdout; `--wide`: every table whole), write the files. */
async function playAndReport(
  plan: Plan,
  variant: Variant,
  lineup: string[],
  dir: string,
  resume?: Checkpoint,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ summary: Summary; balance: BalanceReport }> {
  const config: RunConfig = {
    gameId: plan.game.info.id,
    variant,
    lineup,
    seatings: resume ? resume.config.seatings : rotationSeatings(lineup),
    runSeed: plan.seed,
    ...(plan.dealKey !== undefined ? { dealKey: plan.dealKey } : {}),
    record: plan.record,
    onFault: plan.flags.onFault,
    moveTimeoutMs: plan.flags.moveTimeoutMs,
    botMemoryMb: resume ? (resume.config.botMemoryMb ?? plan.flags.botMemoryMb) : plan.flags.botMemoryMb,
    botLoadMs: resume ? (resume.config.botLoadMs ?? plan.flags.botLoadMs) : plan.flags.botLoadMs,
    ...(resume ? (resume.config.gamesCsv ? { gamesCsv: true } : {}) : plan.gamesCsv ? { gamesCsv: true } : {}),
  };
  const run = await executeRun({
    game: plan.game,
    config,
    games: plan.games,
    flags: plan.flags,
    dir,
    stop: plan.stop,
    command: { name: 'tourney', options: { labels: tunedBotLabels() } },
    ...(resume ? { resume } : {}),
  });
  // Tables name a tuned bot by its tuned.json, not by its spec.
  const summary = await summarizeRun({
    game: plan.game,
    config,
    run,
    workers: plan.flags.workers,
    startedAt: plan.startedAt,
    labels: lineup.map(botLabel),
    clockBound: plan.clockBound,
  });
  const balance = buildBalance(summary, run.tally, plan.game.balance, run.balance, run.groups);
  writeRunFiles(summary, dir);
  writeBalanceFiles(balance, dir);
  // The page is built (on the renderer thread when the launcher started one) while the tables print.
  const page = writeHtmlReport(dir);
  // One seat table: the balance report's by position (seat numbers only when they differ from it).
  write(`${renderTables(summary, { wide: plan.wide, seats: false })}\n`);
  write(`${renderBalance(balance, { wide: plan.wide, seats: summary })}\n`);
  await page;
  return { summary, balance };
}

export { runCli };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
