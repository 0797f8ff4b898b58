import type { KeyFigure } from '../core/balance.js';
import type { Tally } from '../tourney/aggregate.js';

/**
 * The generic key figures of a run, from its tally alone (so that the
 * jackknife can recompute them with a group of deals left out): each bot's
 * win rate, the first player's win rate and every later position's (`win
 * rate: position k`, k seats left of the first player, as the seat-advantage
 * table counts them), capped games, actions per game.
 * @param lineup bot names by line-up entry (entries with one name pooled).
 */
export function coreFigures(t: Tally, lineup: readonly string[]): Record<string, KeyFigure> {
  const out: Record<string, KeyFigure> = {};
  for (const name of new Set(lineup)) {
    let games = 0;
    let wins = 0;
    lineup.forEach((n, i) => {
      if (n !== name) return;
      games += t.entryGames[i]!;
      wins += t.entryWins[i]!;
    });
    out[`win rate: ${name}`] = { value: games > 0 ? wins / games : 0, format: 'percent', trials: games };
  }
  out['win rate: first player'] = { value: t.games > 0 ? t.positionWins[0]! / t.games : 0, format: 'percent', trials: t.games };
  for (let k = 1; k < t.positionWins.length; k++) {
    out[`win rate: position ${k}`] = { value: t.games > 0 ? t.positionWins[k]! / t.games : 0, format: 'percent', trials: t.games };
  }
  out['capped games'] = { value: t.games > 0 ? t.capped / t.games : 0, format: 'percent', trials: t.games };
  out['actions per game'] = { value: t.games > 0 ? t.decisions / t.games : 0, format: 'number' };
  return out;
}
