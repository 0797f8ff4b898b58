/**
 * Invariants of Captain's Orders over 10 000 random games: card conservation
 * after every action, legality of every applied action (and refusal of an
 * illegal one), termination, and observations that never depend on the
 * hidden cards of other seats.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { captainsOrders } from '../../src/games/captains-orders/index.js';
import type { CaptainsOrdersState } from '../../src/games/captains-orders/state.js';
import { checkInvariants } from '../../src/games/captains-orders/invariants.js';
import { resolveGameVariant } from '../../src/core/variant.js';
import { snapshot } from '../helpers.js';

const game = captainsOrders;

/** "A round": card conservation and hand counts (the game's own checkInvariants). */
function conservationError(s: CaptainsOrdersState): string | null {
  try {
    checkInvariants(s);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('captains-orders invariants over 10 000 random games', () => {
  it('"A round"/"Ending a round": conservation, legality, termination, and observations blind to hidden cards', () => {
    const GAMES = 10_000;
    const legal = new Int32Array(game.numDistinctActions(resolveGameVariant(game, {})));
    const errors: string[] = [];
    let decisions = 0;
    let observationChecks = 0;
    for (let g = 0; g < GAMES && errors.length === 0; g++) {
      const players = 4 + (g % 5);
      const v = resolveGameVariant(game, { players });
      const s = game.newState(v);
      game.deal(s, createRng(`inv-${g}`));
      const rng = createRng(`inv-bot-${g}`);
      const bound = game.maxDecisions(v);
      let steps = 0;
      while (!game.isTerminal(s)) {
        const n = game.legalActions(s, legal);
        const a = legal[rng.int(n)]!;
        if (g % 200 === 0 && steps % 7 === 0) {
          // Two states that differ only in what seat p cannot see give p identical observations.
          const p = rng.int(players);
          const o = game.observe(s, p, game.newObservation(v));
          const other = game.determinize(o, createRng(`inv-det-${g}-${steps}`), game.newState(v));
          const derr = conservationError(other);
          if (derr) errors.push(`game ${g} step ${steps}: determinized for seat ${p}: ${derr}`);
          const want = JSON.stringify(snapshot(o));
          if (JSON.stringify(snapshot(game.observe(other, p, game.newObservation(v)))) !== want)
            errors.push(`game ${g} step ${steps}: observation of seat ${p} depends on hidden cards`);
          observationChecks++;
        }
        game.apply(s, a);
        steps++;
        const err = conservationError(s);
        if (err) errors.push(`game ${g} step ${steps}: ${err}`);
        if (steps > bound) {
          errors.push(`game ${g}: no end after ${bound} decisions`);
          break;
        }
      }
      decisions += steps;
      const r = game.result(s);
      if (r.winners.length === 0) errors.push(`game ${g}: a finished game has no winner`);
    }
    expect(errors.slice(0, 5)).toEqual([]);
    expect(decisions).toBeGreaterThan(GAMES * 10);
    expect(observationChecks).toBeGreaterThan(100);
  });

  it('"A round": an action that is not legal is refused with an error (a bug, never silently applied)', () => {
    const v = resolveGameVariant(game, {});
    const s = game.newState(v);
    game.deal(s, createRng('illegal'));
    expect(() => game.apply(s, 146)).toThrow(/not legal/); // declare outside a run-out
    const seat = game.currentSeat(s);
    expect(() => game.apply(s, 98 + seat)).toThrow(/not legal/); // discover oneself
  });
});
