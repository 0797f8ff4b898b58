/**
 * `npm run train -- --tune-rules k1,k2`: the NTBEA search over a game's variant
 * parameters toward a target (`src/train/rules.ts`), and the confirmation of
 * its best settings on held-out seeds.
 */
import { resolve } from 'node:path';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import { parseVariantSpec, resolveGameVariant } from '../core/variant.js';
import { writeRulesFiles } from '../results/rules-file.js';
import { pct } from '../report/terminal-format.js';
import { fitTable, printProse, tableWidth } from '../report/terminal.js';
import { formatP } from '../stats/test-phrases.js';
import type { BatchPlayer } from '../tourney/pool.js';
import { initialState, type TrainPlan, type TrainState } from '../train/loop.js';
import { ntbeaRanked } from '../train/ntbea.js';
import { confirmRules, RULE_TARGETS, ruleDimensions, rulesEvaluator, type RuleConfirmation, type RuleTarget, type RulesArena } from '../train/rules.js';
import { rotationSeatings } from '../stats/seatings.js';
import { levelsOf, parseRanges, pointParams, startPoint } from '../train/space.js';
import { tableSeats } from './lineups.js';
import { claimOutDir, newRunDir, writePageAndName } from './run-dir.js';
import { openPlayer, type RunFlags } from './run-flags.js';
import { installStopper } from './stopper.js';
import { parseCount, runName } from './options.js';
import { runDealKey } from './deals.js';
import { progressReporter } from './progress.js';
import { writeTrainState, type TrainSetup } from '../results/train-state-file.js';
import { dealKeyField, dealsLine, iterate, keptFlags, runBase } from './train-run.js';
import { parseNumber } from './options.js';
import type { Args } from './train-options.js';

/**
 * `npm run train -- --tune-rules k1,k2 [--target seat-fair] [--bots x,y,...]`:
 * sets up an NTBEA search over the game's variant parameters (`src/train/rules.ts`).
 */
export async function rulesMain(args: Args, game: AnyGame, flags: RunFlags): Promise<number> {
  if (args.given.has('bot') || args.given.has('opponents') || args.given.has('tune'))
    throw new UsageError('--tune-rules tunes the rules: give the line-up with --bots, not --bot, --opponents or --tune');
  if (args.method !== undefined && args.method !== 'ntbea')
    throw new UsageError(
      `--tune-rules searches with NTBEA (a variant changes the deal, so two rule sets cannot be paired as SPSA needs); got --method ${args.method}`,
    );
  const target = args.target;
  if (!(RULE_TARGETS as readonly string[]).includes(target)) throw new UsageError(`--target must be one of ${RULE_TARGETS.join(', ')}, got '${target}'`);
  const given: Record<string, string | number> = parseVariantSpec(args.variant);
  const lineup = await tableSeats(game, args.bots, given, 0, flags.botLoadMs);
  const variant = resolveGameVariant(game, given);
  const keys = args['tune-rules']!.split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length === 0) throw new UsageError('--tune-rules needs at least one variant parameter');
  const dims = ruleDimensions(game, variant, keys, parseRanges(args.range));
  const deals = parseCount('--deals', args.deals ?? '100', 2, 100_000);
  const budget = parseCount('--budget', args.budget, 1, 1e10);
  const per = deals * rotationSeatings(lineup).length;
  const iterations = Math.floor(budget / per);
  if (iterations < 1) throw new UsageError(`--budget ${budget} is less than one iteration (${per} games: ${deals} deals × ${per / deals} seatings)`);
  const levels = parseCount('--ntbea-levels', args['ntbea-levels'], 2, 100);
  // Every integer of a short range is a level of its own.
  const values = dims.map((d) =>
    d.kind === 'int' && d.max - d.min < 16 ? Array.from({ length: d.max - d.min + 1 }, (_, i) => d.min + i) : levelsOf(d, levels),
  );
  const plan: TrainPlan = {
    method: 'ntbea',
    bot: '',
    given: {},
    dims,
    iterations,
    gamesPerIteration: per,
    spsa: null,
    ntbea: {
      levels: values.map((v) => v.length),
      k: parseNumber('--ntbea-k', args['ntbea-k'], 0, 100),
      neighbours: parseCount('--ntbea-neighbours', args['ntbea-neighbours'], 1, 100_000),
    },
    values,
  };
  const setup: TrainSetup = {
    game: game.info.id,
    variant,
    start: '',
    opponents: [],
    objective: 'win',
    deals,
    seed: args.seed,
    ...dealKeyField(runDealKey(args['deal-key'], lineup)),
    budget,
    verify: args.verify,
    verifyGames: parseCount('--verify-games', args['verify-games'], 2, 1e10),
    flags: keptFlags(flags),
    rules: { target: target as RuleTarget, lineup },
  };
  const state = initialState(plan);
  const out = args.out ?? newRunDir(runName(`${game.info.id}-rules`, args.seed, new Date()));
  claimOutDir(out, { force: args.force });
  const dir = resolve(out);
  writeTrainState(dir, { setup, plan, state });
  return rulesRun(game, flags, setup, plan, state, dir);
}

