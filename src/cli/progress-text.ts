/** The cadence and the words of the progress display (`progress.ts`): its intervals and limits, durations, rates, and a line cut to fit. */

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
