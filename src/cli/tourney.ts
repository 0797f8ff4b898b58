/**
 * `npm run tourney`: plays a line-up in every rotation of its seats and
 * prints and writes its results, or one run per value of a `--sweep`
 * (`sweep-run.ts`). Its option table, the spec its command line means
 * (`TourneySpec`, `SweepSpec`), and the run of one spec.
 */
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import type { BotParam } from '../core/bot.js';
import { UsageError } from '../core/errors.js';
import { gameIds, getGame } from '../core/registry.js';
import { describeParam, parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { botKinds } from '../../bots/index.js';
import { checkResumeFlags, parseCommand, runCli } from './common.js';
import { tourneyLineup } from './lineups.js';
import { runName } from './options.js';
import { commandOptions } from './run-args.js';
import { claimNewDir } from './run-dir.js';
import { parseRunFlags, playedFields, type RunFlags } from './run-flags.js';
import type { SweepSpec, TourneySpec } from './run-spec.js';
import { installStopper } from './stopper.js';
import { resumeTourney, startSweep, sweepSpec } from './sweep-run.js';
import { finishTourney, playTourney, type Session } from './tourney-run.js';

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

/** The parsed command line of `tourney`. */
type Args = NonNullable<Awaited<ReturnType<typeof parseCommand<typeof options>>>>;

/**
 * The spec a `tourney` command line means: the line-up validated (or the
 * default one), the variant resolved, the deal key chosen; with `--sweep`,
 * one such spec per value (`sweepSpec`).
 * @throws UsageError with one line on bad input.
 */
async function tourneySpec(args: Args, flags: RunFlags): Promise<TourneySpec | SweepSpec> {
  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  const game = getGame(args.game);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const lineup = await tourneyLineup(game, args.bots, given, flags.botLoadMs);
  const spec: TourneySpec = {
    kind: 'tourney',
    game: game.info.id,
    variant: resolveGameVariant(game, given),
    ...playedFields(
      args,
      flags,
      lineup.map((e) => e.bot),
    ),
    lineup,
  };
  return args.sweep === undefined ? spec : sweepSpec(spec, game, given, args.sweep, args.bots !== undefined);
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
  const session: Session = { flags: parseRunFlags(args), stopper: installStopper(), startedAt: new Date() };
  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    return resumeTourney(args.resume, session);
  }
  const spec = await tourneySpec(args, session.flags);
  const first = spec.kind === 'sweep' ? spec.runs[0]!.spec : spec;
  const dir = claimNewDir(args.out, runName(first.game, first.seed, session.startedAt), args.force);
  if (spec.kind === 'sweep') return startSweep(spec, dir, session);
  const r = await playTourney(spec, dir, session);
  return finishTourney(spec, r.summary, dir, session);
}

export { runCli };

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