/** The arena every game of a rules search is played in: the line-up, the variant searched from, the deals, the pool. */
function rulesArena(game: AnyGame, flags: RunFlags, setup: TrainSetup, plan: TrainPlan) {
  const rules = setup.rules!;
  return (pool: BatchPlayer, stop?: AbortSignal, onGames?: (g: number) => void): RulesArena => ({
    game,
    base: setup.variant,
    dims: plan.dims,
    lineup: rules.lineup,
    deals: setup.deals,
    seed: setup.seed,
    workers: flags.workers,
    pool,
    watchdogMs: flags.watchdogMs,
    flags: runBase(setup),
    ...(stop ? { stop } : {}),
    ...(onGames ? { onGames } : {}),
  });
}

/** Runs (or resumes) a rules search, then measures the best settings and the starting ones again on held-out seeds. */
export async function rulesRun(game: AnyGame, flags: RunFlags, setup: TrainSetup, plan: TrainPlan, start: TrainState, dir: string): Promise<number> {
  const rules = setup.rules!;
  printProse(
    `${game.info.id} · tune rules toward ${rules.target} by NTBEA · seed ${setup.seed} · ${plan.iterations} iterations × ${plan.gamesPerIteration} games (${setup.deals} deals)\n${dealsLine(setup)}bots: ${rules.lineup.join(', ')} · tuning ${plan.dims.map((d, i) => `${d.key} (${plan.values![i]!.join('|')})`).join(', ')}\n`,
  );
  const arena = rulesArena(game, flags, setup, plan);
  const ran = await iterate(flags, setup, plan, start, dir, (pool, stop, onGames) => rulesEvaluator(arena(pool, stop, onGames)));
  if (typeof ran === 'number') return ran;
  const stopper = installStopper();
  const confirmed = await confirmBest(arena, flags, setup, plan, ran, stopper.signal);
  stopper.dispose();
  if (confirmed === null) {
    process.stderr.write(`ninefold: stopped while measuring the best settings again; carry on with: npm run train -- --resume ${dir}\n`);
    await writePageAndName(dir);
    return stopper.received() === 'SIGTERM' ? 143 : 130;
  }
  confirmed.sort((a, b) => a.gap.value - b.gap.value);
  printConfirmed(confirmed, plan, rules.target, flags);
  const { target, lineup } = rules;
  const file = {
    game: setup.game,
    target,
    lineup,
    variant: setup.variant,
    seed: `${setup.seed}-confirm`,
    ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}),
    settings: confirmed,
  };
  writeRulesFiles(
    dir,
    file,
    plan.dims.map((d) => d.key),
  );
  await writePageAndName(dir);
  return 0;
}

