/**
 * The progress display of long runs (`src/cli/progress.ts`),
 * on stand-in streams with a fake clock: off a terminal a plain line at the
 * promised cadence, at most 120 characters and without ANSI codes; on a
 * terminal the bar; the estimate line of a run that will take over a minute.
 * The commands end to end: `test/cli/talk.long.test.ts`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  durationText,
  ESTIMATE_AFTER_MS,
  PROGRESS_INTERVAL_MS,
  PROGRESS_LINE_MAX,
  type ProgressStream,
  progressIntervalMs,
  progressReporter,
  rateText,
} from '../../src/cli/progress.js';

/** A stream that keeps what is written to it. */
function stream(isTTY: boolean): ProgressStream & { text: string; lines(): string[] } {
  return {
    isTTY,
    text: '',
    write(t: string) {
      this.text += t;
      return true;
    },
    lines() {
      return this.text.split('\n').filter((l) => l !== '');
    },
  };
}

const ESC = String.fromCharCode(27);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('off a terminal', () => {
  it('writes one plain progress line every interval to stdout, with games done of the total, games/s and ETA', () => {
    const out = stream(false);
    const err = stream(false);
    const p = progressReporter({ stdout: out, stderr: err, intervalMs: 1000 });
    p.played(0, 1000);
    for (let s = 1; s <= 5; s++) {
      vi.advanceTimersByTime(500);
      p.played(100 * s, 1000);
      vi.advanceTimersByTime(500);
    }
    p.stop();
    const lines = out.lines().filter((l) => l.startsWith('progress: '));
    // Five intervals, five lines, then one closing line.
    expect(lines).toHaveLength(6);
    // Rates are timed from the first finished game (0.5 s, 100 games): 200 games in the 2.5 s since.
    expect(lines[2]).toBe('progress: 300/1000 games (30%) · 80 games/s · 3 s so far · ETA 9 s');
    expect(lines[5]).toBe('progress: 500/1000 games in 5 s (89 games/s)');
    expect(err.text).toBe('');
  });

  it('keeps its cadence when no count arrives (a batch of slow games): a line every interval all the same', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(true), intervalMs: 10_000 });
    p.update(0, 80, 'iteration 1/4');
    vi.advanceTimersByTime(35_000);
    p.stop();
    const lines = out.lines().filter((l) => l.startsWith('progress: 0/80') && l.includes('so far'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('progress: 0/80 games (0%) · 0 games/s · 10 s so far · ETA unknown until a game ends · iteration 1/4');
  });

  it('goes to stderr when stdout is a terminal and stderr is not; writes no plain line when both are terminals', () => {
    const out = stream(true);
    const err = stream(false);
    const p = progressReporter({ stdout: out, stderr: err, intervalMs: 1000 });
    p.played(10, 100);
    vi.advanceTimersByTime(2500);
    p.stop();
    expect(out.text).toBe('');
    expect(err.lines().filter((l) => l.startsWith('progress: '))).toHaveLength(3);

    const tOut = stream(true);
    const tErr = stream(true);
    const q = progressReporter({ stdout: tOut, stderr: tErr, intervalMs: 1000 });
    q.played(10, 100);
    vi.advanceTimersByTime(2500);
    q.stop();
    expect(tOut.text).toBe('');
    expect(tErr.text).not.toMatch(/progress: /);
  });

  it('cuts a line to 120 characters and removes ANSI codes and line breaks from a status', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 1000 });
    p.update(123_456_789, 9_876_543_210, `${ESC}[32mgreen${ESC}[0m\nLLR ${'9'.repeat(200)}`);
    vi.advanceTimersByTime(1000);
    p.stop();
    for (const l of out.lines()) {
      expect(l.length).toBeLessThanOrEqual(PROGRESS_LINE_MAX);
      expect(l).not.toContain(ESC);
    }
    expect(out.lines()[0]).toMatch(/· green LLR 9+…$/);
  });

  it('pulse writes the line from inside work that holds the thread (no timer can fire there), one an interval', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 1000 });
    p.update(0, 100);
    // 3.5 s of synchronous steps: the clock moves, no timer runs.
    for (let ms = 0; ms < 3500; ms += 100) {
      vi.setSystemTime(Date.now() + 100);
      p.pulse();
    }
    expect(out.lines()).toHaveLength(3);
    // Then the timer again, an interval after the last line.
    vi.advanceTimersByTime(1000);
    expect(out.lines()).toHaveLength(4);
    p.stop();
  });

  it('writes nothing for a run shorter than one interval (a short run prints only its results)', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 10_000 });
    p.played(0, 100);
    vi.advanceTimersByTime(3000);
    p.played(100, 100);
    p.stop();
    expect(out.text).toBe('');
  });

  it('writes no line after stop', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 1000 });
    p.played(1, 10);
    vi.advanceTimersByTime(1000);
    p.stop();
    const n = out.text.length;
    vi.advanceTimersByTime(5000);
    p.played(5, 10);
    expect(out.text.length).toBe(n);
  });

  it('never counts backwards within one total (a merge reports fewer games than the heartbeats counted)', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 1000 });
    p.played(0, 1000);
    vi.advanceTimersByTime(500);
    p.played(300, 1000);
    p.update(250, 1000);
    vi.advanceTimersByTime(500);
    p.stop();
    expect(out.lines()[0]).toMatch(/^progress: 300\/1000 games/);
  });
});

