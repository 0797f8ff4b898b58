/**
 * The checks of information isolation, for one game and variant: a bot is
 * handed copies (its observation and legal actions are refilled before each
 * decision), and nothing reachable from what it is given — observation,
 * legal actions, context, the forward model — shares memory with the game
 * state. `isolation.test.ts` runs them over every registered game's
 * defaults; `isolation-variants.long.test.ts` (long tier) over the extra variants
 * of `suiteVariants` (Nine Lives' Powers).
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/core/bot.js';
import { GameRunner } from '../../src/core/game-runner.js';
import { getGame } from '../../src/core/registry.js';
import { resolveGameVariant, type VariantValue } from '../../src/core/variant.js';

/** Every ArrayBuffer and plain object reachable from `roots` (own properties, array items, typed-array buffers). */
function reachableBuffers(roots: unknown[]): Set<ArrayBufferLike> {
  const seen = new Set<unknown>();
  const buffers = new Set<ArrayBufferLike>();
  const stack = [...roots];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || (typeof x !== 'object' && typeof x !== 'function') || seen.has(x)) continue;
    seen.add(x);
    if (ArrayBuffer.isView(x)) {
      buffers.add(x.buffer);
      continue;
    }
    if (x instanceof ArrayBuffer) {
      buffers.add(x);
      continue;
    }
    for (const key of Reflect.ownKeys(x as object)) {
      const d = Object.getOwnPropertyDescriptor(x, key);
      if (d && 'value' in d) stack.push(d.value);
    }
    stack.push(Object.getPrototypeOf(x));
  }
  return buffers;
}

/**
 * Declares the isolation tests of game `id` under one variant (a `describe`
 * block named `isolation: <id><label>`). Call it at the top level of a test file.
 */
export function isolationSuite(id: string, extra: { readonly label: string; readonly given: Readonly<Record<string, VariantValue>> }): void {
  describe(`isolation: ${id}${extra.label}`, () => {
    it('a cheating bot that scans everything reachable from its arguments reaches no memory of the game state', () => {
      const game = getGame(id);
      const variant = resolveGameVariant(game, extra.given);
      const runner = new GameRunner(game, variant);
      const stateBuffers = reachableBuffers([runner.lastState]);
      const leaks: string[] = [];
      let scans = 0;
      const cheater: Bot = {
        act(obs, legal, count, ctx) {
          if (scans++ % 7 === 0) {
            for (const b of reachableBuffers([obs, legal, ctx])) if (stateBuffers.has(b)) leaks.push(`decision ${scans}: a buffer of the state is reachable`);
          }
          return legal[ctx.rng.int(count)]!;
        },
      };
      const P = runner.lastState.players;
      const bots = Array.from({ length: P }, () => cheater);
      const names = bots.map(() => 'cheater');
      for (let g = 0; g < 20; g++) runner.play({ seed: `iso-${g}`, bots, names });
      expect(scans).toBeGreaterThan(20);
      expect(leaks.slice(0, 3)).toEqual([]);
    });

    it('writing over the observation and the legal actions changes nothing in the game', () => {
      const game = getGame(id);
      const variant = resolveGameVariant(game, extra.given);
      const P = Number(variant.players);
      const play = (scribble: boolean): unknown => {
        const runner = new GameRunner(game, variant);
        const bot: Bot = {
          act(obs, legal, count, ctx) {
            const pick = legal[ctx.rng.int(count)]!;
            if (scribble) {
              for (const v of Object.values(obs)) if (ArrayBuffer.isView(v)) (v as Uint8Array).fill(3);
              legal.fill(pick + 1);
            }
            return pick;
          },
        };
        const bots = Array.from({ length: P }, () => bot);
        const names = bots.map(() => 'b');
        return Array.from({ length: 15 }, (_, g) => runner.play({ seed: `scribble-${g}`, bots, names, record: true }).record);
      };
      expect(JSON.stringify(play(true))).toBe(JSON.stringify(play(false)));
    });
  });
}
