/**
 * The spec of a bot's tuning (`npm run train -- --game G --bot SPEC`): the
 * setup and plan its command line means, as `train-state.json` keeps them.
 */
import { BotSpecError } from '../core/bot.js';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { botParamsFor, getBotKind, parseAndValidateLineup, resolveBotParams } from '../../bots/index.js';
import { gamesPerIteration } from '../train/evaluate.js';
import type { TrainPlan } from '../train/loop.js';
import { botDimensions, type Dimension, levelsOf, parseRanges } from '../train/space.js';
import { spsaDefaults } from '../train/spsa.js';
import { runDealKey } from './deals.js';
import { tableSeats } from './lineups.js';
import { parseCount, parseNumber } from './options.js';
import type { RunFlags } from './run-flags.js';
import { dealKeyField, keptFlags } from './train-run.js';
import type { TrainSetup } from '../results/train-state-file.js';
import type { Args } from './train-options.js';

/** What a bot's tuning starts from: the bot, its opponents, the table, the method and the objective, each checked. */
interface TuneStart {
  readonly start: Awaited<ReturnType<typeof parseAndValidateLineup>>[number];
  readonly opponents: string[];
  readonly variant: TrainSetup['variant'];
  readonly method: TrainPlan['method'];
  readonly objective: TrainSetup['objective'];
}

/**
 * The bot to tune, its opponents and the table, from the command line.
 * @throws UsageError with one line on bad input.
 */
async function tuneStart(args: Args, game: AnyGame, flags: RunFlags): Promise<TuneStart> {
  if (args.bot === undefined) throw new UsageError('train needs --bot (the bot to tune and its starting parameters), or --tune-rules');
  for (const f of ['bots', 'target'] as const) if (args.given.has(f)) throw new UsageError(`--${f} goes with --tune-rules`);
  const method = args.method ?? 'spsa';
  if (method !== 'spsa' && method !== 'ntbea') throw new UsageError(`--method must be spsa, ntbea or dmc, got '${method}'`);
  const objective = args.objective;
  if (objective !== 'win' && objective !== 'score') throw new UsageError(`--objective must be win or score, got '${objective}'`);
  const startSpecs = await parseAndValidateLineup(args.bot, game, flags.botLoadMs);
  if (startSpecs.length !== 1) throw new UsageError(`--bot takes one bot, got ${startSpecs.length}: '${args.bot}'`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const opponents = await tableSeats(game, args.opponents, given, 1, flags.botLoadMs);
  return { start: startSpecs[0]!, opponents, variant: resolveGameVariant(game, given), method, objective };
}

/**
 * The parameters tuned (`--tune`, `--range`): numeric ones for SPSA; for
 * NTBEA also choices, without those this game cannot build (`buildableChoices`).
 * @throws UsageError when SPSA is asked to tune a choice.
 */
function tuneDimensions(args: Args, game: AnyGame, s: TuneStart): Dimension[] {
  const kind = getBotKind(s.start.name);
  const resolved = resolveBotParams(kind, s.start.params, game.info.id);
  const keys =
    args.tune === undefined
      ? null
      : args.tune
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k !== '');
  const dims = botDimensions(botParamsFor(kind, game.info.id), resolved, keys, parseRanges(args.range));
  if (s.method === 'ntbea') return buildableChoices(dims, kind, resolved, game);
  const e = dims.find((d) => d.kind === 'enum');
  if (e) throw new UsageError(`SPSA tunes numeric parameters; ${e.key} is a choice: leave it out of --tune, or use --method ntbea`);
  return dims;
}

/**
 * The spec a bot tuning's command line means: the setup and the plan that
 * `train-state.json` keeps.
 * @throws UsageError with one line on bad input.
 */
export async function tuneSpec(args: Args, game: AnyGame, flags: RunFlags): Promise<{ setup: TrainSetup; plan: TrainPlan }> {
  const s = await tuneStart(args, game, flags);
  const { start, opponents, method } = s;
  const dims = tuneDimensions(args, game, s);
  const deals = parseCount('--deals', args.deals ?? '8', 2, 100_000);
  const budget = parseCount('--budget', args.budget, 1, 1e10);
  const P = Number(s.variant.players);
  const per = gamesPerIteration(method, P, deals);
  const iterations = Math.floor(budget / per);
  if (iterations < 1)
    throw new UsageError(
      `--budget ${budget} is less than one iteration (${per} games: ${deals} deals × ${method === 'spsa' ? `2 candidates × ${P} seats` : `${P} seats`})`,
    );
  const levels = method === 'ntbea' ? parseCount('--ntbea-levels', args['ntbea-levels'], 2, 100) : 0;
  const values = method === 'ntbea' ? dims.map((d) => levelsOf(d, levels)) : null;
  const plan: TrainPlan = {
    method,
    bot: start.name,
    given: start.params,
    dims,
    iterations,
    gamesPerIteration: per,
    spsa:
      method === 'spsa'
        ? {
            ...spsaDefaults(iterations),
            cEnd: parseNumber('--spsa-c', args['spsa-c'], 1e-4, 0.5),
            step: parseNumber('--spsa-step', args['spsa-step'], 1e-6, 1),
          }
        : null,
    ntbea:
      values !== null
        ? {
            levels: values.map((v) => v.length),
            k: parseNumber('--ntbea-k', args['ntbea-k'], 0, 100),
            neighbours: parseCount('--ntbea-neighbours', args['ntbea-neighbours'], 1, 100_000),
          }
        : null,
    values,
  };
  const setup: TrainSetup = {
    game: game.info.id,
    variant: s.variant,
    start: start.text,
    opponents,
    objective: s.objective,
    deals,
    seed: args.seed,
    ...dealKeyField(runDealKey(args['deal-key'], [start.text, ...opponents])),
    budget,
    verify: args.verify,
    verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
    flags: keptFlags(flags),
    rules: null,
  };
  return { setup, plan };
}

/**
 * The tuned dimensions without the choices of an enum that this game cannot
 * build (e.g. `rollout=nn` where the game has no shipped net), each left
 * out with one line on stderr saying why.
 * @throws UsageError when fewer than two choices of an enum remain.
 */
function buildableChoices(
  dims: Dimension[],
  kind: ReturnType<typeof getBotKind>,
  start: Readonly<Record<string, number | string>>,
  game: AnyGame,
): Dimension[] {
  return dims.map((d) => {
    if (d.kind !== 'enum') return d;
    const choices = d.choices.filter((c) => {
      try {
        kind.create({ ...start, [d.key]: c }, game);
        return true;
      } catch (e) {
        if (!(e instanceof BotSpecError)) throw e;
        process.stderr.write(`${d.key}=${c} left out of the tuning: ${e.message.split('\n')[0]}\n`);
        return false;
      }
    });
    if (choices.length < 2) throw new UsageError(`${d.key}: fewer than two of its choices can play ${game.info.id}; nothing to tune`);
    return { ...d, choices, start: choices.includes(d.start) ? d.start : choices[0]! };
  });
}
