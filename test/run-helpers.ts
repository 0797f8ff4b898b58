import { type ChildProcess, spawnSync } from 'node:child_process';
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

/**
 * Runs a command as `npm run <command> -- <args>` does, without npm: through
 * the launcher (`scripts/run.mjs`), so from the command's bundle.
 * @param command `tourney`, `match`, `rate`, `train`, `report` or `worker`.
 * @returns its exit code (-1 when killed) and output.
 */
export function cli(command: string, args: readonly string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['scripts/run.mjs', `src/cli/${command}.ts`, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
