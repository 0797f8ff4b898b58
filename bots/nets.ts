import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BotSpecError, type Game, type GameStateBase, type Variant } from '../src/core/index.js';
import { layoutHash, type LearnableGame } from '../src/nn/game-layout.js';
import { netFromJson, type LoadedNet } from '../src/nn/file.js';

/**
 * The folder of the shipped nets, `bots/nets/` at the package root (the
 * folder holding package.json), found from this module's place: the same
 * from `bots/` (sources, tests) and `dist/bots/` (the built commands).
 */
export function shippedNetsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'bots', 'nets');
    const up = dirname(dir);
    if (up === dir) throw new Error('ninefold: no package.json above bots/nets.ts');
    dir = up;
  }
}

/** The shipped net of a game: `bots/nets/<game>.json`. */
export function shippedNetPath(gameId: string): string {
  return join(shippedNetsDir(), `${gameId}.json`);
}

/** The value of `nn:file=` that names the game's shipped net. */
export const SHIPPED = 'shipped';

/** Nets read in this thread, by absolute path, with the file's modification time (a net rewritten by training is read again). */
const cache = new Map<string, { readonly mtimeMs: number; readonly loaded: LoadedNet }>();

/**
 * Reads a net file for a game (cached per thread by path and modification
 * time: every seat and game of a worker shares one read).
 * @param file a path, or `shipped` for `bots/nets/<game>.json`.
 * @throws BotSpecError (one line) when the file is missing, malformed, or
 *   for another game or tensor layout (`src/nn/file.ts`).
 */
export function loadNet(file: string, game: Game<GameStateBase, object>): LoadedNet {
  const path = file === SHIPPED ? shippedNetPath(game.info.id) : resolve(file);
  if (!existsSync(path))
    throw new BotSpecError(
      file === SHIPPED
        ? `nn: ${game.info.id} has no shipped net (bots/nets/${game.info.id}.json); train one with npm run train -- --game ${game.info.id} --method dmc and give nn:file=PATH`
        : `nn: net file ${file} not found`,
    );
  const mtimeMs = statSync(path).mtimeMs;
  const hit = cache.get(path);
  if (hit && hit.mtimeMs === mtimeMs) return hit.loaded;
  let loaded: LoadedNet;
  try {
    loaded = netFromJson(readFileSync(path, 'utf8'), game as unknown as LearnableGame, undefined, file === SHIPPED ? `bots/nets/${game.info.id}.json` : file);
  } catch (e) {
    throw new BotSpecError((e instanceof Error ? e.message : String(e)).split('\n')[0]!);
  }
  cache.set(path, { mtimeMs, loaded });
  return loaded;
}

/**
 * Checks that a net was trained for the tensor layout of the variant played
 * (its `layoutHash`): a net for 4 players cannot play 5.
 * @throws BotSpecError when the layouts differ, naming the parameters whose
 *   values differ (the net's and the table's) and the two ways out: its own
 *   table, or a net trained for this one.
 */
export function checkNetVariant(loaded: LoadedNet, game: Game<GameStateBase, object>, variant: Variant, file: string): void {
  if (layoutHash(game as unknown as LearnableGame, variant) === loaded.meta.layoutHash) return;
  const trained: Readonly<Record<string, unknown>> = loaded.meta.variant;
  const keys = [...new Set([...Object.keys(trained), ...Object.keys(variant)])].filter((k) => String(trained[k]) !== String(variant[k]));
  const list = (v: Readonly<Record<string, unknown>>): string => keys.map((k) => `${k}=${String(v[k])}`).join(',');
  const id = game.info.id;
  throw new BotSpecError(
    keys.length > 0
      ? `nn: the net ${file} was trained for another tensor layout of ${id}, at ${list(trained)}, and this table has ${list(variant)}: play it at its own table (${list(trained)}), or train one for this table (npm run train -- --game ${id} --method dmc --variant ${list(variant)}) and give nn:file=PATH`
      : `nn: the net ${file} was trained for another tensor layout of ${id} at the same rules (a version of ninefold whose ${id} tensor differs): train it again (npm run train -- --game ${id} --method dmc)`,
  );
}
