import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * True once the checkpoint at `path` exists and counts a merged batch: the
 * moment a test interrupts a run in its middle (SIGINT, then `--resume`).
 */
export function firstBatchMerged(path: string): boolean {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { batchesDone: number }).batchesDone > 0;
  } catch {
    return false;
  }
}

/**
 * Waits until the training run writing into `dir` has saved iteration `k`
 * (its `train-state.json`), then stops it with SIGINT (Ctrl-C).
 * @returns the process's exit code (130 for a stop that kept the state).
 */
export async function stopTrainingAfter(child: ChildProcess, dir: string, k: number): Promise<number | null> {
  const stateFile = join(dir, 'train-state.json');
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    if (!existsSync(stateFile)) continue;
    try {
      if ((JSON.parse(readFileSync(stateFile, 'utf8')) as { state: { iteration: number } }).state.iteration >= k) break;
    } catch {
      // being written
    }
  }
  child.kill('SIGINT');
  return new Promise<number | null>((r) => child.on('exit', r));
}
