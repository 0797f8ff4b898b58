import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { BotFault, type Bot, type BotContext } from '../../src/core/bot.js';
import type { Variant } from '../../src/core/variant.js';
import { DEFAULT_LIMITS, type SandboxLimits } from '../sandbox/sandboxed-bot.js';
import type { BridgeData } from './bridge.js';
import type { BridgeRequest, RealmReply, RealmRequest } from './protocol.js';

/** Limits of untrusted bots: the sandbox's (README, "Write your own bot"). */
export type RealmLimits = SandboxLimits;
export { DEFAULT_LIMITS };

/**
 * The synchronous side of a batch worker's bridge: posts a request to a realm
 * and waits for its answer with `Atomics.wait`, within a deadline. One per
 * thread; the bridge thread is started on first use.
 */
export class RealmClient {
  private readonly port: MessagePort;
  private readonly signal: Int32Array;
  private readonly bridge: Worker;
  private seq = 0;

  constructor(memoryBytes: number) {
    const { port1, port2 } = new MessageChannel();
    const sab = new SharedArrayBuffer(4);
    this.signal = new Int32Array(sab);
    this.port = port1;
    const data: BridgeData = { port: port2, signal: sab, memoryBytes };
    this.bridge = new Worker(new URL('./bridge.js', import.meta.url), { workerData: data, transferList: [port2] });
    this.bridge.unref();
  }

  /** A fresh request id. */
  nextId(): number {
    return ++this.seq;
  }

  /**
   * Sends `request` to realm `realm` and waits for its answer.
   * @returns the answer, or null when none came within `ms` (the realm is then killed).
   */
  call(realm: string, request: RealmRequest, ms: number): RealmReply | null {
    const deadline = performance.now() + ms;
    this.port.postMessage({ realm, request } satisfies BridgeRequest);
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      for (let r = receiveMessageOnPort(this.port); r !== undefined; r = receiveMessageOnPort(this.port)) {
        const m = r.message as RealmReply;
        if (m.id === request.id) return m;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        this.port.postMessage({ realm, kill: true, id: request.id } satisfies BridgeRequest);
        return null;
      }
      Atomics.wait(this.signal, 0, seen, left);
    }
  }

  /** Ends one realm (its process is killed; a later call to the same key starts a fresh one). */
  release(realm: string): void {
    this.port.postMessage({ realm, kill: true, id: this.nextId() } satisfies BridgeRequest);
  }

  /** Stops the bridge and its realms. */
  close(): Promise<number> {
    return this.bridge.terminate();
  }
}

let client: RealmClient | null = null;

/** This thread's realm client (one bridge per thread). */
export function realmClient(memoryBytes: number): RealmClient {
  client ??= new RealmClient(memoryBytes);
  return client;
}

/**
 * A user bot seen from the harness: every call goes to its realm, a child
 * process of its own (`realm.ts`), with copies of the observation and the
 * legal actions; the answer is checked by the game loop like any bot's.
 * Each `RemoteBot` is one realm, and the harness makes one per line-up entry
 * and seating, so no realm ever plays two rotations of one deal.
 */
export class RemoteBot implements Bot {
  private ready = false;
  private readonly words = new Int32Array(4);
  reproducible = true;

  /**
   * @param realm a key naming the realm (unique per entry and seating in a thread).
   * @param file the bot file; `params` its raw parameters (the realm resolves them).
   */
  constructor(
    private readonly client: RealmClient,
    private readonly realm: string,
    private readonly file: string,
    private readonly params: Readonly<Record<string, string>>,
    private readonly gameId: string,
    private readonly variant: Variant,
    private readonly limits: RealmLimits,
  ) {}

  private fault(r: RealmReply | null, what: string, ms: number): BotFault {
    this.ready = false;
    if (r === null) return new BotFault('timeout', `${what} took over ${ms} ms`);
    if (r.t === 'fault') return new BotFault(r.reason, `${what}: ${r.message}`);
    if (r.t === 'error') return new BotFault('threw', r.message);
    return new BotFault('threw', `${what}: unexpected answer ${r.t}`);
  }

  /** Ends the bot's realm: a run whose bots are no longer needed (a training iteration) frees its processes. */
  release(): void {
    this.client.release(this.realm);
    this.ready = false;
  }

  /** Loads the bot in its realm (once, and again after the realm was killed), then resets it for a game. */
  reset(ctx: BotContext): void {
    if (!this.ready) {
      const id = this.client.nextId();
      const r = this.client.call(
        this.realm,
        { t: 'init', id, file: this.file, gameId: this.gameId, variant: this.variant, params: this.params },
        this.limits.loadMs,
      );
      if (r?.t !== 'ready') throw this.fault(r, 'loading the bot', this.limits.loadMs);
      this.reproducible = r.reproducible;
      this.ready = true;
    }
    ctx.rng.saveWords(this.words);
    const id = this.client.nextId();
    const r = this.client.call(this.realm, { t: 'reset', id, seat: ctx.seat, players: ctx.players, words: Array.from(this.words) }, this.limits.decisionMs);
    if (r?.t !== 'ok') throw this.fault(r, 'reset', this.limits.decisionMs);
  }

  act(obs: object, legal: Int32Array, count: number): number {
    const id = this.client.nextId();
    const r = this.client.call(this.realm, { t: 'act', id, obs, legal: legal.slice(0, count), count }, this.limits.decisionMs);
    if (r?.t !== 'action') throw this.fault(r, 'the decision', this.limits.decisionMs);
    return r.action;
  }
}
