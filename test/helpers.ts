import '../src/games/index.js';
import type { Game, GameStateBase } from '../src/core/game.js';
import { createRng, type Rng } from '../src/core/rng.js';
import { RoundCollector, buildRecord, type GameRecord } from '../src/core/record.js';
import { getGame, type AnyGame } from '../src/core/registry.js';
import { resolveGameVariant, type Variant, type VariantValue } from '../src/core/variant.js';

/** A game with a resolved variant and a dealt state. */
export function setup(id: string, given: Record<string, VariantValue> = {}, seed = 'test'): { game: AnyGame; variant: Variant; s: GameStateBase } {
  const game = getGame(id);
  const variant = resolveGameVariant(game, given);
  const s = game.newState(variant);
  game.deal(s, createRng(seed));
  return { game, variant, s };
}

/** Legal actions of `s` as a plain array. */
export function legalList(game: AnyGame, s: GameStateBase): number[] {
  const buf = new Int32Array(game.numDistinctActions(s.variant));
  const n = game.legalActions(s, buf);
  return Array.from(buf.subarray(0, n));
}

/**
 * Plays `s` to the end with uniform random actions from `rng`, calling
 * `check` before every action. Returns the number of decisions.
 */
export function playOut(
  game: AnyGame,
  s: GameStateBase,
  rng: Rng,
  check?: (s: GameStateBase, legal: Int32Array, n: number) => void,
): number {
  const buf = new Int32Array(game.numDistinctActions(s.variant));
  const bound = game.maxDecisions(s.variant);
  let steps = 0;
  while (!game.isTerminal(s)) {
    const n = game.legalActions(s, buf);
    check?.(s, buf, n);
    game.apply(s, buf[rng.int(n)]!);
    if (++steps > bound) throw new Error(`${game.info.id}: more than ${bound} decisions`);
  }
  return steps;
}

/** Plays one recorded random game and returns its record. */
export function recordedRandomGame(game: Game<GameStateBase, object>, variant: Variant, seed: string, botSeed: string): GameRecord {
  const s = game.newState(variant);
  const c = new RoundCollector();
  s.recorder = c;
  game.deal(s, createRng(seed));
  playOut(game, s, createRng(botSeed));
  s.recorder = null;
  const seats = Array.from({ length: s.players }, () => 'random');
  return buildRecord(game.info.id, variant, seed, seats, c.rounds, game.result(s));
}

/** Deep plain-data copy of an observation (typed arrays become arrays) for equality checks. */
export function snapshot(o: object): unknown {
  return JSON.parse(JSON.stringify(o, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v)));
}

/**
 * The variants the generic suites (conformance, isolation, determinization)
 * run besides each game's defaults: `label` is appended to the test names.
 * Nine Lives adds its Powers variant (`nine-lives-powers.md`), with and
 * without Black Cat. A combination the game refuses at some table size is skipped there.
 */
export function suiteVariants(id: string): { label: string; given: Record<string, VariantValue> }[] {
  const out: { label: string; given: Record<string, VariantValue> }[] = [{ label: '', given: {} }];
  if (id === 'nine-lives') {
    out.push({ label: ', powers', given: { powers: true } });
    out.push({ label: ', powers + blackCat (uniform deal)', given: { powers: true, blackCat: true, powerDeal: 'uniform' } });
  }
  return out;
}
