import type { AnyGame } from '../core/registry.js';
import { createRng, dealRng } from '../core/rng.js';
import type { Variant } from '../core/variant.js';

/**
 * The record types (`encodeAction(s, a).type`, the rule file's "Record
 * vocabulary") of the decisions with a choice met in `games` games of
 * uniformly random play at `variant`, in the order first met. What
 * `train --expert-kinds` checks its kinds against: a kind never met there
 * is a typo far more often than a decision random play never reaches.
 * @param games games to play (each a few hundred decisions at most in the
 *   shipped games; 200 cost well under a second).
 * @returns the kinds, e.g. `['swap', 'bid', 'kill', 'call']` in Nine Virtues.
 */
export function decisionKinds(game: AnyGame, variant: Variant, games = 200): string[] {
  const s = game.newState(variant);
  const legal = new Int32Array(game.numDistinctActions(variant));
  const rng = createRng('decision-kinds');
  const kinds = new Set<string>();
  for (let g = 0; g < games; g++) {
    game.deal(s, dealRng(`decision-kinds-${g}`));
    while (!game.isTerminal(s)) {
      const n = game.legalActions(s, legal);
      const a = legal[rng.int(n)]!;
      if (n > 1) kinds.add(String(game.encodeAction(s, a).type));
      game.apply(s, a);
    }
  }
  return [...kinds];
}