describe('the estimate before a long run', () => {
  it('prints one line once the run has been measured, when it will take over a minute, saying what it was measured on', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 60_000 });
    p.played(0, 10_000);
    // Two seconds of start-up, then 40 games/s.
    vi.advanceTimersByTime(2000);
    p.played(40, 10_000);
    for (let s = 1; s <= 6; s++) {
      vi.advanceTimersByTime(1000);
      p.played(40 + 40 * s, 10_000);
    }
    p.stop();
    const estimates = out.lines().filter((l) => l.startsWith('estimate: '));
    expect(estimates).toEqual(['estimate: about 4 min 04 s more: 9760 games at 40 games/s (measured on 200 games in 5 s, after 2 s warm-up)']);
    expect(ESTIMATE_AFTER_MS).toBe(5000);
  });

  it('measures slow games (the first ends after the measuring time) on the first games, start-up included, at once', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 600_000 });
    p.played(0, 8000);
    vi.advanceTimersByTime(60_000);
    p.played(2, 8000);
    p.stop();
    expect(out.lines()).toEqual(['estimate: about 3 days more: 7998 games at 0.033 games/s (measured on the first 2 games in 1 min 00 s incl. start-up)']);
  });

  it('a run whose games grow longer gets the estimate when its time passes a minute, with 30 s or more to go; never at its end', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), intervalMs: 600_000 });
    p.played(0, 4000);
    vi.advanceTimersByTime(1000);
    p.played(100, 4000);
    // 100 games/s at first: 40 s in all, no estimate.
    for (let s = 1; s <= 10; s++) {
      vi.advanceTimersByTime(1000);
      p.played(100 + 100 * s, 4000);
    }
    expect(out.text).toBe('');
    // Then 10 games/s: 1000 more games in 100 s: the rate since the first game falls below 3000/40 s.
    for (let s = 1; s <= 100 && out.text === ''; s++) {
      vi.advanceTimersByTime(1000);
      p.played(1100 + 10 * s, 4000);
    }
    p.stop();
    expect(out.lines()).toHaveLength(1);
    expect(out.lines()[0]).toMatch(/^estimate: about \d+ s more: \d+ games at [\d.]+ games\/s \(measured on \d+ games in .*, after 1 s warm-up\)$/);

    const late = stream(false);
    const q = progressReporter({ stdout: late, stderr: stream(false), intervalMs: 600_000 });
    q.played(0, 600);
    vi.advanceTimersByTime(1000);
    q.played(10, 600);
    // 10 games/s: 60 s in all and a fraction more: over a minute, but only when under 30 s are left.
    for (let s = 1; s <= 60; s++) {
      vi.advanceTimersByTime(1000);
      q.played(Math.min(600, 10 + 10 * s - (s > 40 ? 1 : 0)), 600);
    }
    q.stop();
    expect(late.text).toBe('');
  });

  it('says "at most" for a run a sequential test may end early', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), atMost: true, estimateAfterMs: 1000 });
    p.played(0, 20_000);
    vi.advanceTimersByTime(1000);
    p.played(10, 20_000);
    vi.advanceTimersByTime(1000);
    p.played(20, 20_000);
    p.stop();
    expect(out.text).toMatch(/^estimate: about 33 min 18 s more: at most 19980 games at 10 games\/s \(measured on 10 games in 1 s, after 1 s warm-up\)$/m);
  });

  it('prints no estimate for a run that will take a minute or less', () => {
    const out = stream(false);
    const p = progressReporter({ stdout: out, stderr: stream(false), estimateAfterMs: 1000 });
    p.played(0, 1000);
    vi.advanceTimersByTime(1000);
    p.played(100, 1000);
    vi.advanceTimersByTime(1000);
    p.played(200, 1000);
    p.stop();
    expect(out.text).toBe('');
  });

  it('on a terminal prints the estimate above the bar, on stderr', () => {
    const out = stream(true);
    // cli-progress reads the terminal's width from `columns`.
    const err = Object.assign(stream(true), { columns: 100 });
    const p = progressReporter({ stdout: out, stderr: err, estimateAfterMs: 1000 });
    p.played(0, 100_000);
    vi.advanceTimersByTime(1000);
    p.played(10, 100_000);
    vi.advanceTimersByTime(1000);
    p.played(20, 100_000);
    p.stop();
    expect(err.text).toMatch(/estimate: about 2 h 47 min more: 99980 games at 10 games\/s/);
    expect(out.text).toBe('');
  });
});

describe('helpers', () => {
  it('NINEFOLD_PROGRESS_MS sets the interval when it is a positive integer; otherwise 9.5 s, so no two lines are 10 s apart', () => {
    expect(PROGRESS_INTERVAL_MS).toBe(9500);
    expect(progressIntervalMs({ NINEFOLD_PROGRESS_MS: '250' })).toBe(250);
    for (const bad of [undefined, '', '0', '-5', '1.5', 'soon']) expect(progressIntervalMs({ NINEFOLD_PROGRESS_MS: bad })).toBe(9500);
  });

  it('durations and rates read as a person writes them', () => {
    expect([0, 45.4, 65, 3599, 3600, 7500, 200_000].map(durationText)).toEqual([
      '0 s',
      '45 s',
      '1 min 05 s',
      '59 min 59 s',
      '1 h 00 min',
      '2 h 05 min',
      '2 days',
    ]);
    expect([0, 0.0734, 4.25, 40.4, 12_345.6].map(rateText)).toEqual(['0', '0.073', '4.3', '40', '12346']);
  });
});
