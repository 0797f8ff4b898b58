import { Worker } from 'node:worker_threads';
import { compiledScript, runsCompiled } from '../../io/compiled-script.js';

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

/** The renderer thread and the pages asked of it. */
interface RendererState {
  worker: Worker | null;
  readonly waiting: Map<number, { resolve: (path: string) => void; reject: (e: Error) => void }>;
  nextId: number;
}

/**
 * One state per thread, kept on the global object: the launcher's copy of
 * this module (`prewarm.js`, which starts the thread) and a bundled
 * command's copy (`scripts/bundle.mjs`, which asks it for pages) are two
 * module instances in one thread.
 */
const KEY = Symbol.for('ninefold.htmlRenderer');
const state: RendererState = ((globalThis as { [KEY]?: RendererState })[KEY] ??= {
  worker: null,
  waiting: new Map(),
  nextId: 0,
});

/**
 * The renderer thread's options: an empty environment. The thread reads
 * none, and the launcher starts it before the command has taken the
 * queue's key and URL out of `process.env` (`takeQueueEnv`), so it must
 * not copy them.
 */
export const RENDERER_THREAD = { env: {} } as const;

/** The compiled worker script (its bundle when the build has one), or null when this module runs from TypeScript sources (the tests). */
function workerFile(): string | null {
  return runsCompiled() ? compiledScript('src/report/html/renderer-worker.js') : null;
}

function failAll(e: Error): void {
  for (const w of state.waiting.values()) w.reject(e);
  state.waiting.clear();
  state.worker = null;
}

/**
 * Starts the renderer thread (once per process; later calls do nothing). The
 * thread does not keep the process alive while no page is asked of it.
 * Without a compiled worker script (running from sources) nothing starts and
 * pages are built in-process. The launcher starts it before it loads a
 * command that writes a page (`prewarm.ts`): on two cores it loads beside
 * the command, and it is ready when a short run's tables are printed.
 */
export function startHtmlRenderer(): void {
  if (state.worker) return;
  const file = workerFile();
  if (!file) return;
  const w = new Worker(file, RENDERER_THREAD);
  w.on('message', (m: Reply) => {
    const p = state.waiting.get(m.id);
    if (!p) return;
    state.waiting.delete(m.id);
    if (state.waiting.size === 0) w.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.path!);
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => failAll(new Error(`the HTML renderer thread exited (code ${code})`)));
  // After the listeners: adding a 'message' listener refs the worker again, and a ref'd idle thread keeps the process alive.
  w.unref();
  state.worker = w;
}

/**
 * Builds `report.html` of run directory `dir` on the renderer thread.
 * @returns the page's path, or null when no renderer thread was started
 *   (the caller builds the page itself).
 * @throws (the promise) Error with the renderer's one-line message when the
 *   page failed to build.
 */
export function renderOnThread(dir: string): Promise<string> | null {
  const w = state.worker;
  if (!w) return null;
  const id = state.nextId++;
  return new Promise<string>((resolve, reject) => {
    state.waiting.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, dir });
  });
}

/** Stops the renderer thread, if any (a command that will write no page). */
export async function stopHtmlRenderer(): Promise<void> {
  const w = state.worker;
  state.worker = null;
  if (w) await w.terminate();
}
