/**
 * `npm run train`: tunes a bot's parameters (`train-tune.ts`), a game's rules
 * (`train-rules.ts`) or learns a network (`train-dmc.ts`); the command line
 * is read here, and `--resume` reads a stopped run's spec from its
 * `train-state.json` and runs it again.
 */
import { pathToFileURL } from 'node:url';
import '../games/index.js';
import { UsageError } from '../core/errors.js';
import { getGame } from '../core/registry.js';
import { checkResumeFlags, parseCommand, runCli } from './common.js';
import { claimResumeDir } from './run-dir.js';
import { parseRunFlags, type RunFlags } from './run-flags.js';
import { rulesMain, rulesRun } from './train-rules.js';
import { dmcMain } from './train-dmc.js';
import { dmcRun } from './train-dmc-run.js';
import { type Args, DMC_ONLY_OPTIONS, EXIT_ONLY_OPTIONS, NET_OPTIONS, options } from './train-options.js';
import { exitMain } from './train-exit.js';
import { exitRun } from './train-exit-run.js';
import { readTrainState } from '../results/train-state-file.js';
import { tuneMain, tuneRun } from './train-tune.js';

/**
 * `npm run train -- --game G --bot SPEC [...]`: tunes the bot's parameters
 * against fixed opponents by SPSA or NTBEA, writes the learning curve and
 * `tuned.json`, then checks the tuned bot against the starting one by a
 * `match --sprt` on held-out seeds; or, with `--tune-rules`, searches the
 * game's rules; or, with `--method dmc` or `exit`, learns a network. Returns the exit code.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const args = await parseCommand(
    argv,
    'train',
    '$0 --game ID --bot SPEC [--tune k1,k2] [--range k=min:max] [--opponents x,y] [--method spsa|ntbea|dmc|exit] [--budget GAMES] [--deals N] [--seed S] [--workers W] [--out DIR] [--deal-key HEX] [--resume DIR] [--wide]',
    options,
    'Every candidate of an iteration plays the same deals, in every seat, against the same opponents (duplicate deals, common random numbers); the fitness is its win share (or score) per seat-game with an interval over the deals. SPSA moves all parameters at once from paired games of two perturbed candidates; NTBEA searches a grid of levels with a bandit model of 1-, 2- and N-tuples.',
  );
  if (args === null) return 0;
  const flags = parseRunFlags(args);
  if (args.resume !== undefined) {
    checkResumeFlags(args.given);
    return resumeTraining(args.resume, flags, argv);
  }
  if (args.game === undefined) throw new UsageError('Missing required argument: game');
  const game = getGame(args.game);
  refuseOtherMethods(args);
  if (args.method === 'dmc') return dmcMain(args, game, flags, argv);
  if (args.method === 'exit') return exitMain(args, game, flags, argv);
  if (args['tune-rules'] !== undefined) return rulesMain(args, game, flags);
  return tuneMain(args, game, flags, argv);
}

/**
 * Refuses an option of another method than the one asked for (one line), rather than ignoring it.
 * @throws UsageError naming the option and the method it goes with.
 */
function refuseOtherMethods(args: Args): void {
  const learns = args.method === 'dmc' || args.method === 'exit';
  const net = NET_OPTIONS.find((f) => args.given.has(f));
  if (!learns && net !== undefined) throw new UsageError(`--${net} goes with --method dmc or exit (they learn a network)`);
  const dmc = DMC_ONLY_OPTIONS.find((f) => args.given.has(f));
  if (args.method !== 'dmc' && dmc !== undefined) throw new UsageError(`--${dmc} goes with --method dmc`);
  const exit = EXIT_ONLY_OPTIONS.find((f) => args.given.has(f));
  if (args.method !== 'exit' && exit !== undefined) throw new UsageError(`--${exit} goes with --method exit`);
}

/**
 * Carries on a stopped training run: reads its spec and state from
 * `train-state.json` and runs it with the run flags it started with
 * (this session's workers, queue and `--wide`).
 * @throws UsageError when the directory holds no training run.
 */
async function resumeTraining(resume: string, flags: RunFlags, argv: readonly string[]): Promise<number> {
  const dir = claimResumeDir(resume);
  const saved = readTrainState(dir, resume);
  const game = getGame(saved.setup.game);
  const played = { ...flags, ...saved.setup.flags };
  if (saved.kind === 'dmc') return dmcRun(game, played, saved.setup, saved.plan, saved.state, dir);
  if (saved.kind === 'exit') return exitRun(game, played, saved.setup, saved.plan, saved.state, dir);
  if (saved.setup.rules) return rulesRun(game, played, saved.setup, saved.plan, saved.state, dir);
  return tuneRun(game, played, saved.setup, saved.plan, saved.state, dir, argv);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void runCli(main);
