/**
 * Built-in bots carry nothing from one game to the next: the harness reuses
 * one instance of a built-in bot across games (and across the rotations of a
 * deal). For every game and built-in bot, a game played by instances that
 * have played other games before (among them the same deal from other seats)
 * is the very game fresh instances play.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/games/index.js';
import { createBot, getBotKind, parseLineup } from '../../bots/index.js';
import { shippedNetPath } from '../../bots/nets.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { gameIds, getGame } from '../../src/core/registry.js';
import { resolveGameVariant } from '../../src/core/variant.js';

const SPECS = ['random', 'greedy', 'mc:iterations=8', 'ismcts:iterations=8', 'ismcts:iterations=4,prior=greedy,rollout=greedy,widen=0.3', 'nn'];

for (const id of gameIds()) {
  describe(`${id}: built-in bots carry nothing from one game to the next`, () => {
    it.each(SPECS)('%s', (text) => {
      const game = getGame(id);
      const variant = resolveGameVariant(game, {});
      const P = Number(variant.players);
      const spec = parseLineup(text)[0]!;
      if (!getBotKind(spec.name).supports(id)) return;
      // Plain nn plays the game's shipped net: games without one have nothing to check.
      if (spec.name === 'nn' && !existsSync(shippedNetPath(id))) return;
      const names = Array.from({ length: P }, () => text);
      const fresh = (): ReturnType<typeof createBot>[] => Array.from({ length: P }, () => createBot(spec, game));
      const play = (runner: GameRunner<never, never>, bots: ReturnType<typeof createBot>[], seed: string, rotation: number): string =>
        JSON.stringify(runner.play({ seed, rotation, bots, names, record: true }).record);
      const target = (bots: ReturnType<typeof createBot>[]): string => play(new GameRunner(game, variant) as never, bots, 'stateless:target', 1);
      const clean = target(fresh());
      const used = fresh();
      const warm = new GameRunner(game, variant);
      // Other deals, and the target deal itself from another rotation, first.
      for (const [seed, rotation] of [
        ['stateless:a', 0],
        ['stateless:target', 0],
        ['stateless:b', P - 1],
      ] as const)
        play(warm as never, used, seed, rotation);
      expect(target(used)).toBe(clean);
    });
  });
}
