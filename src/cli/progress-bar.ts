/** The progress bar on a terminal (cli-progress), with a line printed above it now and then. */
import type cliProgressTypes from 'cli-progress';
import { lazyRequire } from '../io/lazy.js';
import type { ProgressStream } from './progress.js';

/** cli-progress, loaded when the first bar is drawn. */
const loadCliProgress = lazyRequire<typeof cliProgressTypes>('cli-progress');

/** What the bar shows beside the counts: this module's rate and ETA (the same as the lines'), and the run's status. */
export interface BarPayload {
  readonly rate: string;
  readonly remaining: string;
  readonly status: string;
}

/** The terminal's bar, started at the first count; `note` prints a line above it. */
export interface Bar {
  show(done: number, total: number, payload: BarPayload): void;
  note(text: string): void;
  stop(): void;
}

export function newBar(stream: ProgressStream): Bar {
  const cliProgress = loadCliProgress();
  const make = (): cliProgressTypes.SingleBar =>
    new cliProgress.SingleBar(
      {
        stream: stream as NodeJS.WritableStream,
        format: '  {bar} {value}/{total} games · {rate} games/s · ETA {remaining}{status}',
        hideCursor: true,
        clearOnComplete: true,
        etaBuffer: 50,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
  let bar = make();
  let started = false;
  let last: { done: number; total: number; payload: BarPayload } | null = null;
  return {
    show(done, total, payload) {
      last = { done, total, payload };
      if (!started) {
        bar.start(total, done, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(done, payload);
      }
    },
    note(text) {
      // The bar is cleared, the line written, and a new bar drawn below it.
      if (started) bar.stop();
      stream.write(`${text}\n`);
      bar = make();
      started = false;
      if (last) this.show(last.done, last.total, last.payload);
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
