import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A thread that loads the HTML renderer (vega, vega-lite) and warms it up
 * while a command is playing, then builds
 * `report.html` pages on request (`renderer-worker.ts`). A short run no longer
 * pays the renderer's load after its games. This module imports nothing
 * heavy, so starting the thread costs the calling thread a few ms. The pages are byte for byte those
 * built in-process (the same code; vega's output does not depend on what was
 * rendered before).
 */
interface Reply {
  readonly id: number;
  readonly path?: string;
  readonly error?: string;
}

let worker: Worker | null = null;
const waiting = new Map<number, { resolve: (path: string) => void; reject: (e: Error) => void }>();
let nextId = 0;

/** The compiled worker script beside this module, or null when this module runs from TypeScript sources (the tests). */
function workerFile(): string | null {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'renderer-worker.js');
  return import.meta.url.endsWith('.js') && existsSync(file) ? file : null;
}

function failAll(e: Error): void {
  for (const w of waiting.values()) w.reject(e);
  waiting.clear();
  worker = null;
}

/**
 * Starts the renderer thread (once per process; later calls do nothing). The
 * thread does not keep the process alive while no page is asked of it.
 * Without a compiled worker script (running from sources) nothing starts and
 * pages are built in-process.
 */
export function startHtmlRenderer(): void {
  if (worker) return;
  const file = workerFile();
  if (!file) return;
  const w = new Worker(file);
  w.on('message', (m: Reply) => {
    const p = waiting.get(m.id);
    if (!p) return;
    waiting.delete(m.id);
    if (waiting.size === 0) w.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.path!);
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => failAll(new Error(`the HTML renderer thread exited (code ${code})`)));
  // After the listeners: adding a 'message' listener refs the worker again, and a ref'd idle thread keeps the process alive.
  w.unref();
  worker = w;
}

let requested = false;

/**
 * Asks for the renderer thread, to be started by `startRequestedHtmlRenderer`
 * once the command's modules are loaded (the launcher asks before loading
 * them: a thread started then would compete with the loading for the CPU
 * and delay the first game, and it is ready in time anyway).
 */
export function requestHtmlRenderer(): void {
  requested = true;
}

/** Starts the renderer thread if `requestHtmlRenderer` asked for it (the commands call it when they begin). */
export function startRequestedHtmlRenderer(): void {
  if (requested) startHtmlRenderer();
}

/**
 * Builds `report.html` of run directory `dir` on the renderer thread.
 * @returns the page's path, or null when no renderer thread was started
 *   (the caller builds the page itself).
 * @throws (the promise) Error with the renderer's one-line message when the
 *   page failed to build.
 */
export function renderOnThread(dir: string): Promise<string> | null {
  const w = worker;
  if (!w) return null;
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, dir });
  });
}

/** Stops the renderer thread, if any (a command that will write no page). */
export async function stopHtmlRenderer(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
