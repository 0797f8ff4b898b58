/**
 * How a long run talks while it plays (issue #30, "Long runs talk"): every
 * command that plays many games (`tourney` and its sweeps, `match`, `rate`,
 * `train` by every method) reports through one `Progress`.
 *
 * - On a terminal (stderr is a TTY): a progress bar (cli-progress) on stderr.
 * - Off a terminal (`> log`, a pipe, CI): a plain line (no ANSI codes, at most
 *   `PROGRESS_LINE_MAX` characters) every `PROGRESS_INTERVAL_MS`: games done of
 *   the total, games/s, time so far and ETA. It goes to stdout when stdout is
 *   not a terminal (so `npm run train -- ... > log` logs it), else to stderr
 *   when that is not one. A run shorter than one interval writes none. Work
 *   that holds the thread longer than an interval (a learner's steps) calls
 *   `pulse`, as no timer fires there.
 * - `ESTIMATE_AFTER_MS` after its first finished game (at once when that game
 *   ends later than that: slow bots), if the run will take more than
 *   `ESTIMATE_OVER_S` in all, one line with the estimate and what it was
 *   measured on, on both (later, once, if the games grow longer).
 *
 * A display only: it reads counts the run hands it and never feeds anything
 * back, so the same seed gives byte-identical result files with or without it.
 */
import { ProgressDisplay } from './progress-display.js';

export {
  durationText,
  ESTIMATE_AFTER_MS,
  ESTIMATE_LEFT_S,
  ESTIMATE_OVER_S,
  fitLine,
  PROGRESS_INTERVAL_ENV,
  PROGRESS_INTERVAL_MS,
  PROGRESS_LINE_MAX,
  progressIntervalMs,
  rateText,
} from './progress-text.js';

/** A progress display for long runs: games done, games/s, ETA. */
export interface Progress {
  /**
   * Games done (merged into the results), games planned and an optional status
   * text (e.g. the SPRT's LLR, the iteration); the status stays until the next `update`.
   */
  readonly update: (done: number, total: number, status?: string) => void;
  /**
   * Games finished so far, those still inside batches in play included (read
   * from the workers' heartbeats between two merges), and games planned: moves
   * the count, keeps the status.
   */
  readonly played: (done: number, total: number) => void;
  /**
   * Writes the line off a terminal now if an interval has passed since the last one: for work that holds
   * the thread longer than an interval, so the timer cannot fire (a learner's steps, between them).
   */
  readonly pulse: () => void;
  /** Ends the display (the bar is cleared; off a terminal a last line if any was written). Call it once the run has played. */
  readonly stop: () => void;
}

/** A stream progress writes to: stdout, stderr, or a test's stand-in. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** What `progressReporter` writes to and when; every field has a default (tests set them). */
export interface ProgressOptions {
  /** Default `process.stdout`. */
  readonly stdout?: ProgressStream;
  /** Default `process.stderr`; the bar is drawn here when it is a terminal. */
  readonly stderr?: ProgressStream;
  /** Milliseconds between two lines off a terminal; default `progressIntervalMs()`. */
  readonly intervalMs?: number;
  /** Milliseconds measured from the first finished game before the estimate; default `ESTIMATE_AFTER_MS`. */
  readonly estimateAfterMs?: number;
  /** The run may end before its planned games (a `match --sprt`): the estimate says "at most". */
  readonly atMost?: boolean;
}

/**
 * The progress display of one run (see the module's header): a bar on a
 * terminal, plain lines every `intervalMs` off one, and the estimate line of
 * a run that will take more than a minute. Rates count this session's games
 * (a resumed run's earlier ones are not), timed from the first finished game.
 * @param opts streams and timings (defaults: the process's streams, `progressIntervalMs()`).
 * @returns the display; `stop` it when the run ends (its timer never keeps the process alive).
 */
export function progressReporter(opts: ProgressOptions = {}): Progress {
  return new ProgressDisplay(opts);
}
