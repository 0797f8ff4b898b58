import { BotSpecError, createRng, type Bot, type BotKind, type Game, type GameStateBase, type Variant } from '../src/core/index.js';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isFileSpec } from './file.js';
import { describeBotFile } from './remote/describe.js';
import { botFileMode } from './sandbox/policy.js';
import { DEFAULT_LIMITS, describeInSandbox } from './sandbox/sandboxed-bot.js';
import { greedyBot } from './greedy/index.js';
import { ismctsKind } from './ismcts-kind.js';
import { mcKind } from './mc.js';
import { nnKind } from './nn.js';
import { randomBot } from './random.js';
import type { PolicyKinds } from './search/policy.js';
import { parseLineup, resolveBotParams, type BotSpec } from './spec.js';

export { botParamsFor, parseLineup, resolveBotParams, specText, type BotSpec } from './spec.js';

/**
 * What the search bots' policies play, given to them here (`rollout=greedy`,
 * `prior=greedy`: the greedy heuristics; `rollout=nn`: the nn bot with the
 * game's shipped net): `bots/search` imports only the core API.
 */
const policies: PolicyKinds = { greedy: greedyBot, nn: nnKind };

/** The built-in kinds. */
const kinds: BotKind[] = [randomBot, greedyBot, mcKind(policies), ismctsKind(policies), nnKind];

/**
 * Registers another trusted bot kind, played in the harness's own process like
 * the built-in bots (a game's test fixtures, an extension compiled with
 * ninefold). Untrusted bots are files (`./bot.js`), played in realms.
 * @throws Error when the name is taken or looks like a file path.
 */
export function registerBotKind(kind: BotKind): void {
  if (kinds.some((k) => k.name === kind.name)) throw new Error(`bot kind ${kind.name} registered twice`);
  if (isFileSpec(kind.name)) throw new Error(`bot kind ${kind.name}: a name, not a file path`);
  kinds.push(kind);
}

/**
 * User bot files as their realms described them (this thread): parameters,
 * doc and game support, for validation. Their bots are never built here: the
 * harness plays them in realms of their own (`bots/remote`).
 */
const described = new Map<string, BotKind>();

/** Every bot kind, for `--help` and error messages. */
export function botKinds(): readonly BotKind[] {
  return kinds;
}

/**
 * Looks up a bot kind by name.
 * @throws BotSpecError naming the valid bots.
 */
export function getBotKind(name: string): BotKind {
  if (isFileSpec(name)) {
    const f = described.get(name);
    if (!f) throw new BotSpecError(`bot file ${name} was not described (parseAndValidateLineup first)`);
    return f;
  }
  const k = kinds.find((b) => b.name === name);
  if (!k)
    throw new BotSpecError(`unknown bot '${name}'; valid bots: ${kinds.map((b) => b.name).join(', ')}, or a bot file ./path/bot.js`, {
      word: name,
      choices: kinds.map((b) => b.name),
    });
  return k;
}

/**
 * Checks a parsed spec against a game: known bot, known parameters in range,
 * and a bot that supports the game.
 * @throws BotSpecError on any of these.
 */
export function validateBotSpec(spec: BotSpec, gameId: string): void {
  const kind = getBotKind(spec.name);
  if (!kind.supports(gameId)) throw new BotSpecError(`bot ${spec.name} cannot play ${gameId}`);
  resolveBotParams(kind, spec.params, gameId);
}

/**
 * Builds a built-in bot from a spec (validated before).
 * @throws Error for a user bot file: those play in realms of their own (`RemoteBot`).
 */
export function createBot(spec: BotSpec, game: Game<GameStateBase, object>): Bot {
  if (isFileSpec(spec.name)) throw new Error(`user bot ${spec.name} plays in a realm of its own (RemoteBot), not in the harness's process`);
  const kind = getBotKind(spec.name);
  return kind.create(resolveBotParams(kind, spec.params, game.info.id), game);
}

/**
 * The names tables give the bots of `tuned.json` files (`npm run train`):
 * spec text → the file as the line-up named it. A tuned spec can be long
 * (`greedy:denial=0.31,leak=0.07,...`); its file says where it came from.
 */
const tunedLabels = new Map<string, string>();

/**
 * The name under which tables report a line-up entry: the `tuned.json` it
 * came from (as the line-up named it) for a tuned bot, else its spec text.
 * @param text a spec text from `parseAndValidateLineup`.
 */
export function botLabel(text: string): string {
  return tunedLabels.get(text) ?? text;
}

/** The labels of tuned bots this process has read: spec text → file (kept in a run's checkpoint, so a resumed run names them alike). */
export function tunedBotLabels(): Record<string, string> {
  return Object.fromEntries(tunedLabels);
}

/** Names tuned bots again from a checkpoint's `tunedBotLabels()`. */
export function restoreBotLabels(labels: unknown): void {
  if (labels === null || typeof labels !== 'object') return;
  for (const [text, file] of Object.entries(labels)) if (typeof file === 'string') tunedLabels.set(text, file);
}

/** A line-up entry naming a `tuned.json` written by `npm run train`. */
function isTunedFile(name: string): boolean {
  return name.endsWith('.json');
}

