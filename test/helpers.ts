import '../src/games/index.js';
import type { Game, GameStateBase } from '../src/core/game.js';
import { createRng, dealRng, type Rng } from '../src/core/rng.js';
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
export function playOut(game: AnyGame, s: GameStateBase, rng: Rng, check?: (s: GameStateBase, legal: Int32Array, n: number) => void): number {
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
  game.deal(s, dealRng(seed));
  playOut(game, s, createRng(botSeed));
  s.recorder = null;
  const seats = Array.from({ length: s.players }, () => 'random');
  return buildRecord(game.info.id, variant, seed, seats, c.rounds, game.result(s));
}

/** Deep plain-data copy of an observation (typed arrays become arrays) for equality checks. */
export function snapshot(o: object): unknown {
  return JSON.parse(JSON.stringify(o, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v)));
}

/** Fields no comparison of two states reads: the recorder is where events go, not part of the game. */
const UNCOMPARED = new Set(['recorder']);

/**
 * A deep copy of a state (or observation) for comparing it later with
 * {@link stateDiff}: typed arrays are sliced (their type kept), arrays and
 * objects copied field by field with their prototype (so a copied `Rng`
 * keeps its four words), primitives kept. Own enumerable fields only; the
 * recorder is left out.
 */
export function stateCopy<T>(x: T): T {
  return copyValue(x, 0) as T;
}

function copyValue(x: unknown, depth: number): unknown {
  if (x === null || typeof x !== 'object') return x;
  if (depth > 12) throw new Error('stateCopy: nesting deeper than 12 (a cycle?)');
  if (ArrayBuffer.isView(x)) return (x as unknown as { slice(): unknown }).slice();
  if (Array.isArray(x)) return x.map((v) => copyValue(v, depth + 1));
  const out = Object.create(Object.getPrototypeOf(x) as object) as Record<string, unknown>;
  for (const [k, v] of Object.entries(x)) if (!UNCOMPARED.has(k)) out[k] = copyValue(v, depth + 1);
  return out;
}

/**
 * The first difference between two states (or observations), field by field
 * over own enumerable fields (the recorder left out), recursing into objects
 * (a generator's four state words included), arrays and typed arrays
 * (element type, length, every entry); null when they are equal. Objects
 * that are the same reference are equal without looking inside (read-only
 * data both share, such as Nine Muses' card set).
 * @returns a path and both values, e.g. `.rng.x: 5 vs 7`, or null.
 */
export function stateDiff(a: unknown, b: unknown, path = '', depth = 0): string | null {
  return sameState(a, b, depth) ? null : describeDiff(a, b, path, depth);
}

/**
 * Whether {@link stateDiff} finds no difference: its walk without naming
 * anything. `describeDiff`, the plain version, builds the path of every field
 * it passes (`.slotCard`, `[3]`) and filters and joins both key lists; in
 * the conformance suite, which compares every seat's observation before
 * every step a clone plays in step with its original, that took about a third
 * of the comparison's time. `stateDiff` runs this first and `describeDiff`
 * only to name a difference found; `contract/state-diff.test.ts` checks that they agree.
 */
export function sameState(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (depth > 12) throw new Error('stateDiff: nesting deeper than 12 (a cycle?)');
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  // The same keys in the same order, the uncompared ones left out of both.
  let j = 0;
  for (const k of ka) {
    if (UNCOMPARED.has(k)) continue;
    while (j < kb.length && UNCOMPARED.has(kb[j]!)) j++;
    if (kb[j] !== k) return false;
    j++;
  }
  while (j < kb.length && UNCOMPARED.has(kb[j]!)) j++;
  if (j !== kb.length) return false;
  for (const k of ka) if (!UNCOMPARED.has(k) && !sameState((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

/** {@link stateDiff}'s walk naming the first difference: the plain version of {@link sameState}. */
export function describeDiff(a: unknown, b: unknown, path = '', depth = 0): string | null {
  if (Object.is(a, b)) return null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return `${path || '.'}: ${short(a)} vs ${short(b)}`;
  if (depth > 12) throw new Error('stateDiff: nesting deeper than 12 (a cycle?)');
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path || '.'}: ${a.constructor.name} vs ${b.constructor.name}`;
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return `${path}.length: ${x.length} vs ${y.length}`;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return `${path}[${i}]: ${x[i]} vs ${y[i]}`;
    return null;
  }
  const ka = Object.keys(a).filter((k) => !UNCOMPARED.has(k));
  const kb = Object.keys(b).filter((k) => !UNCOMPARED.has(k));
  if (ka.join() !== kb.join()) return `${path || '.'}: fields ${ka.join(',')} vs ${kb.join(',')}`;
  for (const k of ka) {
    const d = describeDiff(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`,
      depth + 1,
    );
    if (d !== null) return d;
  }
  return null;
}

function short(x: unknown): string {
  const s = typeof x === 'object' && x !== null ? (x.constructor?.name ?? 'object') : String(x);
  return s.length > 40 ? `${s.slice(0, 40)}...` : s;
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
