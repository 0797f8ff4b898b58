// A user bot that reuses ninefold's greedy heuristic and changes one thing: with probability `explore`
// it plays a random legal action instead of greedy's. Run it as
//   npm run match -- --game nine-virtues --candidate ./bots/examples/greedy-plus.js:explore=0.05 --baseline greedy
// With explore=0 it plays exactly like greedy on the same deals (test/bots/example-bots.test.ts).
//
// A bot file may import ninefold's own modules (src/, bots/) by a relative or absolute path: in the
// sandbox they load from the build in dist/. A bot kept outside this checkout imports them the same way,
// by the path of this checkout (import { greedyBot } from '/path/to/ninefold/bots/greedy/index.js').
import { greedyBot } from '../greedy/index.js';

export default {
  doc: "greedy's heuristic, with a random legal action at a rate of `explore`",
  // The parameters: an array, one entry a parameter (kinds: int, float, enum, text).
  params: [{ key: 'explore', kind: 'float', min: 0, max: 1, default: 0.1, doc: 'probability of a random legal action instead of greedy’s' }],
  /** Every game that has a greedy heuristic. */
  supports: (gameId) => greedyBot.supports(gameId),
  /**
   * Called once per seat.
   * @param {{ explore: number }} params the values by key (defaults filled in).
   * @param {object} game the game's forward model.
   */
  create(params, game) {
    // Greedy's parameters all have defaults (the game's tuned profile): {} builds the shipped greedy.
    const greedy = greedyBot.create({}, game);
    return {
      reset(ctx) {
        greedy.reset?.(ctx);
      },
      act(observation, legal, count, ctx) {
        // Always ask greedy first, so that its own generator advances exactly as it would alone.
        const choice = greedy.act(observation, legal, count, ctx);
        if (params.explore > 0 && ctx.rng.next() < params.explore) return legal[ctx.rng.int(count)];
        return choice;
      },
    };
  },
};
