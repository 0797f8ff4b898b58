/** Ctrl-C and SIGTERM during a run: the first stops taking batches (the results so far are written), the second quits at once. */
export interface Stopper {
  readonly signal: AbortSignal;
  /** The signal received, if any. */
  received(): NodeJS.Signals | null;
  /** Removes the handlers (a run inside a command that has its own, as `train`'s verification `runMatch`). */
  dispose(): void;
}

/** Installs the SIGINT/SIGTERM handlers of a run. */
export function installStopper(): Stopper {
  const stopper = new AbortController();
  let signal: NodeJS.Signals | null = null;
  const onSignal = (s: NodeJS.Signals): void => {
    if (signal !== null) process.exit(s === 'SIGINT' ? 130 : 143);
    signal = s;
    process.stderr.write(`\nninefold: ${s}: stopping; writing the results so far (again to quit at once)\n`);
    stopper.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: stopper.signal,
    received: () => signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
