/**
 * The sandbox of one user bot: a V8 isolate of its own (isolated-vm), in the
 * thread that plays its games. Inside it are the bot file's modules, copies
 * of ninefold's modules and forward model (`inside.ts`), and nothing else:
 * no `process`, no `require`, no file system, no network, no timers, no
 * other thread. Every call carries copies of plain data in and a number out,
 * under a deadline (the isolate's execution is terminated past it) and a
 * memory limit that V8 enforces at all times (the isolate is disposed past
 * it). A sandbox that timed out or ran out of memory is disposed; the next
 * game starts a fresh one.
 */
import type { Context, Isolate, Module, Reference } from 'isolated-vm';
import { BotFault, plainFaultText, type BotParam } from '../../src/core/bot.js';
import type { Variant } from '../../src/core/variant.js';
import { isolatedVm } from './isolated.js';
import { DIST, importScope, moduleSource, resolveImport, type ImportScope } from './modules.js';
import { join, resolve } from 'node:path';
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';

/** The most lines one sandbox may write to the bot log. */
export const MAX_LOG_LINES = 10_000;
/** The most characters of one line of the bot log. */
export const MAX_LOG_TEXT = 4_000;

/** A line of the bot log: control characters replaced by spaces, at most `MAX_LOG_TEXT` characters. */
function plainLogText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').slice(0, MAX_LOG_TEXT);
}

/** What a bot file declares, read in its sandbox. */
export interface SandboxDescription {
  readonly params: readonly BotParam[];
  readonly supports: boolean;
  readonly doc: string;
  readonly reproducible: boolean;
}

const INSIDE = join(DIST, 'bots', 'sandbox', 'inside.js');

/**
 * One user bot's isolate. Loading compiles and runs the bot's module graph
 * (within `loadMs`); each call then runs within its own deadline.
 */
export class SandboxRealm {
  private readonly isolate: Isolate;
  private readonly context: Context;
  private readonly api: Readonly<Record<'describe' | 'init' | 'reset' | 'act' | 'provide', Reference<(...a: unknown[]) => unknown>>>;
  private readonly scope: ImportScope;

