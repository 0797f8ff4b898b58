import { BotSpecError, type Bot, type BotKind, type Game, type GameStateBase } from '../src/core/index.js';
import { greedyBot } from './greedy/index.js';
import { ismctsBot } from './ismcts.js';
import { mcBot } from './mc.js';
import { randomBot } from './random.js';
import { parseLineup, resolveBotParams, type BotSpec } from './spec.js';

export { parseLineup, specText, type BotSpec } from './spec.js';

const kinds: readonly BotKind[] = [randomBot, greedyBot, mcBot, ismctsBot];

/** Every bot kind, for `--help` and error messages. */
export function botKinds(): readonly BotKind[] {
  return kinds;
}

/**
 * Looks up a bot kind by name.
 * @throws BotSpecError naming the valid bots.
 */
export function getBotKind(name: string): BotKind {
  const k = kinds.find((b) => b.name === name);
  if (!k) throw new BotSpecError(`unknown bot '${name}'; valid bots: ${kinds.map((b) => b.name).join(', ')}`);
  return k;
}

/**
 * Checks a parsed spec against a game: known bot, known parameters in range,
 * and a bot that supports the game.
 * @throws BotSpecError on any of these.
 */
export function validateBotSpec(spec: BotSpec, gameId: string): void {
  const kind = getBotKind(spec.name);
  resolveBotParams(kind, spec.params);
  if (!kind.supports(gameId)) throw new BotSpecError(`bot ${spec.name} cannot play ${gameId}`);
}

/** Builds a bot from a spec (validated before). */
export function createBot(spec: BotSpec, game: Game<GameStateBase, object>): Bot {
  const kind = getBotKind(spec.name);
  return kind.create(resolveBotParams(kind, spec.params), game);
}

/** Parses and validates a whole line-up for a game. */
export function parseAndValidateLineup(lineup: string, gameId: string): BotSpec[] {
  const specs = parseLineup(lineup);
  for (const s of specs) validateBotSpec(s, gameId);
  if (specs.length === 0) throw new BotSpecError('empty line-up');
  return specs;
}
