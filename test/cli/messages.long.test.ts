/**
 * The messages a new user meets that need a real deadline or a real Redis
 * (the slow part of `messages.test.ts`): the per-decision limit a bot file
 * really meets, and a queue worker told to stop after its Redis is gone (a
 * real `redis-server`).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../bots/sandbox/sandboxed-bot.js';
import { startRedis } from '../queue/redis-server.js';

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

const server = await startRedis();

describe.skipIf(typeof server === 'string')(`a queue worker whose Redis is gone${typeof server === 'string' ? ` (skipped: ${server})` : ''}`, () => {
  it('a worker told to stop exits within 10 s when Redis is gone, saying so, instead of retrying for ever', async () => {
    if (typeof server === 'string') return;
    const child = spawn(process.execPath, [join('dist', 'src', 'cli', 'worker.js'), '--queue', server.url, '--concurrency', '1'], {
      env: { ...process.env, NINEFOLD_QUEUE_KEY: 'ninefold-messages-key-0123456789' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const until = async (what: RegExp): Promise<void> => {
      for (let t0 = Date.now(); !what.test(out); ) {
        if (Date.now() - t0 > 30_000) throw new Error(`the worker never said ${what}: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(/serving /);
    await server.stop();
    await until(/queue error: .*ECONNREFUSED/);
    const t0 = performance.now();
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 10_000))]);
    if (code === 'running') child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(out.replace(/\n/g, ' ')).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+\/0 is unreachable: stopping without it/);
    expect(out.replace(/\n/g, ' ')).toMatch(/stopped after 0 batches/);
  });
});
