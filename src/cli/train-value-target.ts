/** `--value-target` and `--value-scale` of `train --method dmc`: what the net's value head learns. */
import { UsageError } from '../core/errors.js';
import type { AnyGame } from '../core/registry.js';
import type { ValueTarget } from '../nn/net.js';
import { parseNumber } from './options.js';
import type { Args } from './train-options.js';

/**
 * `--value-target`, `--value-scale`: what the value head learns (`NetArchitecture.valueTarget`).
 * @throws UsageError on a target other than game or round, or round in a game not scored in rounds.
 */
export function valueTargetOf(args: Args, game: AnyGame): { valueTarget?: ValueTarget } {
  const target = args['value-target'];
  if (target !== 'game' && target !== 'round') throw new UsageError(`--value-target must be game or round, got '${target}'`);
  if (target === 'game') return {};
  if (game.roundsDone === undefined || game.runningScores === undefined)
    throw new UsageError(`--value-target round: ${game.info.id} is not scored in rounds; use game`);
  return { valueTarget: { kind: 'round', scale: parseNumber('--value-scale', args['value-scale'], 1e-6, 1e9) } };
}