/**
 * The bot a `tuned.json` (`npm run train`) holds: its spec text, as if it
 * had been written in the line-up.
 * @throws BotSpecError when the file is missing, not a tuned bot, for another game, or given parameters.
 */
function tunedSpec(entry: BotSpec, gameId: string): BotSpec {
  if (Object.keys(entry.params).length > 0) throw new BotSpecError(`${entry.name}: a tuned bot file takes no parameters; write them into its spec`);
  let t: { kind?: unknown; spec?: unknown; game?: unknown };
  try {
    t = JSON.parse(readFileSync(resolve(entry.name), 'utf8')) as typeof t;
  } catch (e) {
    throw new BotSpecError(`${entry.name}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not a JSON file'}`);
  }
  if (t?.kind !== 'ninefold-tuned-bot' || typeof t.spec !== 'string')
    throw new BotSpecError(`${entry.name} is not a tuned bot (npm run train writes tuned.json)`);
  if (t.game !== gameId) throw new BotSpecError(`${entry.name} was tuned for ${String(t.game)}, not ${gameId}`);
  const specs = parseLineup(t.spec);
  if (specs.length !== 1 || isTunedFile(specs[0]!.name)) throw new BotSpecError(`${entry.name}: its spec '${t.spec}' is not one bot`);
  return specs[0]!;
}

/**
 * Parses and validates a whole line-up for a game, loading user bot files and
 * building each bot once (a bot that throws while starting, or a factory that
 * returns no `act`, is bad input). A `tuned.json` entry becomes the spec it
 * holds, and tables name it by its file (`botLabel`).
 * @throws BotSpecError naming the problem.
 */
export async function parseAndValidateLineup(
  lineup: string,
  game: Game<GameStateBase, object>,
  loadMs = DEFAULT_LIMITS.loadMs,
): Promise<(BotSpec & { reproducible: boolean })[]> {
  const specs = parseLineup(lineup).flatMap((s) => {
    if (!isTunedFile(s.name)) return [s];
    const t = tunedSpec(s, game.info.id);
    tunedLabels.set(t.text, s.name);
    return [t];
  });
  if (specs.length === 0) throw new BotSpecError('empty line-up');
  const reproducible: boolean[] = [];
  for (const s of specs) {
    if (isFileSpec(s.name)) {
      if (!existsSync(resolve(s.name))) throw new BotSpecError(`bot file ${s.name} not found`);
      const d =
        botFileMode() === 'sandbox' ? describeInSandbox(s.name, game.info.id, s.params, loadMs) : await describeBotFile(s.name, game.info.id, s.params, loadMs);
      described.set(s.name, { name: s.name, doc: d.doc, params: d.params, supports: () => d.supports, create: () => createBot(s, game) });
      validateBotSpec(s, game.info.id);
      reproducible.push(d.reproducible);
      continue;
    }
    validateBotSpec(s, game.info.id);
    // Build each bot once here, so that a bot that cannot start is bad input
    // named in the main thread, not a failure inside a worker.
    let bot: Bot;
    try {
      bot = createBot(s, game);
    } catch (e) {
      throw new BotSpecError(`bot ${s.name} failed to start: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    }
    if (typeof bot?.act !== 'function') throw new BotSpecError(`bot ${s.name}: its factory returned no act(obs, legal, count, ctx) function`);
    reproducible.push(bot.reproducible !== false);
  }
  return specs.map((s, i) => ({ ...s, reproducible: reproducible[i]! }));
}

/**
 * Checks that each built-in bot of a validated line-up can play `variant`
 * (`Bot.checkVariant`: a net trained for another tensor layout cannot), by
 * building it once more and asking it in the main thread before the run;
 * user bot files check nothing here (they forfeit in their realms).
 * @param texts the entries' spec texts (`parseAndValidateLineup`).
 * @param variant the run's resolved variant (its `players` the table size).
 * @throws BotSpecError (one line) naming the first bot that cannot.
 */
export function checkLineupVariant(texts: readonly string[], game: Game<GameStateBase, object>, variant: Variant): void {
  const players = Number(variant.players);
  for (const text of new Set(texts)) {
    const spec = parseLineup(text)[0]!;
    if (isFileSpec(spec.name)) continue;
    const bot = createBot(spec, game);
    try {
      bot.checkVariant?.({ seat: 0, players, variant, rng: createRng('check-variant'), model: game });
    } catch (e) {
      throw new BotSpecError(`bot ${text} cannot play this table: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    }
  }
}

export { isFileSpec } from './file.js';

/**
 * The entries of a line-up whose results the seed does not determine: each
 * spec text (canonical, as a checkpoint keeps them) is validated for `game`
 * as a one-bot line-up and its bot asked (`Bot.reproducible === false`, e.g.
 * a search on a millisecond budget; a user bot file is described in its own
 * realm, as `parseAndValidateLineup` does).
 * @returns the texts of such entries, in line-up order (repeats kept).
 */
export async function clockBoundSpecs(texts: readonly string[], game: Game<GameStateBase, object>, _loadMs = DEFAULT_LIMITS.loadMs): Promise<string[]> {
  const clockBound = new Set<string>();
  for (const text of new Set(texts)) {
    const specs = await parseAndValidateLineup(text, game);
    if (specs.some((s) => !s.reproducible)) clockBound.add(text);
  }
  return texts.filter((t) => clockBound.has(t));
}
