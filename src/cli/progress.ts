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

/**
 * Default milliseconds between two progress lines off a terminal. The promise
 * is a line at least every 10 s; a timer of exactly 10 s drifts past it (10.25 s
 * measured between two lines of `train --tune-rules` on a loaded machine).
 */
export const PROGRESS_INTERVAL_MS = 9_500;
/**
 * The environment variable that sets the milliseconds between progress lines
 * off a terminal (a positive integer; otherwise the default). Meant for tests,
 * which cannot wait 10 s, and for anyone who wants a denser log.
 */
export const PROGRESS_INTERVAL_ENV = 'NINEFOLD_PROGRESS_MS';
/** Most characters of a progress line off a terminal (the terminal output's width, issue #30 item 4). */
export const PROGRESS_LINE_MAX = 120;
/** How long a run is measured, from its first finished game, before its cost is estimated. */
export const ESTIMATE_AFTER_MS = 5_000;
/** A run estimated to take longer than this many seconds in all gets the estimate line. */
export const ESTIMATE_OVER_S = 60;
/** ... unless less than this many seconds are left to play when that shows (a late estimate of the last seconds says nothing). */
export const ESTIMATE_LEFT_S = 30;

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
 * Milliseconds between two progress lines off a terminal: `NINEFOLD_PROGRESS_MS`
 * when it is a positive integer, else `PROGRESS_INTERVAL_MS` (9.5 s).
 * @param env the environment to read (default `process.env`).
 */
export function progressIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env[PROGRESS_INTERVAL_ENV];
  const ms = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(ms) && ms > 0 ? ms : PROGRESS_INTERVAL_MS;
}

/** A duration in words for a person: "45 s", "3 min 05 s", "2 h 05 min". */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  const m = Math.round(s / 60);
  if (m < 48 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.round(m / 1440)} days`;
}

/** Games per second with two significant figures below 10 ("0.073", "4.2"), whole above. */
export function rateText(rate: number): string {
  if (!Number.isFinite(rate) || rate <= 0) return '0';
  return rate >= 10 ? String(Math.round(rate)) : String(Number(rate.toPrecision(2)));
}

/** Control sequences (colours, cursor moves) a status text might carry: a line off a terminal is plain text. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[ -/]*[@-~]`, 'g');

/** `head` then ` · status`, cut with "…" to `PROGRESS_LINE_MAX` characters, without ANSI codes. */
export function fitLine(head: string, status: string | undefined): string {
  const line = (status ? `${head} · ${status}` : head).replace(ANSI, '').replace(/[\r\n]+/g, ' ');
  return line.length <= PROGRESS_LINE_MAX ? line : `${line.slice(0, PROGRESS_LINE_MAX - 1)}…`;
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
