/**
 * What the sandbox of a user bot file costs (README, "Write your own bot":
 * the sandbox): the time to load a bot file in a fresh isolate, and the
 * extra time per call (a decision or a game's start) of a bot file that plays as
 * ninefold's `random` bot (`test/fixtures/bots/attacks/honest.js`) against
 * the built-in `random` in the same seat, on the same deals, in one thread:
 * (time with the file − time with the built-in) ÷ that seat's calls.
 * Medians of `runs` interleaved runs. Part of `npm run bench` (its last
 * table, `bench.json`'s `sandbox`); alone: `node dist/scripts/sandbox-bench.js`.
 */
import '../src/games/index.js';
import { fileURLToPath } from 'node:url';
import { randomBot } from '../bots/random.js';
import { SandboxedBot, DEFAULT_LIMITS } from '../bots/sandbox/sandboxed-bot.js';
import { SandboxRealm } from '../bots/sandbox/realm.js';
import type { Bot } from '../src/core/bot.js';
import { GameRunner } from '../src/core/game-runner.js';
import { getGame } from '../src/core/registry.js';
import { gameSeed } from '../src/core/rng.js';
import { resolveGameVariant } from '../src/core/variant.js';

/** The sandbox's costs, medians over the runs (ms and µs). */
export interface SandboxCost {
  readonly game: string;
  readonly loadMs: number;
  /** Extra µs per call into the sandbox (a decision or a game's start). */
  readonly perCallUs: number;
  readonly decisionsPerGame: number;
  readonly runs: number;
}

const FILE = 'test/fixtures/bots/attacks/honest.js';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Counts a bot's decisions and game starts. */
function counted(bot: Bot, n: { decisions: number; games: number }): Bot {
  return {
    reset: (ctx) => {
      n.games++;
      bot.reset?.(ctx);
    },
    act: (obs, legal, count, ctx) => {
      n.decisions++;
      return bot.act(obs, legal, count, ctx);
    },
  };
}

/**
 * Measures the sandbox on `games` games of `gameId` (P = its default) per run.
 * @returns the medians of `runs` interleaved runs.
 */
export function sandboxCost(gameId = 'captains-orders', games = 4000, runs = 5): SandboxCost {
  const game = getGame(gameId);
  const variant = resolveGameVariant(game, {});
  const p = Number(variant.players);
  const runner = new GameRunner(game, variant, { onFault: 'forfeit', moveTimeoutMs: 0, rotations: 1 });
  const names = Array.from({ length: p }, (_, s) => (s === 0 ? FILE : 'random'));
  const others = Array.from({ length: p - 1 }, () => randomBot.create({}, game));
  const play = (first: Bot): { ms: number; decisions: number; games: number } => {
    const n = { decisions: 0, games: 0 };
    const bots = [counted(first, n), ...others];
    const t0 = performance.now();
    for (let g = 0; g < games; g++) runner.play({ seed: gameSeed('sandbox-bench', g), bots, names });
    return { ms: performance.now() - t0, ...n };
  };
  const loads: number[] = [];
  const perDecision: number[] = [];
  let decisionsPerGame = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    new SandboxRealm(FILE, FILE, 256, DEFAULT_LIMITS.loadMs).dispose();
    loads.push(performance.now() - t0);
    const file = new SandboxedBot(FILE, FILE, {}, gameId, variant, DEFAULT_LIMITS);
    play(file); // the load and the first games, not timed
    const inSandbox = play(file);
    file.release();
    const builtIn = play(randomBot.create({}, game));
    decisionsPerGame = inSandbox.decisions / inSandbox.games;
    perDecision.push(((inSandbox.ms - builtIn.ms) * 1000) / (inSandbox.decisions + inSandbox.games));
  }
  const us = median(perDecision);
  return { game: gameId, loadMs: median(loads), perCallUs: us, decisionsPerGame, runs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const c = sandboxCost();
  process.stdout.write(
    `sandbox (${c.game}, a bot file playing as random against the built-in random, median of ${c.runs} runs): load ${c.loadMs.toFixed(0)} ms, ${c.perCallUs.toFixed(1)} µs a call (decision or game start; ${c.decisionsPerGame.toFixed(1)} decisions a game)\n`,
  );
}
