import { BotFault, BotSpecError, type Bot, type BotContext } from '../../src/core/bot.js';
import type { Variant } from '../../src/core/variant.js';
import { SandboxRealm, type SandboxDescription } from './realm.js';

/** Limits of user bot files (README, "Write your own bot": the sandbox). */
export interface SandboxLimits {
  /** Most ms a decision or a `reset` may take; over it the bot commits a `timeout` fault. */
  readonly decisionMs: number;
  /** Most ms loading the file and building the bot may take. */
  readonly loadMs: number;
  /** Most memory of a sandbox, in bytes (V8's heap and ArrayBuffers, enforced at all times). */
  readonly memoryBytes: number;
}

/** The defaults: 5 s a decision (below the run watchdog's 10 s), 10 s to load, 1 GiB. */
export const DEFAULT_LIMITS: SandboxLimits = { decisionMs: 5_000, loadMs: 10_000, memoryBytes: 1024 * 2 ** 20 };

/**
 * A user bot seen from the harness: every call goes into its sandbox (an
 * isolate in this thread, `realm.ts`) with copies of the observation and the
 * legal actions; the answer is checked by the game loop like any bot's. The
 * harness makes one per line-up entry and seating, so no sandbox ever plays
 * two rotations of one deal. A sandbox that timed out or ran out of memory
 * is dropped and the next game starts a fresh one.
 */
export class SandboxedBot implements Bot {
  private realm: SandboxRealm | null = null;
  private built = false;
  private readonly words = new Int32Array(4);
  reproducible = true;

  /**
   * @param name the bot file as the line-up names it; `file` where it is read from (a queue worker's copy).
   * @param params its raw parameters (resolved inside the sandbox).
   */
  constructor(
    private readonly name: string,
    private readonly file: string,
    private readonly params: Readonly<Record<string, string>>,
    private readonly gameId: string,
    private readonly variant: Variant,
    private readonly limits: SandboxLimits,
  ) {}

  private fail(e: unknown): never {
    if (e instanceof BotFault && e.reason !== 'threw') this.release();
    this.built = false;
    if (e instanceof BotFault) throw e;
    throw new BotFault('threw', e instanceof Error ? e.message.split('\n')[0]! : String(e));
  }

  /** Frees the bot's sandbox (a run whose bots are no longer needed, a training iteration). */
  release(): void {
    this.realm?.dispose();
    this.realm = null;
    this.built = false;
  }

  /** Loads the bot in a sandbox (once, and again after one was dropped), then starts a game. */
  reset(ctx: BotContext): void {
    try {
      if (this.realm === null || this.realm.disposed) {
        this.realm = null;
        this.realm = new SandboxRealm(this.name, this.file, this.limits.memoryBytes / 2 ** 20, this.limits.loadMs);
      }
      if (!this.built) {
        this.reproducible = this.realm.init(this.gameId, this.variant, this.params, this.limits.loadMs);
        this.built = true;
      }
      ctx.rng.saveWords(this.words);
      this.realm.reset(ctx.seat, ctx.players, this.words, this.limits.decisionMs);
    } catch (e) {
      this.fail(e);
    }
  }

  act(obs: object, legal: Int32Array, count: number): number {
    const realm = this.realm;
    if (realm === null) throw new BotFault('threw', 'the bot was not loaded');
    try {
      return realm.act(obs, legal.slice(0, count), count, this.limits.decisionMs);
    } catch (e) {
      return this.fail(e);
    }
  }
}

/**
 * Loads a user bot file in a sandbox of its own, builds the bot once, and
 * reports its declared parameters, whether it plays `gameId`, and whether it
 * is reproducible. The harness never imports a user file itself.
 * @throws BotSpecError with one line when the file does not load in time,
 *   fails to load, imports what it may not, or its factory fails.
 */
export function describeInSandbox(file: string, gameId: string, params: Readonly<Record<string, string>>, loadMs: number): SandboxDescription {
  let realm: SandboxRealm | null = null;
  const t0 = performance.now();
  try {
    realm = new SandboxRealm(file, file, DEFAULT_LIMITS.memoryBytes / 2 ** 20, loadMs);
    const left = Math.max(1, Math.round(loadMs - (performance.now() - t0)));
    return realm.describe(gameId, params, left);
  } catch (e) {
    if (e instanceof BotSpecError) throw e;
    if (e instanceof BotFault && e.reason === 'timeout') throw new BotSpecError(`bot ${file} did not load within ${loadMs} ms (it is refused)`);
    if (e instanceof BotFault && e.reason === 'memory') throw new BotSpecError(`bot ${file} went over its memory limit while loading (it is refused)`);
    const text = (e instanceof Error ? e.message : String(e)).replace(/^(loading the bot|describing the bot): /, '').split('\n')[0]!;
    // A message that names the file already (`bot file X: its params ...`) is said as it is.
    throw new BotSpecError(text.startsWith(`bot file ${file}`) ? text : `cannot load bot ${file}: ${text}`);
  } finally {
    realm?.dispose();
  }
}