  /**
   * Builds the isolate and loads the bot file in it.
   * @param name the bot file as the line-up names it; `file` where it is read from (a queue worker's copy).
   * @param memoryMb the isolate's memory limit (MiB; V8's heap and ArrayBuffers).
   * @param loadMs the most ms compiling and running the bot's modules may take.
   * @throws BotFault ('timeout', 'memory' or 'threw') when loading fails; BotSpecError for an import that is not allowed, or when isolated-vm is missing.
   */
  constructor(name: string, file: string, memoryMb: number, loadMs: number) {
    const ivm = isolatedVm();
    if (typeof ivm === 'string') throw new BotFault('threw', ivm);
    this.scope = importScope(name, file);
    this.isolate = new ivm.Isolate({ memoryLimit: Math.max(8, Math.round(memoryMb)) });
    try {
      this.context = this.isolate.createContextSync();
      this.prelude(ivm, name);
      const modules = new Map<string, Module>();
      const keys = new Map<Module, string>();
      const load = (key: string): Module => {
        const hit = modules.get(key);
        if (hit) return hit;
        const m = this.isolate.compileModuleSync(moduleSource(key, this.scope), {
          filename: key.startsWith('builtin:') ? key : `file://${key}`,
        });
        modules.set(key, m);
        keys.set(m, key);
        return m;
      };
      const bot = resolveImport(resolve(file), join(process.cwd(), 'x'), this.scope);
      const entryKey = join(this.scope.folder, '\u0000entry');
      const entry = this.isolate.compileModuleSync(
        [
          `import * as inside from ${JSON.stringify(INSIDE)};`,
          `import * as bot from ${JSON.stringify(bot)};`,
          `inside.setBotModule(${JSON.stringify(name)}, bot);`,
          'export const describe = inside.describe, init = inside.init, reset = inside.reset, act = inside.act, provide = inside.provide;',
        ].join('\n'),
        { filename: 'ninefold:entry' },
      );
      keys.set(entry, entryKey);
      const deadline = performance.now() + loadMs;
      entry.instantiateSync(this.context, (specifier, referrer) => {
        if (performance.now() > deadline) throw new BotFault('timeout', `loading took over ${loadMs} ms`);
        const from = keys.get(referrer) ?? entryKey;
        const key = specifier === INSIDE || specifier === bot ? specifier : resolveImport(specifier, from, this.scope);
        return load(key);
      });
      const left = Math.max(1, Math.round(deadline - performance.now()));
      this.run(() => entry.evaluateSync({ timeout: left }), 'loading the bot', left);
      const ns = entry.namespace;
      const get = (k: string): Reference<(...a: unknown[]) => unknown> => ns.getSync(k, { reference: true }) as Reference<(...a: unknown[]) => unknown>;
      this.api = { describe: get('describe'), init: get('init'), reset: get('reset'), act: get('act'), provide: get('provide') };
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  /**
   * Prepares the context before any bot code runs: WebAssembly is removed
   * (its memories are not counted against the isolate's limit: 40 of 64 MiB
   * each took 2.5 GB past a 64 MiB limit), and `console` writes to the bot
   * log (`NINEFOLD_BOT_LOG`, one line a call, `<bot>\t<text>`, at most
   * `MAX_LOG_LINES` lines of `MAX_LOG_TEXT` characters a sandbox) or
   * nowhere.
   */
  private prelude(ivm: Exclude<ReturnType<typeof isolatedVm>, string>, name: string): void {
    const sink = process.env.NINEFOLD_BOT_LOG;
    let lines = 0;
    const log = (text: unknown): void => {
      if (sink === undefined || sink === '' || typeof text !== 'string' || lines >= MAX_LOG_LINES) return;
      lines++;
      appendFileSync(sink, `${name}\t${plainLogText(text)}\n`);
    };
    this.context.global.setSync('__ninefold_log', new ivm.Callback(log));
    this.isolate
      .compileScriptSync(
        `(() => {
          const log = globalThis.__ninefold_log;
          delete globalThis.__ninefold_log;
          delete globalThis.WebAssembly;
          const text = (x) => { if (typeof x === 'string') return x; try { return JSON.stringify(x) ?? String(x); } catch { return String(x); } };
          const write = (...a) => { log(a.map(text).join(' ').slice(0, ${MAX_LOG_TEXT})); };
          globalThis.console = Object.freeze({ log: write, info: write, warn: write, error: write, debug: write });
        })();`,
      )
      .runSync(this.context, { timeout: 1000 });
  }

  /** Runs `f`, turning the isolate's errors into the bot's faults. */
  private run<T>(f: () => T, what: string, ms: number): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof BotFault) throw e;
      const text = e instanceof Error ? e.message : String(e);
      if (this.isolate.isDisposed || /memory limit|array buffer allocation failed/i.test(text)) throw new BotFault('memory', `${what}: over its memory limit`);
      if (/execution timed out/i.test(text)) throw new BotFault('timeout', `${what} took over ${ms} ms`);
      throw new BotFault('threw', plainFaultText(what === 'the decision' ? text : `${what}: ${text}`));
    }
  }

  private call(fn: 'describe' | 'init' | 'reset' | 'act' | 'provide', args: unknown[], what: string, ms: number): unknown {
    return this.run(() => this.api[fn].applySync(undefined, args, { arguments: { copy: true }, result: { copy: true }, timeout: ms }), what, ms);
  }

  /**
   * Hands the isolate the text of every file the variant names (a Nine Muses
   * card set), since it cannot read files itself.
   */
  provideVariantFiles(variant: Variant, ms: number): void {
    for (const v of Object.values(variant)) {
      if (typeof v !== 'string' || v === '') continue;
      const path = v === 'src/games/nine-muses/cards/default.json' ? join(DIST, '..', v) : v;
      if (existsSync(path) && statSync(path).isFile()) this.call('provide', [v, readFileSync(path, 'utf8')], 'loading the variant files', ms);
    }
  }

  /** The bot's declared parameters, support of `gameId`, doc and reproducibility (its factory is called once). */
  describe(gameId: string, params: Readonly<Record<string, string>>, ms: number): SandboxDescription {
    return this.call('describe', [gameId, params], 'describing the bot', ms) as SandboxDescription;
  }

  /** Builds the bot for a game. @returns whether it says it is reproducible. */
  init(gameId: string, variant: Variant, params: Readonly<Record<string, string>>, ms: number): boolean {
    this.provideVariantFiles(variant, ms);
    return this.call('init', [gameId, variant, params], 'building the bot', ms) === true;
  }

  /** Starts a game at `seat` with the bot's generator loaded from `words`. */
  reset(seat: number, players: number, words: Int32Array, ms: number): void {
    this.call('reset', [seat, players, words[0]!, words[1]!, words[2]!, words[3]!], 'reset', ms);
  }

  /** One decision. @returns the bot's action (NaN when it answered with no number). */
  act(obs: object, legal: Int32Array, count: number, ms: number): number {
    const a = this.call('act', [obs, legal, count], 'the decision', ms);
    return typeof a === 'number' ? a : Number.NaN;
  }

  /** True once the isolate is gone (disposed here, or by V8 over its memory limit). */
  get disposed(): boolean {
    return this.isolate.isDisposed;
  }

  /** Frees the isolate (idempotent). */
  dispose(): void {
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }
}
