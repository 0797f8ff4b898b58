import type { Game, GameStateBase } from './game.js';
import { UsageError } from './errors.js';

/** Any game, with its own state and observation types erased. */
export type AnyGame = Game<GameStateBase, object>;

const games = new Map<string, AnyGame>();

/**
 * Registers a game under its `info.id` (each game's `index.ts` does this).
 * @throws Error when the id is taken.
 */
export function registerGame<S extends GameStateBase, O extends object>(game: Game<S, O>): void {
  if (games.has(game.info.id)) throw new Error(`game ${game.info.id} registered twice`);
  games.set(game.info.id, game as unknown as AnyGame);
}

/** The ids of every registered game, sorted. */
export function gameIds(): string[] {
  return [...games.keys()].sort();
}

/**
 * Looks up a game by id.
 * @throws UsageError naming the valid ids when unknown.
 */
export function getGame(id: string): AnyGame {
  const g = games.get(id);
  if (!g) throw new UsageError(`unknown game '${id}'; valid games: ${gameIds().join(', ')}`, { word: id, choices: gameIds() });
  return g;
}
