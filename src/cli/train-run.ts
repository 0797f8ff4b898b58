/**
 * The parts every kind of training run shares (`npm run train`): what
 * `train-state.json` keeps (`TrainSetup`), the run flags it keeps, and the
 * loop that plays a run's iterations on one worker pool with a progress bar,
 * Ctrl-C handling and the state saved as it goes. The bot tuning
 * (`train-tune.ts`), the rules search (`train-rules.ts`) and the
 * verification (`train-verify.ts`) build on it.
 */
import '../games/index.js';
import type { BatchPlayer } from '../tourney/pool.js';
import type { Arena } from '../train/evaluate.js';
import { trainWith, type Evaluator, type TrainPlan, type TrainState } from '../train/loop.js';
import { writeCurve } from '../results/curve-file.js';
import { writePageAndName } from './run-dir.js';
import { faultConfig, openPlayer, type RunFlags } from './run-flags.js';
import { installStopper } from './stopper.js';
import { secretDealsLine } from '../report/table.js';
import { progressReporter } from './progress.js';
import { TRAIN_STATE_FILE, type TrainSetup, writeTrainState } from '../results/train-state-file.js';

/** `train-state.json` is rewritten when the time since its last write is this many times what that write took. */
export const STATE_SAVE_RATIO = 20;

/** The run flags a training run keeps in its state, to resume with them. */
export function keptFlags(f: RunFlags): TrainSetup['flags'] {
  return { onFault: f.onFault, moveTimeoutMs: f.moveTimeoutMs, botMemoryMb: f.botMemoryMb, botLoadMs: f.botLoadMs, watchdogMs: f.watchdogMs };
}

/** The run flags every game of a training run shares, and its deal key. */
export function runBase(setup: Pick<TrainSetup, 'flags' | 'dealKey'>): Arena['base'] {
  return { ...faultConfig(setup.flags), ...(setup.dealKey !== undefined ? { dealKey: setup.dealKey } : {}) };
}

/** The header's line of a training run with secret deals (the key stays in train-state.json until the end; train.json then has it). */
export function dealsLine(setup: TrainSetup): string {
  return setup.dealKey === undefined ? '' : `${secretDealsLine({}, TRAIN_STATE_FILE)}\n`;
}

/**
 * Plays a training run's remaining iterations on one worker pool, with a
 * progress bar, Ctrl-C handling and the state written after each iteration.
 * @returns the final state, or the exit code of a stopped run (130, 143).
 */
export async function iterate(
  flags: RunFlags,
  setup: TrainSetup,
  plan: TrainPlan,
  state: TrainState,
  dir: string,
  evaluator: (pool: BatchPlayer, stop: AbortSignal, onGames: (games: number) => void) => Evaluator,
): Promise<TrainState | number> {
  const stopper = installStopper();
  const pool = await openPlayer(flags);
  const progress = progressReporter();
  const total = plan.iterations * plan.gamesPerIteration;
  let done = state.games;
  const onGames = (g: number): void => progress.update(done + g, total, `iteration ${Math.round(done / plan.gamesPerIteration) + 1}/${plan.iterations}`);
  let result: { state: TrainState; complete: boolean };
  // train-state.json holds the whole curve, so a run of thousands of short iterations that
  // rewrote it after each one spent much of its time writing. It is written after an
  // iteration when the time since the last write is at least STATE_SAVE_RATIO times what
  // that write took (writing takes at most about 1/STATE_SAVE_RATIO of the run), and once
  // more at the end. A run killed outright replays the iterations since on --resume,
  // with the same results.
  let savedAt = 0;
  let saveCost = 0;
  const saveState = (s: TrainState): void => {
    const t0 = performance.now();
    writeTrainState(dir, { setup, plan, state: s });
    savedAt = performance.now();
    saveCost = savedAt - t0;
  };
  try {
    result = await trainWith(plan, evaluator(pool, stopper.signal, onGames), state, (s) => {
      done = s.games;
      if (performance.now() - savedAt >= STATE_SAVE_RATIO * saveCost) saveState(s);
      if (s.iteration % 10 === 0) writeCurve(dir, plan, s);
    });
  } finally {
    progress.stop();
    await pool.close();
  }
  saveState(result.state);
  writeCurve(dir, plan, result.state);
  stopper.dispose();
  if (result.complete) return result.state;
  process.stderr.write(
    `ninefold: stopped after ${result.state.iteration} of ${plan.iterations} iterations (${result.state.games} games; the games of the iteration in progress are played again); carry on with: npm run train -- --resume ${dir}\n`,
  );
  // The page of what is there so far (train-state.json and the curve).
  await writePageAndName(dir);
  return stopper.received() === 'SIGTERM' ? 143 : 130;
}

/** `{ dealKey }` for a training run with secret deals, `{}` otherwise. */
export function dealKeyField(dealKey: string | undefined): { dealKey?: string } {
  return dealKey === undefined ? {} : { dealKey };
}
