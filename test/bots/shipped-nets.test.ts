/**
 * The shipped nets (`bots/nets/<game>.json`, plain `nn`): each loads for
 * its game's default variant (its layout hash is the tensor layout now),
 * carries the command that trained it and the paired matches against
 * greedy that confirmed it, as the tuned profiles do, and plays whole games
 * in every seat.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, parseLineup } from '../../bots/index.js';
import { checkNetVariant, loadNet, SHIPPED, shippedNetsDir } from '../../bots/nets.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';

const shipped = readdirSync(shippedNetsDir())
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

interface Confirmed {
  readonly verdict: string;
  readonly deals: number;
  readonly ci95Points: readonly [number, number];
}

describe('shipped nets', () => {
  it("at least the nets of Nine Muses, Captain's Orders, Nines Hold'em and Nine Virtues are shipped", () => {
    expect(shipped).toEqual(expect.arrayContaining(['nine-muses', 'captains-orders', 'nines-holdem', 'nine-virtues']));
  });

  for (const id of shipped) {
    it(`${id}: loads for the default variant, with the training command and a confirmation against greedy on held-out deals whose interval is above 0`, () => {
      const game = getGame(id);
      const variant = resolveGameVariant(game, {});
      const loaded = loadNet(SHIPPED, game);
      expect(() => checkNetVariant(loaded, game, variant, SHIPPED)).not.toThrow();
      const p = loaded.meta.provenance as { command: string; seed: string; verification: Confirmed; confirmation: Confirmed };
      expect(p.command).toMatch(new RegExp(`^npm run train -- --game ${id} --method dmc `));
      expect(p.verification.verdict).toMatch(/^stronger/);
      expect(p.confirmation.verdict).toMatch(/^stronger/);
      expect(p.confirmation.ci95Points[0]).toBeGreaterThan(0);
      expect(p.confirmation.deals).toBeGreaterThan(0);
    });

    it(`${id}: plain nn in every seat plays whole games without a fault`, () => {
      const game = getGame(id);
      const variant = resolveGameVariant(game, {});
      const P = Number(variant.players);
      const spec = parseLineup('nn')[0]!;
      const bots = Array.from({ length: P }, () => createBot(spec, game));
      const runner = new GameRunner(game, variant);
      for (let g = 0; g < 3; g++) {
        const out = runner.play({ seed: `shipped-${g}`, rotation: 0, bots, names: bots.map(() => 'nn') });
        expect(out.status).toBe('ok');
        expect(out.faults).toEqual([]);
        expect(out.decisions).toBeGreaterThan(0);
      }
    });
  }
});
