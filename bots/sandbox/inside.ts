/**
 * The harness's side of a user bot inside its sandbox (`realm.ts`): this
 * module runs in the bot's own V8 isolate, with the isolate's own copies of
 * ninefold's modules and forward model, and no Node API at all. The host
 * calls its exports with copies of plain data (the variant, an observation,
 * the legal actions) and receives plain data back (an action id). A bot that
 * wraps the model, a built-in prototype or its context changes only this
 * isolate. Loaded by the host's module loader from `dist/`, never imported by
 * the harness.
 */
import '../../src/games/index.js';
import type { Bot, BotContext, BotKind, BotParam } from '../../src/core/bot.js';
import { botParamsFor, paramsResolve, resolveBotParams } from '../../src/core/bot-params.js';
import type { Game, GameStateBase } from '../../src/core/game.js';
import { provideFile } from '../../src/core/provided-files.js';
import { getGame } from '../../src/core/registry.js';
import { Rng } from '../../src/core/rng.js';
import type { Variant } from '../../src/core/variant.js';
import { userBotKind } from './kind.js';
import { deepFreeze, fillObservation } from './copy.js';

let kind: BotKind | null = null;
let game: Game<GameStateBase, object> | null = null;
let variant: Variant | null = null;
let bot: Bot | null = null;
let obs: Record<string, unknown> | null = null;
let ctx: BotContext | null = null;
const rng = new Rng();

/**
 * Takes the bot file's module namespace (the host's entry module calls this
 * once, after the bot's module has run) and reads its bot kind.
 * @throws BotSpecError when its default export is not a bot (`userBotKind`).
 */
export function setBotModule(name: string, ns: { default?: unknown }): void {
  kind = userBotKind(name, ns.default);
}

/** Provides the text of a file the variant names (`core/provided-files.ts`). */
export function provide(value: string, text: string): void {
  provideFile(value, text);
}

function theKind(): BotKind {
  if (kind === null) throw new Error('no bot module was set');
  return kind;
}

/** The description of the bot for `gameId`: its parameters, whether it plays the game, its doc, whether it is reproducible. */
export function describe(
  gameId: string,
  params: Readonly<Record<string, string>>,
): { params: readonly BotParam[]; supports: boolean; doc: string; reproducible: boolean } {
  const k = theKind();
  const g = getGame(gameId);
  const supports = k.supports(gameId);
  let reproducible = true;
  // Bad parameters are named by the host (`validateBotSpec`), which suggests the closest name: the bot is built only with good ones.
  if (supports && paramsResolve(k, params, gameId)) {
    const b = k.create(resolveBotParams(k, params, gameId), g);
    if (typeof b?.act !== 'function') throw new Error('its factory returned no act(obs, legal, count, ctx) function');
    reproducible = b.reproducible !== false;
  }
  return { params: botParamsFor(k, gameId), supports, doc: k.doc, reproducible };
}

/** Builds the bot for a game and variant (once per sandbox). @returns whether it is reproducible. */
export function init(gameId: string, v: Variant, params: Readonly<Record<string, string>>): boolean {
  const k = theKind();
  game = getGame(gameId);
  variant = deepFreeze(v);
  bot = k.create(resolveBotParams(k, params, gameId), game);
  if (typeof bot?.act !== 'function') throw new Error('its factory returned no act(obs, legal, count, ctx) function');
  obs = game.newObservation(variant) as Record<string, unknown>;
  return bot.reproducible !== false;
}

/** Starts a game: the bot's seat, the player count and the four words of its generator. */
export function reset(seat: number, players: number, w0: number, w1: number, w2: number, w3: number): void {
  if (!bot || !game || !variant) throw new Error('reset before init');
  rng.fromWords(w0, w1, w2, w3);
  ctx = Object.freeze({ seat, players, variant, rng, model: game });
  bot.reset?.(ctx);
}

/** One decision: the bot's action id (NaN when it answered with no number). */
export function act(o: Record<string, unknown>, legal: Int32Array, count: number): number {
  if (!bot || !ctx || !obs) throw new Error('act before reset');
  fillObservation(obs, o);
  if (bot.actIndex !== undefined) {
    const i: unknown = bot.actIndex(obs, legal, count, ctx);
    return typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < count ? legal[i]! : Number.NaN;
  }
  const a: unknown = bot.act(obs, legal, count, ctx);
  return typeof a === 'number' ? a : Number.NaN;
}
