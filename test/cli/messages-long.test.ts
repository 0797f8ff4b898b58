/**
 * Issue #30, item 6 ("Messages"), the slow part (the long tier,
 * `test/tiers.ts`): the per-decision limit a bot file really meets.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';

/** A compiled module: the sandbox loads ninefold's modules from `dist/`, so the bot is built from there too. */
const dist = (p: string): string => pathToFileURL(join(process.cwd(), 'dist', p)).href;

describe('the per-decision limit of a bot file', () => {
  it(`a bot file that never returns is stopped by its sandbox after the documented ${DEFAULT_LIMITS.decisionMs / 1000} s, not the watchdog's 10 s`, async () => {
    await import(dist('src/games/index.js'));
    const { getGame } = (await import(dist('src/core/registry.js'))) as typeof import('../../src/core/registry.js');
    const { Rng } = (await import(dist('src/core/rng.js'))) as typeof import('../../src/core/rng.js');
    const { resolveGameVariant } = (await import(dist('src/core/variant.js'))) as typeof import('../../src/core/variant.js');
    const { BotFault } = (await import(dist('src/core/bot.js'))) as typeof import('../../src/core/bot.js');
    const { SandboxedBot } = (await import(dist('bots/sandbox/sandboxed-bot.js'))) as typeof import('../../bots/sandbox/sandboxed-bot.js');
    const game = getGame('captains-orders');
    const variant = resolveGameVariant(game, {});
    const s = game.newState(variant);
    game.deal(s, new Rng('stall'));
    const seat = game.currentSeat(s);
    const legal = new Int32Array(game.numDistinctActions(variant));
    const count = game.legalActions(s, legal);
    const obs = game.observe(s, seat, game.newObservation(variant));
    const bot = new SandboxedBot('./test/fixtures/bots/stall.js', './test/fixtures/bots/stall.js', {}, game.info.id, variant, DEFAULT_LIMITS);
    bot.reset({ seat, players: Number(variant.players), variant, rng: new Rng('bot'), model: game });
    const t0 = performance.now();
    let fault: unknown = null;
    try {
      bot.act(obs, legal, count);
    } catch (e) {
      fault = e;
    }
    const ms = performance.now() - t0;
    bot.release();
    expect(fault).toBeInstanceOf(BotFault);
    expect((fault as InstanceType<typeof BotFault>).reason).toBe('timeout');
    expect(ms).toBeGreaterThanOrEqual(DEFAULT_LIMITS.decisionMs - 50);
    expect(ms).toBeLessThan(9_000);
  });
});
