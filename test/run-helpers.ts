import { readFileSync } from 'node:fs';

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
