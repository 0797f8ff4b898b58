import type { Bot, BotKind } from '../../src/core/index.js';
import type { GreedyHeuristic } from './heuristic.js';
import { withProfile } from '../profiles/index.js';
import { BotSpecError } from '../../src/core/index.js';
import { captainsOrdersHeuristic } from './captains-orders.js';
import { nineVirtuesHeuristic } from './nine-virtues.js';
import { nineMusesHeuristic } from './nine-muses.js';
import { nineLivesHeuristic } from './nine-lives.js';
import { multiplesOfNineHeuristic } from './multiples-of-nine.js';
import { ninesHoldemHeuristic } from './nines-holdem.js';

export type { GreedyHeuristic } from './heuristic.js';

/** The per-game heuristics, by game id. Each game adds its line here. */
const heuristics: Readonly<Record<string, GreedyHeuristic>> = {
  'captains-orders': captainsOrdersHeuristic,
  'nine-virtues': nineVirtuesHeuristic,
  'nine-muses': nineMusesHeuristic,
  'nine-lives': nineLivesHeuristic,
  'multiples-of-nine': multiplesOfNineHeuristic,
  'nines-holdem': ninesHoldemHeuristic,
};

/**
 * `greedy`: the game's own hand-written heuristic (bots/greedy/<game>.ts),
 * with that game's parameters (`paramsFor`), whose defaults are the game's
 * tuned profile where it has one (`bots/profiles/`). `create` fills a
 * parameter it is not given with its default, so the search bots' playouts
 * (`rollout=greedy`, `prior=greedy`) may build it from `{}`.
 */
export const greedyBot: BotKind = {
  name: 'greedy',
  doc: "the game's hand-written heuristic (bots/greedy/<game>.ts); its weights are parameters of each game",
  params: [],
  paramsFor: (gameId) => withProfile('greedy', gameId, heuristics[gameId]?.params ?? []),
  supports: (gameId) => gameId in heuristics,
  instant: true,
  create(params, game): Bot {
    const h = heuristics[game.info.id];
    if (!h) throw new BotSpecError(`bot greedy has no heuristic for ${game.info.id}; games with one: ${Object.keys(heuristics).join(', ')}`);
    const full: Record<string, number | string> = {};
    for (const p of withProfile('greedy', game.info.id, h.params)) full[p.key] = params[p.key] ?? p.default;
    return h.create(full, game);
  },
};
