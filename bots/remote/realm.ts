/**
 * The realm of an untrusted user bot: a child process of its own (the
 * statistics issue's sister, "A harness no bot can fool", item 1). It loads
 * the bot file with its own copies of ninefold's modules and its own forward
 * model, receives copies of its observation and legal actions, and answers
 * with an action. Nothing in this process is the harness's: a bot that wraps
 * the model, a built-in prototype, `result`, or its context changes only this
 * process. It exits when its parent's channel closes, and a watchdog thread
 * ends it when the harness process is gone (a bot stuck in a loop cannot
 * outlive a run).
 */
import { Worker } from 'node:worker_threads';
import '../../src/games/index.js';
import type { Bot, BotContext } from '../../src/core/bot.js';
import type { Game, GameStateBase } from '../../src/core/game.js';
import { getGame } from '../../src/core/registry.js';
import { Rng } from '../../src/core/rng.js';
import type { Variant } from '../../src/core/variant.js';
import { botParamsFor, paramsResolve, resolveBotParams } from '../../src/core/bot-params.js';
import { loadBotFile } from './load.js';
import type { RealmReply, RealmRequest } from './protocol.js';
import { deepFreeze, fillObservation } from '../sandbox/copy.js';

const send = process.send?.bind(process);
if (!send) throw new Error('realm.js runs as a child process with an IPC channel');

// The watchdog: a thread of its own, so that it runs while the bot loops.
const parentPid = process.ppid;
new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 250);`,
  { eval: true, workerData: parentPid },
).unref();
process.on('disconnect', () => process.exit(0));

let game: Game<GameStateBase, object> | null = null;
let variant: Variant | null = null;
let bot: Bot | null = null;
let obs: Record<string, unknown> | null = null;
let ctx: BotContext | null = null;
const rng = new Rng();

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
}

function handle(m: RealmRequest): RealmReply | Promise<RealmReply> {
  switch (m.t) {
    case 'describe':
      return (async (): Promise<RealmReply> => {
        const kind = await loadBotFile(m.file);
        const g = getGame(m.gameId);
        const supports = kind.supports(m.gameId);
        let reproducible = true;
        // Bad parameters are named by the host (`validateBotSpec`), which suggests the closest name.
        if (supports && paramsResolve(kind, m.params, m.gameId)) {
          const b = kind.create(resolveBotParams(kind, m.params, m.gameId), g);
          if (typeof b?.act !== 'function') throw new Error('its factory returned no act(obs, legal, count, ctx) function');
          reproducible = b.reproducible !== false;
        }
        return { t: 'described', id: m.id, params: structuredClone(botParamsFor(kind, m.gameId)), supports, doc: kind.doc, reproducible };
      })();
    case 'init':
      return (async (): Promise<RealmReply> => {
        const kind = await loadBotFile(m.file);
        game = getGame(m.gameId);
        variant = deepFreeze(structuredClone(m.variant));
        bot = kind.create(resolveBotParams(kind, m.params, m.gameId), game);
        if (typeof bot?.act !== 'function') throw new Error('its factory returned no act(obs, legal, count, ctx) function');
        obs = game.newObservation(variant) as Record<string, unknown>;
        return { t: 'ready', id: m.id, reproducible: bot.reproducible !== false };
      })();
    case 'reset': {
      if (!bot || !game || !variant) throw new Error('reset before init');
      rng.fromWords(m.words[0]!, m.words[1]!, m.words[2]!, m.words[3]!);
      ctx = Object.freeze({ seat: m.seat, players: m.players, variant, rng, model: game });
      bot.reset?.(ctx);
      return { t: 'ok', id: m.id };
    }
    case 'act': {
      if (!bot || !ctx || !obs) throw new Error('act before reset');
      fillObservation(obs, m.obs as Record<string, unknown>);
      const legal = m.legal;
      if (bot.actIndex !== undefined) {
        const i: unknown = bot.actIndex(obs, legal, m.count, ctx);
        const ok = typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < m.count;
        return { t: 'action', id: m.id, action: ok ? legal[i]! : NaN };
      }
      const a: unknown = bot.act(obs, legal, m.count, ctx);
      return { t: 'action', id: m.id, action: typeof a === 'number' ? a : NaN };
    }
  }
}

process.on('message', (raw: unknown) => {
  const m = raw as RealmRequest;
  const fail = (e: unknown): void => void send({ t: 'error', id: m.id, message: firstLine(e) } satisfies RealmReply);
  try {
    const r = handle(m);
    if (r instanceof Promise) r.then((x) => send(x), fail);
    else send(r);
  } catch (e) {
    fail(e);
  }
});
