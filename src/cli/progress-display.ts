/**
 * The progress display of one run (`progressReporter`, see `progress.ts`'s
 * header): the counts it is handed, the rate and ETA, the lines off a
 * terminal, the bar on one, and the estimate line once.
 */
import { type Bar, newBar } from './progress-bar.js';
import type { Progress, ProgressOptions, ProgressStream } from './progress.js';
import { durationText, ESTIMATE_AFTER_MS, ESTIMATE_LEFT_S, ESTIMATE_OVER_S, fitLine, progressIntervalMs, rateText } from './progress-text.js';

/** A progress display (`Progress`); its methods are properties, so a caller may pass `pulse` on alone. */
export class ProgressDisplay implements Progress {
  private readonly intervalMs: number;
  private readonly estimateAfterMs: number;
  private readonly atMost: boolean;
  /** Plain lines go where a log is kept: stdout when it is redirected, else stderr when that is. */
  private readonly lines: ProgressStream | null;
  private readonly bar: Bar | null;
  private readonly start = Date.now();
  /** Games done when the first report came (a resumed run's earlier ones): rates count this session's. */
  private base: number | null = null;
  private done = 0;
  private total = 0;
  private status: string | undefined;
  private wrote = false;
  private estimated = false;
  private stopped = false;
  /**
   * The first report with a finished game: rates are timed from there on, so the start (threads, bots
   * built, the first games of every worker) does not count as if every game took as long.
   */
  private first: { readonly at: number; readonly done: number } | null = null;
  /** A line every intervalMs from the last one, whether the timer or a pulse wrote it. */
  private lastLineAt = this.start;
  private timer: NodeJS.Timeout | null = null;

  constructor(opts: ProgressOptions) {
    const stdout = opts.stdout ?? process.stdout;
    const stderr = opts.stderr ?? process.stderr;
    this.intervalMs = opts.intervalMs ?? progressIntervalMs();
    this.estimateAfterMs = opts.estimateAfterMs ?? ESTIMATE_AFTER_MS;
    this.atMost = opts.atMost === true;
    this.lines = stdout.isTTY !== true ? stdout : stderr.isTTY !== true ? stderr : null;
    this.bar = stderr.isTTY === true ? newBar(stderr) : null;
    if (this.lines !== null) this.arm();
  }

  readonly update = (d: number, t: number, s?: string): void => {
    this.advance(d, t);
    this.status = s;
    this.show();
  };

  readonly played = (d: number, t: number): void => {
    this.advance(d, t);
    this.show();
  };

  readonly pulse = (): void => {
    if (this.lines !== null && !this.stopped && Date.now() - this.lastLineAt >= this.intervalMs) this.writeLine();
  };

  readonly stop = (): void => {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.bar?.stop();
    if (this.wrote && this.lines !== null)
      this.lines.write(
        `${fitLine(`progress: ${this.done}/${this.total} games in ${durationText(this.elapsedS())} (${rateText(this.rate())} games/s)`, undefined)}\n`,
      );
  };

  private elapsedS(): number {
    return (Date.now() - this.start) / 1000;
  }

  /**
   * Games per second: of fast games (the first ended within `estimateAfterMs`), since the first finished
   * game, once a second of that has passed; of slow ones over the whole session, start-up included
   * (a small part of their time, and a few games since the first one would make a noisy rate).
   */
  private rate(): number {
    if (this.base === null) return 0;
    const first = this.first;
    const since = first === null ? 0 : (Date.now() - first.at) / 1000;
    if (first !== null && first.at - this.start <= this.estimateAfterMs && since >= 1 && this.done > first.done) return (this.done - first.done) / since;
    return (this.done - this.base) / Math.max(0.001, this.elapsedS());
  }

  private eta(): string {
    const r = this.rate();
    return r > 0 ? durationText((this.total - this.done) / r) : 'unknown until a game ends';
  }

  private line(): string {
    const pct = this.total > 0 ? ` (${Math.floor((100 * this.done) / this.total)}%)` : '';
    return fitLine(
      `progress: ${this.done}/${this.total} games${pct} · ${rateText(this.rate())} games/s · ${durationText(this.elapsedS())} so far · ETA ${this.eta()}`,
      this.status,
    );
  }

  private writeLine(): void {
    if (this.lines === null || this.stopped) return;
    this.lines.write(`${this.line()}\n`);
    this.wrote = true;
    this.lastLineAt = Date.now();
    this.arm();
  }

  private arm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.writeLine(), Math.max(0, this.lastLineAt + this.intervalMs - Date.now()));
    this.timer.unref();
  }

  /**
   * What the estimate is measured on, once it can be: games that end within `estimateAfterMs` of the
   * start are fast, and measured on the games finished since the first one ended, once
   * `estimateAfterMs` have passed, leaving out the start-up; slower games (the first ends later: a
   * search bot) are measured on all the games, start-up included (a small part of their time), from
   * the first one on.
   * @returns games, seconds and the words for them; null while nothing can be measured yet.
   */
  private measured(): { games: number; seconds: number; how: string } | null {
    const first = this.first;
    if (first === null || this.base === null) return null;
    if (first.at - this.start > this.estimateAfterMs) {
      const games = this.done - this.base;
      const seconds = this.elapsedS();
      return { games, seconds, how: `the first ${games} game${games === 1 ? '' : 's'} in ${durationText(seconds)} incl. start-up` };
    }
    if (this.done <= first.done || Date.now() - first.at < this.estimateAfterMs) return null;
    const games = this.done - first.done;
    const seconds = (Date.now() - first.at) / 1000;
    return { games, seconds, how: `${games} games in ${durationText(seconds)}, after ${durationText((first.at - this.start) / 1000)} warm-up` };
  }

  /**
   * The estimate, once, at the first report where the run will take over `ESTIMATE_OVER_S` in all
   * with at least `ESTIMATE_LEFT_S` still to play (checked at every report: a run whose games grow
   * longer, as a rules search trying more rounds, gets it when that shows).
   */
  private estimate(): void {
    if (this.estimated) return;
    const m = this.measured();
    if (m === null) return;
    const r = m.games / m.seconds;
    const left = this.total - this.done;
    if (this.elapsedS() + left / r <= ESTIMATE_OVER_S || left / r < ESTIMATE_LEFT_S) return;
    this.estimated = true;
    const text = fitLine(
      `estimate: about ${durationText(left / r)} more: ${this.atMost ? 'at most ' : ''}${left} games at ${rateText(r)} games/s (measured on ${m.how})`,
      undefined,
    );
    if (this.lines !== null) this.lines.write(`${text}\n`);
    this.bar?.note(text);
  }

  /**
   * Within one total the count only moves forward: a merge may report fewer games than the heartbeats
   * counted a moment before, and a batch played again after a crash starts its heartbeat over.
   */
  private advance(d: number, t: number): void {
    this.done = t === this.total ? Math.max(this.done, d) : d;
    this.total = t;
  }

  private show(): void {
    if (this.stopped) return;
    this.base ??= this.done;
    if (this.first === null && this.done > this.base) this.first = { at: Date.now(), done: this.done };
    this.estimate();
    this.bar?.show(this.done, this.total, { rate: rateText(this.rate()), remaining: this.eta(), status: this.status ? ` · ${this.status}` : '' });
  }
}
