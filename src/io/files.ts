/** Writing result files, for the tourney (checkpoints) and the reporters alike. */
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes a file atomically: a temporary sibling, then a rename, so a reader
 * (or a kill at any moment) sees either the old or the new file, never a torn one.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    // A failed write (a full disk) leaves no temporary file behind; the old file, if any, stands.
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** True for the errors of a full disk or an exhausted quota. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
