import '../../src/games/index.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { rotationSeatings } from '../../src/stats/seatings.js';
import type { RunConfig } from '../../src/tourney/batch.js';

/** A Captain's Orders run of the queue tests: the line-up's rotations, forfeit on a fault, `games.csv` rows when recording. */
export function captainsConfig(runSeed: string, lineup: string[], record = false): RunConfig {
  return {
    gameId: 'captains-orders',
    variant: resolveGameVariant(getGame('captains-orders'), { players: lineup.length }),
    lineup,
    seatings: rotationSeatings(lineup),
    runSeed,
    record,
    onFault: 'forfeit',
    moveTimeoutMs: 0,
    gamesCsv: record,
  };
}
