import type { Bot, BotKind, Game, GameStateBase } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { BotSpecError } from '../../src/core/index.js';
import { captainsOrdersHeuristic } from './captains-orders.js';
import { nineVirtuesHeuristic } from './nine-virtues.js';
import { nineMusesGreedy } from './nine-muses.js';
import { nineLivesGreedy } from './nine-lives.js';
import { multiplesOfNineHeuristic } from './multiples-of-nine.js';
import { ninesHoldemHeuristic } from './nines-holdem.js';

export type { GreedyHeuristic } from './heuristic.js';

/** A heuristic without parameters. */
function fixed(make: (game: Game<GameStateBase, object>) => Bot): GreedyHeuristic {
  return { params: [], create: (_p, game) => make(game) };
}

/** The per-game heuristics, by game id. Each game adds its line here. */
const heuristics: Readonly<Record<string, GreedyHeuristic>> = {
  'captains-orders': captainsOrdersHeuristic,
  'nine-virtues': nineVirtuesHeuristic,
  'nine-muses': fixed(nineMusesGreedy),
  'nine-lives': fixed(() => nineLivesGreedy()),
  'multiples-of-nine': multiplesOfNineHeuristic,
  'nines-holdem': ninesHoldemHeuristic,
};

/**
 * `greedy`: the game's own hand-written heuristic (bots/greedy/<game>.ts),
 * with that game's parameters (`paramsFor`). `create` fills a parameter it
 * is not given with its default, so the search bots' playouts
 * (`rollout=greedy`, `prior=greedy`) may build it from `{}`.
 */
export const greedyBot: BotKind = {
  name: 'greedy',
  doc: "the game's hand-written heuristic (bots/greedy/<game>.ts); its weights are parameters of each game",
  params: [],
  paramsFor: (gameId) => heuristics[gameId]?.params ?? [],
  supports: (gameId) => gameId in heuristics,
  create(params, game): Bot {
    const h = heuristics[game.info.id];
    if (!h) throw new BotSpecError(`bot greedy has no heuristic for ${game.info.id}; games with one: ${Object.keys(heuristics).join(', ')}`);
    const full: Record<string, number | string> = {};
    for (const p of h.params) full[p.key] = params[p.key] ?? p.default;
    return h.create(full, game);
  },
};
