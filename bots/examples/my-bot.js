// A complete user bot for ninefold: `npm run tourney -- --game captains-orders --bots ./bots/examples/my-bot.js,greedy,random,random`.
// The default export is a factory: it is called once per seat with the game's forward model
// and returns an object with act(observation, legal, count, ctx).
//   observation: what this seat may see (the game's observation type; see src/games/<id>/observation.ts)
//   legal:       the legal action ids, ascending, in legal[0..count)
//   ctx:         { seat, players, variant, rng, model } — rng is this bot's own seeded generator
// It must return one of legal[0..count). Throwing, returning anything else or taking too long
// forfeits the game (or, with --on-fault random, a random legal action replaces the decision).

/** @param {{ info: { id: string } }} game */
export default function createBot(game) {
  let decisions = 0;
  return {
    reset() {
      decisions = 0;
    },
    /**
     * Prefers the highest action id (in most games: the latest kind of action, the highest rank),
     * otherwise plays at random, using only its own generator so that runs are reproducible.
     * @param {object} observation
     * @param {Int32Array} legal
     * @param {number} count
     * @param {{ rng: { int(n: number): number } }} ctx
     */
    act(observation, legal, count, ctx) {
      decisions++;
      return ctx.rng.int(4) === 0 ? legal[count - 1] : legal[ctx.rng.int(count)];
    },
  };
}
