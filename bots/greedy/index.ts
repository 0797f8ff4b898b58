import type { Bot, BotKind, Game, GameStateBase } from '../../src/core/index.js';
import { BotSpecError } from '../../src/core/index.js';
import { captainsOrdersGreedy } from './captains-orders.js';
import { nineVirtuesGreedy } from './nine-virtues.js';
import { nineMusesGreedy } from './nine-muses.js';
import { nineLivesGreedy } from './nine-lives.js';
import { multiplesOfNineGreedy } from './multiples-of-nine.js';
import { ninesHoldemGreedy } from './nines-holdem.js';

/** Builds a game's hand-written heuristic bot. */
export type GreedyFactory = (game: Game<GameStateBase, object>) => Bot;

/** The per-game heuristics, by game id. Each game adds its line here. */
const heuristics: Readonly<Record<string, GreedyFactory>> = {
  'captains-orders': captainsOrdersGreedy,
  'nine-virtues': nineVirtuesGreedy,
  'nine-muses': nineMusesGreedy,
  'nine-lives': () => nineLivesGreedy(),
  'multiples-of-nine': multiplesOfNineGreedy,
  'nines-holdem': ninesHoldemGreedy,
};

/** `greedy`: the game's own hand-written heuristic (bots/greedy/<game>.ts). */
export const greedyBot: BotKind = {
  name: 'greedy',
  doc: "the game's hand-written heuristic (bots/greedy/<game>.ts)",
  params: [],
  supports: (gameId) => gameId in heuristics,
  create(_params, game): Bot {
    const make = heuristics[game.info.id];
    if (!make) throw new BotSpecError(`bot greedy has no heuristic for ${game.info.id}; games with one: ${Object.keys(heuristics).join(', ')}`);
    return make(game);
  },
};
