/**
 * A run's directory: the default name of a new one, claimed with a lock so
 * that two runs never write into one, cleared by `--force`, and at the end
 * of a command the line naming its results and its page.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { writeHtmlReport } from '../report/html/write.js';
import { isRunDir, isRunFile, isSubRun, REPORT_PAGE } from '../results/registry.js';
import { wrapProse } from '../report/terminal.js';

/** Run directories this process created (by `newRunDir` or `claimOutDir`): removed at exit when still empty. */
const createdDirs = new Set<string>();

/**
 * The default output directory of a run without `--out`: `results/<name>`,
 * or `results/<name>-2`, `-3`, ... when that name is taken (two runs started
 * within the same second, whose names `runName` makes alike). Each candidate
 * is created with a plain `mkdir`, which fails when the directory exists, so
 * two processes never get the same one.
 * @param name the run's name (`runName`).
 * @param parent where run directories go (`results`, relative to the working directory).
 * @returns the path of the new, empty directory.
 * @throws UsageError with one line when `parent` cannot be written.
 */
export function newRunDir(name: string, parent = 'results'): string {
  try {
    mkdirSync(parent, { recursive: true });
    for (let k = 1; ; k++) {
      const dir = join(parent, k === 1 ? name : `${name}-${k}`);
      try {
        mkdirSync(dir);
        createdDirs.add(resolve(dir));
        return dir;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
  } catch (e) {
    throw new UsageError(`cannot create a run directory under ${parent}/: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Claims a run's output directory: creates it, refuses one that already
 * holds a run (unless `force`, which first clears the old run's files, its
 * folders and its sub-runs, `RUN_DIRS` and `isSubRun`; or a resume), and holds a lock file `.lock` (the owner's pid) until the process
 * exits, so that two runs never write into one directory.
 * @throws UsageError with one line: an impossible path, a directory that holds a run, a directory in use.
 */
export function claimOutDir(dir: string, opts: { readonly force?: boolean; readonly resume?: boolean } = {}): void {
  const abs = resolve(dir);
  if (dir.trim() === '') throw new UsageError('--out must name a directory, got an empty path');
  if (/^\/(proc|sys|dev)(\/|$)/.test(abs)) throw new UsageError(`--out ${dir}: results cannot be written under /proc, /sys or /dev`);
  if (opts.resume && !existsSync(abs)) throw new UsageError(`--resume ${dir}: no such directory`);
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw new UsageError(`${dir} is a file, not a directory`);
  // A directory made for this run and left empty (bad input found after claiming it, an unreachable queue) is removed at exit.
  const created = createdDirs.has(abs) || !existsSync(abs);
  try {
    mkdirSync(abs, { recursive: true });
  } catch (e) {
    throw new UsageError(`cannot create ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const lock = join(abs, '.lock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new UsageError(`${dir} is in use by another run (process ${pid})`);
    writeFileSync(lock, String(process.pid));
  }
  process.on('exit', () => {
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) unlinkSync(lock);
    } catch {
      // gone already
    }
    if (created) {
      try {
        rmdirSync(abs);
      } catch {
        // not empty: the run wrote its files
      }
    }
  });
  if (opts.resume) return;
  const old = readdirSync(abs).filter(isRunFile);
  // The run's own folders (a training's nets, gates, replay, verification matches) and sub-runs (a sweep's points,
  // finished or stopped): left in place, a stopped gate or point would be resumed by the new run.
  const oldDirs = readdirSync(abs, { withFileTypes: true }).filter((d) => d.isDirectory() && (isRunDir(d.name) || isSubRun(readdirSync(join(abs, d.name)))));
  if (old.length === 0 && oldDirs.length === 0) return;
  if (!opts.force) throw new UsageError(`${dir} already holds a run (${old[0] ?? `${oldDirs[0]!.name}/`}); give another --out, or --force to replace it`);
  for (const f of old) rmSync(join(abs, f), { force: true });
  for (const d of oldDirs) rmSync(join(abs, d.name), { recursive: true, force: true });
}

/**
 * The directory of a new run, claimed (`claimOutDir`): `--out` when given,
 * else a new `results/<name>` (`newRunDir`).
 * @returns its absolute path.
 */
export function claimNewDir(out: string | undefined, name: string, force: boolean): string {
  const dir = out ?? newRunDir(name);
  claimOutDir(dir, { force });
  return resolve(dir);
}

/**
 * The directory of a stopped run that `--resume` names, claimed.
 * @returns its absolute path.
 * @throws UsageError when there is no such directory, or another run holds it.
 */
export function claimResumeDir(dir: string): string {
  claimOutDir(dir, { resume: true });
  return resolve(dir);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The end of a command: prints where the results are, for a stopped run how
 * to resume it, and last the page to open (`printOpenLine`).
 * @param pageDir the directory whose `report.html` to name (default `dir`; a stopped sweep names its stopped value's).
 * @returns the exit code: 0, or 130 / 143 after SIGINT / SIGTERM.
 */
export function finish(name: string, complete: boolean, games: number, dir: string, signal: NodeJS.Signals | null, note = '', pageDir = dir): number {
  process.stdout.write(`${wrapProse(`results: ${dir}${note}`)}\n`);
  if (!complete) process.stderr.write(`ninefold: stopped after ${games} games; carry on with: npm run ${name} -- --resume ${dir}\n`);
  printOpenLine(pageDir);
  if (complete) return 0;
  return signal === 'SIGTERM' ? 143 : 130;
}

/**
 * A path as a person would type it from here: relative to the working
 * directory when it lies under it, else absolute.
 */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(path);
}

/**
 * The last line of every command that writes a run directory:
 * `open: <dir>/report.html`, the page to look at (issue #30, item 4). Prints
 * nothing when the page is not there (`writeHtmlReport` said why on stderr).
 * @param dir the run directory whose `report.html` was written.
 */
export function printOpenLine(dir: string): void {
  const page = join(dir, REPORT_PAGE);
  if (existsSync(page)) process.stdout.write(`open: ${shownPath(page)}\n`);
}

/**
 * Writes a run directory's `report.html` (`writeHtmlReport`) and names it on the command's last line (`printOpenLine`).
 * @param dir the run directory, its result files written.
 */
export async function writePageAndName(dir: string): Promise<void> {
  await writeHtmlReport(dir);
  printOpenLine(dir);
}
