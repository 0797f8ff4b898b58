/** Writing result files, for the tourney (checkpoints) and the reporters alike. */
import { renameSync, writeFileSync } from 'node:fs';

/**
 * Writes a file atomically: a temporary sibling, then a rename, so a reader
 * (or a kill at any moment) sees either the old or the new file, never a torn one.
 */
export function writeFileAtomic(path: string, data: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