/**
 * The three best settings by the search's model, and the starting ones,
 * measured again on the same held-out seed (`confirmRules`).
 * @returns their measurements, or null when stopped.
 */
async function confirmBest(
  arena: ReturnType<typeof rulesArena>,
  flags: RunFlags,
  setup: TrainSetup,
  plan: TrainPlan,
  state: TrainState,
  stop: AbortSignal,
): Promise<RuleConfirmation[] | null> {
  const ranked = ntbeaRanked(state.ntbea!).slice(0, 3);
  const points = ranked.map((r) => plan.dims.map((_, i) => plan.values![i]![r.point[i]!]!));
  const startPt = startPoint(plan.dims);
  if (!points.some((p) => p.every((x, i) => x === startPt[i]))) points.push([...startPt]);
  const seatings = rotationSeatings(setup.rules!.lineup).length;
  const confirmDeals = Math.max(2, Math.ceil(setup.verifyGames / seatings));
  printProse(`\nMeasuring the ${points.length} settings again on held-out seed ${setup.seed}-confirm (${confirmDeals} deals each)...\n`);
  const pool = await openPlayer(flags);
  const progress = progressReporter();
  const confirmTotal = points.length * confirmDeals * seatings;
  try {
    return await confirmRules(arena(pool, stop), points, confirmDeals, (g) =>
      progress.update(g, confirmTotal, `setting ${Math.min(points.length, Math.floor(g / (confirmDeals * seatings)) + 1)}/${points.length}`),
    );
  } finally {
    progress.stop();
    await pool.close();
  }
}

/** Prints the measured settings, closest to the target first, with their intervals, and which are not separated from the closest. */
function printConfirmed(confirmed: readonly RuleConfirmation[], plan: TrainPlan, target: RuleTarget, flags: RunFlags): void {
  const startKey = JSON.stringify(pointParams(plan.dims, startPoint(plan.dims)));
  const rows: string[][] = [];
  for (const c of confirmed) {
    const label = JSON.stringify(c.params) === startKey ? ' (start)' : '';
    rows.push([
      ...plan.dims.map((d, i) => `${String(c.params[d.key])}${i === 0 ? label : ''}`),
      pct(c.gap.value),
      `${pct(c.gap.ci95[0])} – ${pct(c.gap.ci95[1])}`,
      `${c.best} / ${c.worst}`,
      Number.isFinite(c.test.pValue) ? formatP(c.test.pValue) : 'n/a',
      String(c.deals),
    ]);
  }
  const best = confirmed[0]!;
  const overlapping = confirmed.slice(1).filter((c) => c.gap.ci95[0] <= best.gap.ci95[1]).length;
  const head = [...plan.dims.map((d) => d.key), 'largest seat gap', '95% interval', 'seats (best/worst)', 'equal seats: p', 'deals'];
  process.stdout.write(`${fitTable(head, rows, { width: tableWidth(flags), keys: plan.dims.length })}\n`);
  printProse(
    `Largest seat gap: the win share per seat-game of the best seat less the worst's, on the same held-out deals for every setting (95% interval with the deal as the unit, from simultaneous Bonferroni intervals of every pair of seats: it holds 0 when no pair is resolved, and accounts for picking the extreme seats); "equal seats": the randomization test (seat labels permuted within each deal) that every seat wins equally often, the deal as the unit. Each setting is played on its own cards (a rule changes the deal), so settings are compared by their intervals, not paired.\nClosest to ${target}: ${Object.entries(
      best.params,
    )
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(
        ',',
      )} (gap ${pct(best.gap.value)}, ${pct(best.gap.ci95[0])} – ${pct(best.gap.ci95[1])})${overlapping > 0 ? `; ${overlapping} other setting${overlapping > 1 ? 's' : ''} within its interval, so not separated from ${overlapping > 1 ? 'them' : 'it'}` : ''}.\n`,
  );
}
