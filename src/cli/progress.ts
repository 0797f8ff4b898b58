import type cliProgressTypes from 'cli-progress';
import { lazyRequire } from '../io/lazy.js';

/** cli-progress, loaded when the first bar is drawn. */
const loadCliProgress = lazyRequire<typeof cliProgressTypes>('cli-progress');

/** A progress display for long runs: games done, games/s, ETA. */
export interface Progress {
  /** Called with games done, games planned and an optional status text (e.g. the SPRT's LLR). */
  readonly update: (done: number, total: number, status?: string) => void;
  readonly stop: () => void;
}

/**
 * A progress bar (cli-progress) on stderr when stderr is a terminal; silent
 * otherwise (pipes, files, CI), so logs stay clean.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const cliProgress = loadCliProgress();
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '  {bar} {value}/{total} games · {rate} games/s · ETA {eta_formatted}{status}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const start = Date.now();
  let started = false;
  return {
    update(done, total, status) {
      const rate = Math.round(done / Math.max(0.001, (Date.now() - start) / 1000));
      const extra = { rate, status: status ? ` · ${status}` : '' };
      if (!started) {
        bar.start(total, done, extra);
        started = true;
      } else bar.update(done, extra);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
