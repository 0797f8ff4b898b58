/**
 * `--force` replaces the run an output directory holds: its files, and the
 * folders its command wrote (a training's nets, Expert Iteration's gates and
 * replay buffer, the verification matches) and its sub-runs (a sweep's
 * points), finished or stopped. A stopped gate or point left behind would be
 * resumed by the new run, which would then carry on games of another run.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimOutDir } from '../../src/cli/run-dir.js';
import { UsageError } from '../../src/core/errors.js';
import { RUN_DIRS } from '../../src/results/registry.js';

/** A directory as a stopped Expert Iteration run leaves it (gate 2's match stopped in its middle), with a user's own notes beside. */
function stoppedExitRun(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ninefold-force-'));
  writeFileSync(join(dir, 'train-state.json'), '{}');
  writeFileSync(join(dir, 'curve.json'), '{}');
  mkdirSync(join(dir, 'nets'));
  writeFileSync(join(dir, 'nets', 'gen-1.json'), '{}');
  mkdirSync(join(dir, 'gates', 'gen-2'), { recursive: true });
  writeFileSync(join(dir, 'gates', 'gen-2', 'checkpoint.json'), '{}');
  mkdirSync(join(dir, 'replay'));
  writeFileSync(join(dir, 'replay', 'gen-1.bin'), '');
  mkdirSync(join(dir, 'verify'));
  writeFileSync(join(dir, 'verify', 'checkpoint.json'), '{}');
  mkdirSync(join(dir, 'my-notes'));
  writeFileSync(join(dir, 'my-notes', 'todo.txt'), 'mine');
  return dir;
}

describe('--force clears the old run, its folders and its sub-runs', () => {
  it('a stopped Expert Iteration run: nets/, gates/ (a stopped gate match), replay/, verify/ go; a folder no command writes stays', () => {
    const dir = stoppedExitRun();
    claimOutDir(dir, { force: true });
    expect(readdirSync(dir).sort()).toEqual(['.lock', 'my-notes']);
    expect(existsSync(join(dir, 'my-notes', 'todo.txt'))).toBe(true);
  });

  it('without --force, a directory that holds only a stopped gate is refused in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-force-'));
    mkdirSync(join(dir, 'gates', 'gen-1'), { recursive: true });
    writeFileSync(join(dir, 'gates', 'gen-1', 'checkpoint.json'), '{}');
    expect(() => claimOutDir(dir)).toThrow(UsageError);
    expect(() => claimOutDir(dir)).toThrow(/already holds a run \(gates\/\); give another --out, or --force to replace it/);
  });

  it("a sweep's point stopped before its summary (a checkpoint only) is a sub-run and goes; a finished one too", () => {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-force-'));
    mkdirSync(join(dir, 'rounds=3'));
    writeFileSync(join(dir, 'rounds=3', 'summary.json'), '{}');
    mkdirSync(join(dir, 'rounds=4'));
    writeFileSync(join(dir, 'rounds=4', 'checkpoint.json'), '{}');
    claimOutDir(dir, { force: true });
    expect(readdirSync(dir)).toEqual(['.lock']);
  });

  it('every folder the registry names is written by the modules it names as owners', () => {
    for (const d of RUN_DIRS) for (const owner of d.owner.split(', ')) expect(readFileSync(owner, 'utf8'), `${d.name} in ${owner}`).toContain(`'${d.name}'`);
  });
});
