import { BotSpecError, type Bot, type BotKind, type BotParam, type Game, type GameStateBase } from '../../src/core/index.js';

/** What a user bot file's default export may be (README, "Write your own bot"). */
interface UserKind {
  create(params: Readonly<Record<string, number | string>>, game: Game<GameStateBase, object>): Bot;
  params?: readonly BotParam[];
  supports?(gameId: string): boolean;
  doc?: string;
}

/**
 * The bot kind of a user bot file from its module's default export: a
 * factory `(game) => Bot`, or an object `{ create(params, game), params?,
 * supports?(gameId), doc? }`. Pure (no Node API): it runs inside the sandbox
 * (`inside.ts`) and in the unsandboxed realm (`bots/remote/load.ts`) alike.
 * @param name the bot file as the line-up names it.
 * @param def the module's default export.
 * @throws BotSpecError when the export is neither form, or `params` is not an array of parameters (`checkParams`).
 */
export function userBotKind(name: string, def: unknown): BotKind {
  if (typeof def === 'function') {
    const factory = def as (game: Game<GameStateBase, object>) => Bot;
    return { name, doc: `user bot ${name}`, params: [], supports: () => true, create: (_p, game) => factory(game) };
  }
  if (def !== null && typeof def === 'object' && typeof (def as UserKind).create === 'function') {
    const u = def as UserKind;
    if (u.params !== undefined) checkParams(name, u.params);
    return {
      name,
      doc: typeof u.doc === 'string' ? u.doc : `user bot ${name}`,
      params: u.params ?? [],
      supports: (id) => (u.supports ? u.supports(id) === true : true),
      create: (p, game) => u.create(p, game),
    };
  }
  throw new BotSpecError(`bot file ${name} must export default a factory (game) => bot or an object with create(params, game)`);
}

/** The shape of `params`, as the messages state it (docs/bots.md, "Write your own bot"). */
const PARAMS_SHAPE = "an array of { key, kind: 'int' | 'float' | 'enum' | 'text', default, ... } (docs/bots.md, \"Write your own bot\")";

/**
 * Checks a bot file's `params` before anything reads it: an array whose
 * entries each have a string `key` and a known `kind`.
 * @throws BotSpecError with one line naming what is wrong (an object where an array belongs, an entry without key or kind).
 */
function checkParams(name: string, params: unknown): asserts params is readonly BotParam[] {
  if (!Array.isArray(params)) {
    const what = params === null ? 'null' : typeof params === 'object' ? 'an object' : `a ${typeof params}`;
    throw new BotSpecError(`bot file ${name}: its params is ${what}; it must be ${PARAMS_SHAPE}`);
  }
  params.forEach((p: unknown, i) => {
    const e = p as { key?: unknown; kind?: unknown } | null;
    if (e === null || typeof e !== 'object' || typeof e.key !== 'string' || e.key === '')
      throw new BotSpecError(`bot file ${name}: its params[${i}] has no key; params must be ${PARAMS_SHAPE}`);
    if (!['int', 'float', 'enum', 'text'].includes(e.kind as string))
      throw new BotSpecError(`bot file ${name}: its params[${i}] (${e.key}) has kind ${JSON.stringify(e.kind) ?? 'undefined'}; params must be ${PARAMS_SHAPE}`);
  });
}
